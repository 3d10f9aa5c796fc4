import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { RefusedError } from '../../../../shared/errors/app-errors';
import type { FileStorage } from '../../../../shared/storage/file-storage';
import { VIDEO_FIELDS, type VideoField } from '../../../swing-engine/rules';

export interface ReceivedFile {
  field: VideoField;
  /** The user's file name (only its extension is ever used); '' when none was chosen. */
  originalName: string;
  /** Storage key the bytes went to (null when they were discarded: too large). */
  key: string | null;
  /** Bytes sent, including those past the limit. */
  size: number;
  tooLarge: boolean;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  files: ReceivedFile[];
}

/** Past this, a request is cut off instead of drained (a client streaming without end). */
const DRAIN_LIMIT_BYTES = 1024 * 1024 * 1024;

/**
 * Streams a multipart upload straight into storage under `stagingKey`: never a whole file in
 * memory. A file past `maxFileBytes` stops being stored at that point; the rest is counted and
 * discarded, so the golfer is told the real size. The caller removes `stagingKey` when done.
 */
export function receiveMultipart(
  request: Readable & { headers: IncomingHttpHeaders },
  storage: FileStorage,
  stagingKey: string,
  maxFileBytes: number,
): Promise<ReceivedUpload> {
  const type = request.headers['content-type'] ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    return Promise.reject(
      new RefusedError(400, 'Upload Failed', 'Send the upload as multipart/form-data.'),
    );
  }
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files: ReceivedFile[] = [];
    const writes: Promise<unknown>[] = [];
    const bodies: Readable[] = [];
    let total = 0;
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      request.unpipe(parser);
      request.resume(); // drain what is left so the answer reaches the client
      for (const body of bodies) body.destroy(error);
      // Reject once every partial file is gone, so the caller's cleanup is the last word.
      void Promise.allSettled(writes).then(() => reject(error));
    };

    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: request.headers,
        limits: { files: 2, fields: 30, parts: 40, fieldSize: 10_000, fieldNameSize: 100 },
      });
    } catch {
      reject(new RefusedError(400, 'Upload Failed', 'The upload is not valid multipart data.'));
      return;
    }

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) {
        fail(new RefusedError(400, 'Upload Failed', `The field ${name} is too long.`));
      } else if (!(name in fields)) fields[name] = value;
    });

    parser.on('file', (name, stream, info) => {
      const slot = (VIDEO_FIELDS as Record<string, string>)[name];
      stream.on('error', () => undefined); // the parser's own 'error' reports the cause
      if (!slot || files.some((f) => f.field === name)) {
        stream.resume(); // an unknown or repeated file field is ignored
        return;
      }
      const file: ReceivedFile = {
        field: name as VideoField,
        originalName: info.filename ?? '',
        key: `${stagingKey}/${slot}`,
        size: 0,
        tooLarge: false,
      };
      files.push(file);
      const body = new Readable({ read: () => stream.resume() });
      // Storage subscribes to `body` only after preparing its folder; a form that ends before
      // then destroys `body` first. The write still sees the error (it rejects on a destroyed
      // stream); this listener only keeps the error from being unheard meanwhile.
      body.on('error', () => undefined);
      bodies.push(body);
      stream.on('data', (chunk: Buffer) => {
        file.size += chunk.length;
        total += chunk.length;
        if (total > DRAIN_LIMIT_BYTES) {
          request.destroy();
          return;
        }
        if (file.tooLarge) return;
        if (file.size > maxFileBytes) {
          file.tooLarge = true;
          body.destroy(new Error('too large')); // storage removes the partial file
          stream.resume(); // keep counting what is left
          return;
        }
        if (!body.push(chunk)) stream.pause();
      });
      stream.on('end', () => body.push(null));
      stream.on('error', (error: Error) => body.destroy(error));
      writes.push(
        storage.write(file.key!, body).catch((error: Error) => {
          if (file.tooLarge) file.key = null;
          else fail(error);
        }),
      );
    });

    parser.on('filesLimit', () => {
      // a third file is ignored like an unknown one
    });
    parser.on('error', (error: Error) => fail(unreadable(error)));
    parser.on('close', () => {
      void Promise.all(writes).then(() => {
        if (!failed) resolve({ fields, files });
      });
    });
    // An 'error' event nobody listens to ends the whole process, so every stream here has a
    // listener from the moment it exists (issue 12: a truncated form killed the server).
    request.on('error', () => fail(interrupted()));
    request.on('aborted', () => fail(interrupted()));
    request.pipe(parser);
  });
}

/** The body ended (or the connection closed) before the closing boundary. */
function interrupted(): RefusedError {
  return new RefusedError(
    400,
    'Upload Failed',
    'The upload ended before the whole video arrived. Please try again.',
  );
}

/** busboy's parse errors, in the golfer's words. */
function unreadable(error: Error): RefusedError {
  if (/^Unexpected end of (form|file)/.test(error.message)) return interrupted();
  return new RefusedError(
    400,
    'Upload Failed',
    'The upload could not be read. Please send it again from the upload page.',
  );
}
