import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { LocalDiskStorage } from '../../../../shared/storage/local-disk-storage';
import { receiveMultipart } from './multipart-upload';

const BOUNDARY = 'X';
const INTERRUPTED = {
  status: 400,
  details: { title: 'Upload Failed' },
  message: 'The upload ended before the whole video arrived. Please try again.',
};

/**
 * Local storage that starts reading a source only when the test says so: the window in which
 * the real adapter is still making the folder, where an unheard stream error ended the process.
 */
class LateStorage extends LocalDiskStorage {
  writes = 0;
  private open!: () => void;
  private readonly gate = new Promise<void>((resolve) => (this.open = resolve));

  override async write(key: string, source: Readable): Promise<number> {
    this.writes += 1;
    await this.gate;
    return super.write(key, source);
  }

  startReading() {
    this.open();
  }
}

/** An HTTP request as receiveMultipart sees it: a readable body with headers. */
function fakeRequest(): PassThrough & { headers: IncomingHttpHeaders } {
  return Object.assign(new PassThrough(), {
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
}

const filePart = (field: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="a.mp4"\r\n\r\nabc`;

const tick = () => new Promise((r) => setImmediate(r));

describe('receiveMultipart on a body that stops short', () => {
  let root: string;
  let storage: LateStorage;
  // An 'error' event nobody listens to (what ended the server) fails the test: Jest reports it
  // as an unhandled error.
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'multipart-'));
    storage = new LateStorage(root);
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  async function whileStorageWaits(
    field: string,
    cut: (request: ReturnType<typeof fakeRequest>) => void,
  ) {
    const request = fakeRequest();
    const received = receiveMultipart(request, storage, 'staging/s1', 1_000_000);
    const outcome = received.then(
      () => null,
      (error: unknown) => error,
    );
    request.write(filePart(field));
    while (field === 'faceOnVideo' && storage.writes === 0) await tick();
    cut(request);
    for (let i = 0; i < 5; i += 1) await tick(); // let every error event fire
    storage.startReading();
    return outcome;
  }

  it('refuses a form without its closing boundary, before storage reads the file', async () => {
    const error = await whileStorageWaits('faceOnVideo', (request) => request.end());
    expect(error).toMatchObject(INTERRUPTED);
    expect(readdirSync(path.join(root, 'staging/s1'))).toEqual([]); // the caller removes it
  });

  it('refuses an upload whose client went away, before storage reads the file', async () => {
    const error = await whileStorageWaits('faceOnVideo', (request) => {
      request.emit('aborted');
      request.destroy(new Error('aborted'));
    });
    expect(error).toMatchObject(INTERRUPTED);
  });

  it('refuses a cut-off file in a field it ignores', async () => {
    const error = await whileStorageWaits('notes', (request) => request.end());
    expect(error).toMatchObject(INTERRUPTED);
    expect(storage.writes).toBe(0);
  });
});
