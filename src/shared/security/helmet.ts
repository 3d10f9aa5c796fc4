import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../config/app-config';

/** Security headers; inline scripts (Remix hydration) are allowed only with the request's nonce. */
export function securityHeaders(config: AppConfig) {
  // Stripe.js and its Payment Element frames, only when billing runs on Stripe.
  const stripe = config.billingMode === 'stripe';
  const headers = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (_req, res) => `'nonce-${(res as Response).locals['cspNonce']}'`,
          ...(stripe ? ['https://js.stripe.com'] : []),
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
        // Curated exercise videos play from YouTube's privacy-enhanced embed host only.
        frameSrc: [
          'https://www.youtube-nocookie.com',
          ...(stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : []),
        ],
        frameAncestors: ["'none'"],
        formAction: [
          "'self'",
          ...(config.OIDC_ISSUER_URL ? [new URL(config.OIDC_ISSUER_URL).origin] : []),
        ],
        // On plain-http development servers this would break every asset request.
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    strictTransportSecurity: config.isProduction,
  });
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals['cspNonce'] = randomBytes(16).toString('base64');
    headers(req, res, next);
  };
}
