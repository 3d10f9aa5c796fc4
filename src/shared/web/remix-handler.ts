import path from 'node:path';
import { existsSync } from 'node:fs';
import type { NextFunction, Request, Response } from 'express';
import serveStatic from 'serve-static';
import { createRequestHandler } from '@remix-run/express';
import type { AppLoadContext, ServerBuild } from '@remix-run/node';
import type { AppConfig } from '../config/app-config';
import { csrfToken, isCsrfTokenValid } from '../security/csrf';
import { startSignedInSession } from '../security/session';
import { projectRoot } from '../project-root';
import type { AppServices } from './load-context';

/** Largest body a Remix form post may have; uploads go to /api. */
const MAX_FORM_BYTES = 1_000_000;

/**
 * Serves the built Remix app (build/ and public/) for every path that is not /api.
 * Registered with app.use before Nest's init, so /api paths are passed on to Nest.
 */
export function remixMiddleware(config: AppConfig, services: AppServices) {
  const root = projectRoot();
  const buildPath = path.join(root, 'build/server/index.js');
  if (!existsSync(buildPath)) {
    throw new Error(`The web build is missing (${buildPath}): run \`npm run build\` first.`);
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const build = require(buildPath) as ServerBuild;

  const handler = createRequestHandler({
    build,
    mode: config.NODE_ENV === 'development' ? 'development' : 'production',
    getLoadContext: (req: Request, res: Response): AppLoadContext => ({
      services,
      userId: req.session?.userId ?? null,
      csrfToken: csrfToken(req, res),
      nonce: String(res.locals['cspNonce']),
      authMode: config.oidcEnabled ? 'oidc' : 'local',
      isCsrfValid: (token) => isCsrfTokenValid(req, token),
      renewSession: async () => {
        if (req.session?.userId) await startSignedInSession(req, req.session.userId);
      },
      takeFlash: () => {
        const flash = req.session?.flash;
        if (flash) delete req.session.flash;
        return flash;
      },
    }),
  });

  const assets = serveStatic(path.join(root, 'public/build'), { immutable: true, maxAge: '1y' });
  const publicFiles = serveStatic(path.join(root, 'public'), { maxAge: '1h', index: false });

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path === '/api' || req.path.startsWith('/api/')) return next();
    if (req.path.startsWith('/build/')) {
      req.url = req.url.slice('/build'.length);
      return assets(req, res, () => res.status(404).end());
    }
    if (Number(req.headers['content-length'] ?? 0) > MAX_FORM_BYTES) {
      return res.status(413).send('Request too large');
    }
    publicFiles(req, res, () => {
      handler(req, res, next) as unknown;
    });
  };
}
