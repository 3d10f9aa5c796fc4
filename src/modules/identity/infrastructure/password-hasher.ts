import { Injectable } from '@nestjs/common';
import { hash, verify, Algorithm } from '@node-rs/argon2';
import { PasswordHashing } from '../application/ports';

// OWASP's argon2id baseline: 19 MiB memory, 2 passes, 1 lane.
const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

// Verified when an email is unknown, so a wrong email costs as much time as a wrong password.
let dummyHash: Promise<string> | undefined;

@Injectable()
export class Argon2PasswordHasher implements PasswordHashing {
  hash(password: string): Promise<string> {
    return hash(password, OPTIONS);
  }

  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    if (!passwordHash) {
      dummyHash ??= hash('not-a-real-password', OPTIONS);
      await verify(await dummyHash, password).catch(() => false);
      return false;
    }
    return verify(passwordHash, password).catch(() => false);
  }
}
