import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { verify } from '@node-rs/argon2';
import { AppConfig } from '../../../shared/config/app-config';

type Secret = { kind: 'plain'; digest: Buffer } | { kind: 'argon2'; hash: string } | null;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * The admin password: ADMIN_PASSWORD_HASH (argon2), else ADMIN_PASSWORD (compared in constant
 * time through equal-length digests), else outside production one generated into
 * DATA_DIR/admin-password and printed once. In production without either, the panel is off.
 */
@Injectable()
export class AdminPasswordService implements OnModuleInit {
  private readonly logger = new Logger('AdminPanel');
  private secret: Secret = null;

  constructor(private readonly config: AppConfig) {}

  onModuleInit(): void {
    const { ADMIN_PASSWORD_HASH: hash, ADMIN_PASSWORD: plain } = this.config;
    if (hash) this.secret = { kind: 'argon2', hash };
    else if (plain) this.secret = { kind: 'plain', digest: sha256(plain) };
    else if (!this.config.isProduction) {
      this.secret = { kind: 'plain', digest: sha256(this.generated()) };
    } else this.logger.warn('ADMIN_PASSWORD is not set: the admin panel is off');
  }

  get enabled(): boolean {
    return this.secret !== null;
  }

  async matches(password: string): Promise<boolean> {
    const secret = this.secret;
    if (!secret) return false;
    if (secret.kind === 'argon2') return verify(secret.hash, password).catch(() => false);
    return timingSafeEqual(sha256(password), secret.digest);
  }

  /** The development password: made once, kept beside the data, printed only when made. */
  private generated(): string {
    const file = path.resolve(this.config.DATA_DIR, 'admin-password');
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    mkdirSync(path.dirname(file), { recursive: true });
    const password = randomBytes(18).toString('base64url');
    writeFileSync(file, `${password}\n`, { mode: 0o600 });
    this.logger.log(
      `admin password generated (kept in ${file}): ${password} - sign in at /admin-login`,
    );
    return password;
  }
}
