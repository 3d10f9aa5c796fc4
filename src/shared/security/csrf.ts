import { timingSafeEqual } from 'node:crypto';
import { csrfSync } from 'csrf-sync';
import type { Request } from 'express';
import './session-types';

/**
 * Synchronizer-token CSRF protection (csrf-sync): the token lives in the session; /api calls send
 * it as the `x-csrf-token` header, HTML form posts as the `_csrf` field.
 */
const csrf = csrfSync({
  getTokenFromRequest: (req) => {
    const header = req.headers['x-csrf-token'];
    if (typeof header === 'string') return header;
    const body: unknown = req.body;
    if (body && typeof body === 'object' && '_csrf' in body && typeof body._csrf === 'string') {
      return body._csrf;
    }
    return undefined;
  },
});

export const CSRF_FIELD = '_csrf';

export function csrfToken(req: Request): string {
  return csrf.generateToken(req);
}

export function isCsrfValid(req: Request): boolean {
  return csrf.isRequestValid(req);
}

/** For Remix actions, which read the form themselves. */
export function isCsrfTokenValid(req: Request, token: unknown): boolean {
  const expected = req.session?.csrfToken;
  if (typeof token !== 'string' || typeof expected !== 'string') return false;
  const a = Buffer.from(token);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
