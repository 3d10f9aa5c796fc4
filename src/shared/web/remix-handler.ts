import path from 'node:path';
import { existsSync } from 'node:fs';
import type { NextFunction, Request, Response } from 'express';
import serveStatic from 'serve-static';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from '@remix-run/node';
import type { AppConfig } from '../config/app-config';
import { csrfToken, isCsrfTokenValid } from '../security/csrf';
import { startSignedInSession } from '../security/session';
import { projectRoot } from '../project-root';
import { readFormBody } from './form-body';
import { remixRequest, sendRemixResponse } from './remix-request';
import type { AppServices } from './load-context';

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

  const handleRequest = createRequestHandler(
    build,
    config.NODE_ENV === 'development' ? 'development' : 'production',
  );
  const loadContext = (req: Request, res: Response): AppLoadContext => ({
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
  });

  // @remix-run/express's handler, except that the body is read here within the form limit
  // first: Remix would hand the whole stream to the action, which buffers all of it.
  const handler = async (req: Request, res: Response, next: NextFunction) => {
    try {
      const form = await readFormBody(req);
      if (!form.ok) {
        if (form.status === null) return;
        // Close the connection rather than drain all the client is still sending, but only
        // after a short linger: closing a socket with unread data resets it, and the reset can
        // reach the client before it has read the answer.
        res.status(form.status).set('Connection', 'close').type('text/plain').send(form.message);
        lingerThenClose(req);
        return;
      }
      const request = remixRequest(req, res, form.body);
      await sendRemixResponse(res, await handleRequest(request, loadContext(req, res)));
    } catch (error) {
      next(error);
    }
  };

  const assets = serveStatic(path.join(root, 'public/build'), { immutable: true, maxAge: '1y' });
  const publicFiles = serveStatic(path.join(root, 'public'), { maxAge: '1h', index: false });

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path === '/api' || req.path.startsWith('/api/')) return next();
    if (req.path.startsWith('/build/')) {
      req.url = req.url.slice('/build'.length);
      return assets(req, res, () => res.status(404).end());
    }
    publicFiles(req, res, () => void handler(req, res, next));
  };
}

/**
 * How long a refused request's socket stays open at most, and how many of its bytes are read and
 * discarded meanwhile; past them the socket is no longer read (the client's sending stalls).
 */
const LINGER_MS = 5000;
const LINGER_BYTES = 64_000_000;

/**
 * A lingering close. Node ends a `Connection: close` answer with `socket.destroySoon()`: it
 * closes the socket as soon as the answer is flushed, and closing a socket with unread bytes
 * resets the connection; the reset can discard the answer before the client has read it
 * (form-body-limit failed so about once in 7 fresh-clone runs). Here the socket only half-closes
 * after the answer, keeps reading and discarding, and closes when the client closes its side, or
 * after LINGER_MS.
 */
function lingerThenClose(req: Request): void {
  const socket = req.socket;
  socket.destroySoon = () => void socket.end();
  socket.once('end', () => socket.destroy());
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_BYTES) req.pause();
  });
  req.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
