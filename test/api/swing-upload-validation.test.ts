import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { truncate as truncateFile } from 'node:fs/promises';
import path from 'node:path';
import {
  makeBaseClip,
  makeHevcClip,
  makeProResClip,
  makeTempDir,
  truncate,
} from '../../src/modules/swing-engine/infrastructure/video/test-clips';
import { startApp, type RunningApp } from '../support/app-server';
import { postUpload, Rows, uploadedFiles, type UploadParts } from '../support/swing-uploads';
import { signUpUser, type SignedUp } from '../support/users';

import { CEILING, HOOK_TIMEOUT } from '../support/readiness';
import { cookieHeader } from '../support/raw-http';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The bad-file corpus (issue 4, check 2): every spec section 5 rule on the server, with the
 * spec's title and message, and nothing left behind: no analysis row, no upload slot, no file.
 */
describe('POST /api/swing-analyses refuses bad uploads', () => {
  const tmp = makeTempDir('bad-uploads');
  const clips: Record<string, string> = {};
  let app: RunningApp;
  let rows: Rows;
  let golfer: SignedUp;
  let uploads: string;

  beforeAll(async () => {
    app = await startApp();
    uploads = path.join(app.dataDir, 'uploads');
    rows = await Rows.connect(app.databaseUrl);
    golfer = await signUpUser(app.url);
    clips.base = await makeBaseClip(tmp.dir);
    clips.prores = await makeProResClip(tmp.dir);
    const hevc = await makeHevcClip(tmp.dir);
    if (hevc) clips.hevc = hevc;
    else if (process.env['CI'] === 'true') throw new Error('ffmpeg here cannot encode HEVC');
    clips.truncated = truncate(clips.base, path.join(tmp.dir, 'truncated.mp4'));
    clips.text = path.join(tmp.dir, 'notes.mp4');
    writeFileSync(clips.text, 'These are my swing notes, not a video.\n'.repeat(50));
    clips.exe = path.join(tmp.dir, 'setup.exe');
    writeFileSync(clips.exe, Buffer.from('MZ\x90\x00\x03\x00\x00\x00'.repeat(64), 'binary'));
    // 101 MiB of zeros, made sparse on disk.
    clips.huge = path.join(tmp.dir, 'huge.mp4');
    writeFileSync(clips.huge, '');
    await truncateFile(clips.huge, 101 * 1024 * 1024);
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await rows?.close();
    await app?.stop();
    tmp.remove();
  }, HOOK_TIMEOUT);

  afterEach(async () => {
    expect(await rows.count('swing_analyses', golfer.user.id)).toBe(0);
    expect(await rows.count('upload_slots', golfer.user.id)).toBe(0);
    expect(uploadedFiles(uploads)).toEqual([]);
  });

  async function refused(parts: () => UploadParts, status = 400) {
    const res = await postUpload(golfer.client, parts());
    expect(res.status).toBe(status);
    return res.body as { title: string; message: string; errors?: Record<string, string[]> };
  }

  it('an empty file', async () => {
    const body = await refused(() => ({
      faceOnVideo: { buffer: Buffer.alloc(0), filename: 'swing.mp4' },
    }));
    expect(body).toMatchObject({
      title: 'Invalid Video File',
      message: 'Video file appears to be empty',
    });
  });

  it('a text file renamed .mp4', async () => {
    expect(await refused(() => ({ faceOnVideo: clips.text }))).toMatchObject({
      title: 'Invalid Video File',
      message: 'Selected file is not a video',
    });
  });

  it('an HEVC video', async () => {
    if (!clips.hevc) return console.warn('skipped: this ffmpeg has no libx265 encoder');
    const body = await refused(() => ({ faceOnVideo: clips.hevc }));
    expect(body.title).toBe('iPhone Video Format Not Supported');
    expect(body.message).toContain('HEVC (H.265)');
    expect(body.message).toContain('Most Compatible');
  });

  it('a ProRes video', async () => {
    const body = await refused(() => ({ faceOnVideo: clips.prores }));
    expect(body.title).toBe('Professional Video Format Not Supported');
    expect(body.message).toContain('ProRes');
  });

  it('a file over 100 MB, cut off while streaming', async () => {
    expect(await refused(() => ({ faceOnVideo: clips.huge }))).toMatchObject({
      title: 'File Too Large',
      message: 'File size (101.0 MB) exceeds 100MB limit',
    });
  });

  it('an .exe', async () => {
    expect(await refused(() => ({ faceOnVideo: clips.exe }))).toMatchObject({
      title: 'Video Format Not Supported',
      message: 'EXE format is not supported',
    });
  });

  it('a truncated mp4', async () => {
    const body = await refused(() => ({ faceOnVideo: clips.truncated }));
    expect(body.title).toBe('Invalid Video File');
    expect(body.message).toMatch(/damaged or incomplete|not a video/);
  });

  it('no face-on video (only a down-the-line one)', async () => {
    expect(await refused(() => ({ downTheLineVideo: clips.base }))).toMatchObject({
      title: 'Face-On Video Required',
      message: 'Please upload a face-on view video to proceed.',
    });
    expect(await refused(() => ({ fields: { clubSelection: 'driver' } }))).toMatchObject({
      title: 'Face-On Video Required',
    });
  });

  it('partial launch monitor data', async () => {
    const body = await refused(() => ({
      faceOnVideo: clips.base,
      fields: { clubSelection: 'driver', clubSpeed: '100' },
    }));
    expect(body.title).toBe('Incomplete Launch Monitor Data');
    expect(body.errors).toMatchObject({
      ballSpeed: ['Incomplete Launch Monitor Data'],
      gender: ['Incomplete Launch Monitor Data'],
    });
  });

  it('speeds that are not positive or out of bounds', async () => {
    const launch = { clubSelection: 'driver', gender: 'male', clubSpeed: '100', ballSpeed: '150' };
    expect(
      await refused(() => ({ faceOnVideo: clips.base, fields: { ...launch, clubSpeed: '0' } })),
    ).toMatchObject({
      title: 'Invalid Speed Values',
      errors: { clubSpeed: ['Invalid Speed Values'] },
    });
    expect(
      await refused(() => ({ faceOnVideo: clips.base, fields: { ...launch, clubSpeed: '151' } })),
    ).toMatchObject({
      title: 'Invalid Speed Values',
      message: 'Club speed must be between 0 and 150 mph.',
    });
    expect(
      await refused(() => ({ faceOnVideo: clips.base, fields: { ...launch, ballSpeed: '200.5' } })),
    ).toMatchObject({
      title: 'Invalid Speed Values',
      message: 'Ball speed must be between 0 and 200 mph.',
    });
    expect(
      await refused(() => ({ faceOnVideo: clips.base, fields: { ...launch, spinRate: '9000' } })),
    ).toMatchObject({ errors: { spinRate: ['Spin rate must be between 0 and 8000 rpm.'] } });
  });

  it('an upload naming another user', async () => {
    const other = await signUpUser(app.url);
    const res = await postUpload(golfer.client, {
      faceOnVideo: clips.base,
      fields: { userId: other.user.id },
    });
    expect(res.status).toBe(403);
    expect(await rows.count('swing_analyses', other.user.id)).toBe(0);
  });

  it('an upload the client abandons half way', async () => {
    const boundary = 'x-boundary-x';
    const url = new URL('/api/swing-analyses', app.url);
    const req = http.request(url, {
      method: 'POST',
      headers: {
        cookie: cookieHeader(golfer),
        'x-csrf-token': golfer.client.csrf,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(50 * 1024 * 1024),
      },
    });
    req.on('error', () => undefined);
    req.write(
      `--${boundary}\r\ncontent-disposition: form-data; name="faceOnVideo"; filename="swing.mp4"\r\n` +
        'content-type: video/mp4\r\n\r\n',
    );
    req.write(readFileSync(clips.base));
    req.write(Buffer.alloc(4 * 1024 * 1024));
    // Wait until the server has started storing it, then go away.
    const deadline = Date.now() + CEILING.ui;
    while (!uploadedFiles(uploads).length && Date.now() < deadline) await sleep(20);
    expect(uploadedFiles(uploads).length).toBeGreaterThan(0);
    req.destroy();
    while (uploadedFiles(uploads).length && Date.now() < deadline) await sleep(50);
    // afterEach: no row, no slot, no file.
  });

  it('without a session or a CSRF token', async () => {
    const anonymous = await signUpUser(app.url);
    anonymous.client.csrf = 'wrong';
    // A body small enough to be sent whole: the guard answers before reading it, and a client
    // still writing a large one when the connection closes may see EPIPE instead of the answer.
    const res = await postUpload(anonymous.client, { faceOnVideo: clips.text });
    expect(res.status).toBe(403);
    expect(await rows.count('swing_analyses', anonymous.user.id)).toBe(0);
  });
});
