import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import session from 'express-session';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import connectPgSimple from 'connect-pg-simple';
import type { Pool } from 'pg';
import type { AppConfig } from '../config/app-config';
import { useAnonymousCsrfSecret } from './csrf';
import './session-types';

const DAY_MS = 24 * 60 * 60 * 1000;

export const SESSION_COOKIE = 'golf.sid';

/**
 * Sessions live in PostgreSQL (table user_sessions, created by a migration), so they survive
 * restarts and are shared by every app instance. Cookie: httpOnly, SameSite=Lax, Secure whenever
 * the request arrived over TLS (directly or through a trusted proxy). A row is written only once
 * something is stored (sign-in, a sign-in form's error message): anonymous page views get their
 * CSRF token without a session (see csrf.ts). The cookie's maxAge is the idle timeout
 * (SESSION_MAX_AGE_DAYS, renewed by each request); SESSION_ABSOLUTE_DAYS ends a session that long
 * after sign-in whatever its activity.
 */
export function sessionMiddleware(config: AppConfig, pool: Pool): RequestHandler[] {
  const PgStore = connectPgSimple(session);
  const secret = sessionSecret(config);
  useAnonymousCsrfSecret(secret);
  const sessions = session({
    name: SESSION_COOKIE,
    secret,
    store: new PgStore({ pool, tableName: 'user_sessions', createTableIfMissing: false }),
    resave: false,
    saveUninitialized: false,
    rolling: true,
    proxy: config.TRUST_PROXY_HOPS > 0,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: 'auto',
      maxAge: config.SESSION_MAX_AGE_DAYS * DAY_MS,
    },
  });
  return [sessions, absoluteLifetime(config.SESSION_ABSOLUTE_DAYS * DAY_MS)];
}

/**
 * A signed-in session older than the absolute lifetime (or from before sign-in times were kept)
 * is replaced by an empty one: the request goes on signed out and the old row is deleted.
 */
function absoluteLifetime(maxMs: number): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const s = req.session;
    if (!s?.userId) return next();
    const signedInAt = s.signedInAt;
    if (typeof signedInAt === 'number' && Date.now() - signedInAt <= maxMs) return next();
    s.regenerate((err) => next(err));
  };
}

/**
 * Starts a signed-in session under a new id (no fixation; the CSRF token is renewed with it).
 * Used at sign-in and after a password change.
 */
export async function startSignedInSession(
  req: Request,
  userId: string,
  idToken?: string,
): Promise<void> {
  await new Promise<void>((resolve, reject) =>
    req.session.regenerate((err) => (err ? reject(err) : resolve())),
  );
  req.session.userId = userId;
  req.session.signedInAt = Date.now();
  if (idToken) req.session.idToken = idToken;
  await new Promise<void>((resolve, reject) =>
    req.session.save((err) => (err ? reject(err) : resolve())),
  );
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
