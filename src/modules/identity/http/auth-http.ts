import type { Request } from 'express';

/** Browsers posting our forms get redirects; API clients asking for JSON get JSON. */
export function wantsJson(req: Request): boolean {
  return req.is('application/json') === 'application/json' || !req.accepts('html');
}
