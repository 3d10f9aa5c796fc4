import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { csrfSync } from 'csrf-sync';
import type { Request, Response } from 'express';
import './session-types';

/**
 * CSRF protection in two forms (docs/decisions/0003):
 * - signed in: a synchronizer token kept in the session (csrf-sync);
 * - signed out (landing, onboarding, sign-in and sign-up forms): a signed double-submit token, so
 *   that an anonymous page view stores no session. The browser holds a random value in the
 *   httpOnly cookie `golf.csrf`; the token is HMAC(session secret, that value). A forged cookie
 *   (e.g. from a sibling subdomain) is useless without the secret.
 * /api calls send the token as the `x-csrf-token` header, HTML form posts as the `_csrf` field.
 */
const csrf = csrfSync({
  getTokenFromRequest: (req) => submittedToken(req),
});

export const CSRF_FIELD = '_csrf';
export const ANONYMOUS_CSRF_COOKIE = 'golf.csrf';

let anonymousSecret: string | undefined;

/** Set once at boot with the session secret (session.ts). */
export function useAnonymousCsrfSecret(secret: string): void {
  anonymousSecret = secret;
}

export function csrfToken(req: Request, res: Response): string {
  if (req.session?.userId) return csrf.generateToken(req);
  let nonce = readCookie(req, ANONYMOUS_CSRF_COOKIE);
  if (!nonce) {
    nonce = randomBytes(32).toString('base64url');
    res.cookie(ANONYMOUS_CSRF_COOKIE, nonce, {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.secure,
      path: '/',
    });
  }
  return sign(nonce);
}

/** For /api calls: the header or a urlencoded/JSON `_csrf` field. */
export function isCsrfValid(req: Request): boolean {
  return isCsrfTokenValid(req, submittedToken(req));
}

/** For Remix actions, which read the form themselves. */
export function isCsrfTokenValid(req: Request, token: unknown): boolean {
  if (typeof token !== 'string') return false;
  if (req.session?.userId) return safeEqual(token, req.session.csrfToken);
  const nonce = readCookie(req, ANONYMOUS_CSRF_COOKIE);
  return nonce ? safeEqual(token, sign(nonce)) : false;
}

function submittedToken(req: Request): string | undefined {
  const header = req.headers['x-csrf-token'];
  if (typeof header === 'string') return header;
  const body: unknown = req.body;
  if (body && typeof body === 'object' && '_csrf' in body && typeof body._csrf === 'string') {
    return body._csrf;
  }
  return undefined;
}

function sign(nonce: string): string {
  if (!anonymousSecret) throw new Error('CSRF secret not configured (sessionMiddleware sets it).');
  return createHmac('sha256', anonymousSecret).update(`csrf:${nonce}`).digest('base64url');
}

function safeEqual(token: string, expected: unknown): boolean {
  if (typeof expected !== 'string') return false;
  const a = Buffer.from(token);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}
