import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { startApp, type RunningApp } from '../support/app-server';
import { cookieHeader } from '../support/raw-http';
import { Rows, uploadedFiles } from '../support/swing-uploads';
import { signUpUser, type SignedUp } from '../support/users';

import { HOOK_TIMEOUT } from '../support/readiness';
const BOUNDARY = 'X';

/** A multipart body cut off inside a file part: no closing boundary. */
function truncatedForm(field: string, content: Buffer | string): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="a.mp4"\r\n\r\n`,
    ),
    Buffer.from(content),
  ]);
}

interface RawAnswer {
  status: number;
  body: { title?: string; message?: string };
}

/**
 * Fault 1 of issue 12: a truncated multipart upload (the request or busboy stream erroring
 * before anything listened to it) ended the whole process. Each case must answer 400 with a
 * clear message, keep the server up, and leave no row, no quota used and no staging folder.
 */
describe('POST /api/swing-analyses with a truncated multipart body', () => {
  let app: RunningApp;
  let rows: Rows;
  let golfer: SignedUp;
  let uploads: string;

  beforeAll(async () => {
    app = await startApp();
    uploads = path.join(app.dataDir, 'uploads');
    rows = await Rows.connect(app.databaseUrl);
    golfer = await signUpUser(app.url);
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await rows?.close();
    await app?.stop();
  }, HOOK_TIMEOUT);

  /** Sends the body in one go (Content-Length set) and reads the answer. */
  function post(body: Buffer): Promise<RawAnswer> {
    return new Promise((resolve, reject) => {
      const req = http.request(new URL('/api/swing-analyses', app.url), {
        method: 'POST',
        headers: {
          cookie: cookieHeader(golfer),
          'x-csrf-token': golfer.client.csrf,
          accept: 'application/json',
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': String(body.length),
        },
      });
      req.on('error', reject);
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as RawAnswer['body'] });
          } catch {
            resolve({ status: res.statusCode ?? 0, body: { message: text } });
          }
        });
      });
      req.end(body);
    });
  }

  function stagingFolders(): string[] {
    const staging = path.join(uploads, 'staging');
    return existsSync(staging) ? readdirSync(staging) : [];
  }

  async function expectNothingLeftAndServing() {
    // The process is alive and answers the next request.
    expect(() => process.kill(app.pid, 0)).not.toThrow();
    await golfer.client.get('/api/auth/user').expect(200);
    expect(await rows.count('swing_analyses', golfer.user.id)).toBe(0);
    expect(await rows.count('upload_slots', golfer.user.id)).toBe(0);
    const limits = await golfer.client.get('/api/usage-limits').expect(200);
    expect(limits.body).toMatchObject({ videoUploads: { used: 0, limit: 1 } });
    expect(stagingFolders()).toEqual([]);
    expect(uploadedFiles(uploads)).toEqual([]);
  }

  it.each([
    ['a small body', 'faceOnVideo', Buffer.from('abc')],
    ['a 2.5 MB body', 'faceOnVideo', Buffer.alloc(2.5 * 1024 * 1024, 7)],
    ['a small body in a file field the upload ignores', 'notes', Buffer.from('abc')],
  ])('%s (%s) answers 400 and the server stays up', async (_case, field, content) => {
    const res = await post(truncatedForm(field, content));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      title: 'Upload Failed',
      message: 'The upload ended before the whole video arrived. Please try again.',
    });
    await expectNothingLeftAndServing();
  });
});
