import type { Request, Response } from 'express';
// The adapter's own header copy and response writer; its index exports only the handler, whose
// request builder would stream the body from `req` (already read within the form limit here).
import { createRemixHeaders, sendRemixResponse } from '@remix-run/express/dist/server';

export { sendRemixResponse };

/**
 * The fetch Request Remix handles, built as @remix-run/express 2.17's createRemixRequest builds
 * it, except that the body is the one already read within the form limit (form-body.ts) instead
 * of the live stream.
 */
export function remixRequest(req: Request, res: Response, body: Buffer | null): globalThis.Request {
  // req.hostname honours `trust proxy`; it has no port, so take the port from the host headers.
  const port = [req.get('X-Forwarded-Host'), req.get('host')]
    .map((host) => Number.parseInt(host?.split(':')[1] ?? '', 10))
    .find((n) => Number.isSafeInteger(n));
  const url = new URL(
    `${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`,
  );

  // Loaders and actions are aborted when the answer can no longer be written.
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return new globalThis.Request(url.href, {
    method: req.method,
    headers: createRemixHeaders(req.headers),
    body: body ? new Uint8Array(body) : null,
    signal: controller.signal,
  });
}
