import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import {
  makeBaseClip,
  makeTempDir,
} from '../../src/modules/swing-engine/infrastructure/video/test-clips';
import { startApp, type RunningApp } from '../support/app-server';
import { postUpload, Rows, uploadedFiles, waitForAnalysis } from '../support/swing-uploads';
import { signUpUser, type SignedUp } from '../support/users';

import { HOOK_TIMEOUT } from '../support/readiness';

/** Owner-only swing analysis calls, and videos served with HTTP Range. */
describe('swing analyses: ownership and media', () => {
  const tmp = makeTempDir('access');
  let clip: string;
  let clipBytes: Buffer;
  let app: RunningApp;
  let rows: Rows;
  let alice: SignedUp;
  let bob: SignedUp;
  let id: string;

  beforeAll(async () => {
    clip = await makeBaseClip(tmp.dir);
    clipBytes = readFileSync(clip);
    app = await startApp();
    rows = await Rows.connect(app.databaseUrl);
    alice = await signUpUser(app.url, { firstName: 'Alice' });
    bob = await signUpUser(app.url, { firstName: 'Bob' });
    const res = await postUpload(alice.client, {
      faceOnVideo: clip,
      fields: { clubSelection: 'driver', gender: 'male', clubSpeed: 100, ballSpeed: 148 },
    }).expect(201);
    id = (res.body as { id: string }).id;
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await rows?.close();
    await app?.stop();
    tmp.remove();
  }, HOOK_TIMEOUT);

  it('lists, reads and polls the owner’s analysis', async () => {
    const list = await alice.client.get(`/api/swing-analyses/user/${alice.user.id}`).expect(200);
    expect((list.body as { id: string }[]).map((a) => a.id)).toEqual([id]);
    // The screens' literal /user/1 means "me".
    await alice.client.get('/api/swing-analyses/user/1').expect(200);
    const polled = await alice.client.get(`/api/swing-analyses/${id}?status_only=true`).expect(200);
    expect(Object.keys(polled.body as object).sort()).toEqual(
      ['hasError', 'id', 'isComplete', 'mobilityAnalysis', 'status', 'technicalDetails'].sort(),
    );
    const average = await alice.client
      .get(`/api/swing-analyses/user/${alice.user.id}/monthly-average/driver`)
      .expect(200);
    expect(average.body).toMatchObject({
      hasData: true,
      clubSpeed: 100,
      ballSpeed: 148,
      smashFactor: 1.48,
    });
    const none = await alice.client
      .get(`/api/swing-analyses/user/${alice.user.id}/monthly-average/7-iron`)
      .expect(200);
    expect(none.body).toMatchObject({ hasData: false, clubSpeed: null });
    await alice.client.get(`/api/swing-analyses/user/${alice.user.id}/previous/${id}`).expect(404);
  });

  it('a synthetic test pattern ends as a failed analysis with the engine’s reason', async () => {
    const status = await waitForAnalysis(alice.client, id);
    expect(status).toMatchObject({ status: 'failed', hasError: true, isComplete: false });
    const full = await alice.client.get(`/api/swing-analyses/${id}`).expect(200);
    expect(full.body.technicalDetails).toMatchObject({
      error: expect.any(String),
      message: expect.any(String),
    });
  });

  it('answers another user’s analysis exactly like a missing one', async () => {
    const theirs = await bob.client.get(`/api/swing-analyses/${id}`);
    const missing = await bob.client.get(`/api/swing-analyses/${randomUUID()}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
    expect(JSON.stringify(theirs.body)).not.toContain(alice.user.id);
    await bob.client.get(`/api/swing-analyses/${id}?status_only=true`).expect(404);
    await bob.client.get(`/api/swing-analyses/${id}/video/face-on`).expect(404);
    await bob.client.get(`/api/swing-analyses/${id}/stills/top`).expect(404);
    await bob.client.get(`/api/swing-analyses/${id}/pose/face-on`).expect(404);
    await bob.client.delete(`/api/swing-analyses/${id}`).expect(404);
    expect(await rows.count('swing_analyses', alice.user.id)).toBe(1);
  });

  it('refuses paths naming another user with 403', async () => {
    for (const url of [
      `/api/swing-analyses/user/${alice.user.id}`,
      `/api/swing-analyses/user/${alice.user.id}/previous/${id}`,
      `/api/swing-analyses/user/${alice.user.id}/monthly-average/driver`,
      `/api/upload-status/${alice.user.id}`,
    ]) {
      const res = await bob.client.get(url);
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain('148');
    }
  });

  it('needs a session for every call', async () => {
    const anonymous = request(app.url);
    for (const url of [
      `/api/swing-analyses/${id}`,
      `/api/swing-analyses/${id}/video/face-on`,
      `/api/swing-analyses/user/${alice.user.id}`,
      '/api/usage-limits',
    ]) {
      await anonymous.get(url).set('accept', 'application/json').expect(401);
    }
  });

  describe('the face-on video', () => {
    const url = () => `/api/swing-analyses/${id}/video/face-on`;

    it('is served whole with Accept-Ranges', async () => {
      const res = await alice.client.get(url()).buffer(true).expect(200);
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(Number(res.headers['content-length'])).toBe(clipBytes.length);
    });

    it('answers byte ranges with 206 and the right bytes', async () => {
      const res = await alice.client.get(url()).set('range', 'bytes=100-199').buffer(true);
      expect(res.status).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 100-199/${clipBytes.length}`);
      expect(Buffer.from(res.body as Buffer)).toEqual(clipBytes.subarray(100, 200));

      const tail = await alice.client.get(url()).set('range', 'bytes=-50').buffer(true);
      expect(tail.status).toBe(206);
      expect(Buffer.from(tail.body as Buffer)).toEqual(clipBytes.subarray(clipBytes.length - 50));
    });

    it('answers an unsatisfiable range with 416', async () => {
      const res = await alice.client.get(url()).set('range', `bytes=${clipBytes.length + 10}-`);
      expect(res.status).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${clipBytes.length}`);
    });
  });

  it('deletes the analysis and its files', async () => {
    await alice.client.delete(`/api/swing-analyses/${id}`).expect(204);
    await alice.client.get(`/api/swing-analyses/${id}`).expect(404);
    await alice.client.get(`/api/swing-analyses/${id}/video/face-on`).expect(404);
    expect(uploadedFiles(path.join(app.dataDir, 'uploads'))).toEqual([]);
    // The analysis failed (the pattern has no golfer): its upload was given back, and deleting
    // it does not take it again.
    const status = await alice.client.get(`/api/upload-status/${alice.user.id}`).expect(200);
    expect(status.body).toMatchObject({ isFreeLimitReached: false, uploadsUsed: 0 });
  });
});
