import type { IncomingMessage } from 'node:http';
import getRawBody from 'raw-body';

/** Largest body a Remix form post may have; uploads go to /api. */
export const MAX_FORM_BYTES = 1_000_000;

export type FormBody =
  | { ok: true; body: Buffer | null }
  | { ok: false; status: 400 | 413; message: string }
  /** The client went away: there is nobody to answer. */
  | { ok: false; status: null };

/**
 * Reads a request body for Remix, counting bytes as they arrive (raw-body, as body-parser does
 * for /api): past `limit` it stops reading at once, whatever Content-Length said (a chunked body
 * has none), so no request holds more than `limit` bytes. Remix's own reader would buffer the
 * whole body first.
 */
export async function readFormBody(
  req: IncomingMessage,
  limit = MAX_FORM_BYTES,
): Promise<FormBody> {
  if (!hasBody(req)) return { ok: true, body: null };
  try {
    const body = await getRawBody(req, { limit, length: req.headers['content-length'] ?? null });
    if (!(await parsesAsForm(body, req.headers['content-type']))) return UNREADABLE;
    return { ok: true, body };
  } catch (error) {
    const type = (error as getRawBody.RawBodyError).type;
    if (type === 'entity.too.large') {
      return {
        ok: false,
        status: 413,
        message: `This form is too large to send: the limit is ${limit / 1_000_000} MB.`,
      };
    }
    if (type === 'request.aborted') return { ok: false, status: null };
    return UNREADABLE;
  }
}

const UNREADABLE = {
  ok: false,
  status: 400,
  message: 'The form could not be read. Please try again.',
} as const;

/**
 * A multipart body that the actions' `request.formData()` cannot parse (cut off, malformed)
 * answers 400 here rather than 500 from the action. At most 1 MB, so parsing twice is cheap.
 */
async function parsesAsForm(body: Buffer, contentType: string | undefined): Promise<boolean> {
  if (!contentType?.toLowerCase().startsWith('multipart/form-data')) return true;
  try {
    await new Response(new Uint8Array(body), {
      headers: { 'content-type': contentType },
    }).formData();
    return true;
  } catch {
    return false;
  }
}

/** As type-is's hasBody: a body is announced by Transfer-Encoding or a Content-Length. */
function hasBody(req: IncomingMessage): boolean {
  return (
    req.headers['transfer-encoding'] !== undefined ||
    (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0')
  );
}
