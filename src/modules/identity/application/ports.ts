/** What the identity use cases need from the outside world; infrastructure/ implements them. */

/** Memory-hard password hashing (argon2id in infrastructure/password-hasher.ts). */
export abstract class PasswordHashing {
  abstract hash(password: string): Promise<string>;
  /** False for a null hash too, after the same work as a real check (no timing oracle). */
  abstract verify(passwordHash: string | null, password: string): Promise<boolean>;
}

/** Counts attempts per key in a sliding minute; false once the key is over the limit. */
export abstract class AttemptLimiter {
  abstract tryAttempt(key: string): Promise<boolean>;
}

/** Ends a user's sessions (after a password change). */
export abstract class SessionRevocation {
  abstract endAllSessionsOf(userId: string): Promise<void>;
}
