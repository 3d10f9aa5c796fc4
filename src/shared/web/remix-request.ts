import type { Request, Response } from 'express';
import { writeReadableStreamToWritable } from '@remix-run/node';

/**
 * The fetch Request Remix handles, built as @remix-run/express 2.17 builds it, except that the
 * body is the one already read within the form limit (form-body.ts) instead of the live stream.
 */
export function remixRequest(req: Request, res: Response, body: Buffer | null): globalThis.Request {
  // req.hostname honours `trust proxy`; it has no port, so take the port from the host headers.
  const port = [req.get('X-Forwarded-Host'), req.get('host')]
    .map((host) => Number.parseInt(host?.split(':')[1] ?? '', 10))
    .find((n) => Number.isSafeInteger(n));
  const url = new URL(
    `${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`,
  );

  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }

  // Loaders and actions are aborted when the answer can no longer be written.
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return new globalThis.Request(url.href, {
    method: req.method,
    headers,
    body: body ? new Uint8Array(body) : null,
    signal: controller.signal,
  });
}

/** Writes Remix's answer to Express (as @remix-run/express's sendRemixResponse). */
export async function sendRemixResponse(res: Response, response: globalThis.Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (response.headers.get('Content-Type')?.match(/text\/event-stream/i)) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
