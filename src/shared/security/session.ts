import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import session from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import type { Pool } from 'pg';
import type { AppConfig } from '../config/app-config';
import './session-types';

export const SESSION_COOKIE = 'golf.sid';

/**
 * Sessions live in PostgreSQL (table user_sessions, created by a migration), so they survive
 * restarts and are shared by every app instance. Cookie: httpOnly, SameSite=Lax, Secure whenever
 * the request arrived over TLS (directly or through a trusted proxy).
 */
export function sessionMiddleware(config: AppConfig, pool: Pool) {
  const PgStore = connectPgSimple(session);
  return session({
    name: SESSION_COOKIE,
    secret: sessionSecret(config),
    store: new PgStore({ pool, tableName: 'user_sessions', createTableIfMissing: false }),
    resave: false,
    saveUninitialized: false,
    rolling: true,
    proxy: config.TRUST_PROXY_HOPS > 0,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: 'auto',
      maxAge: config.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000,
    },
  });
}

/** Outside production a missing secret is generated once and kept beside the data. */
function sessionSecret(config: AppConfig): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const file = path.resolve(config.DATA_DIR, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
