import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  makeBaseClip,
  makeTempDir,
} from '../../src/modules/swing-engine/infrastructure/video/test-clips';
import { startApp, type RunningApp } from '../support/app-server';
import { enqueueOnlyEnv } from '../support/worker-process';
import { postUpload, Rows } from '../support/swing-uploads';
import { signUpUser, type SignedUp } from '../support/users';

import { HOOK_TIMEOUT } from '../support/readiness';

/**
 * Upload allowances under a moved clock (issue 4, check 3). The server's calendar clock reads
 * TEST_CLOCK_FILE; moving it is rewriting the file, never sleeping.
 */
describe('upload quotas', () => {
  const tmp = makeTempDir('quotas');
  const clockFile = path.join(tmp.dir, 'clock');
  let clip: string;
  let app: RunningApp;
  let rows: Rows;

  /** Sets the server's clock to a wall time in Chicago (offset included in the text). */
  const setClock = (iso: string) => writeFileSync(clockFile, new Date(iso).toISOString());

  beforeAll(async () => {
    setClock('2026-11-18T12:00:00-06:00'); // a Wednesday, Central Standard Time
    clip = await makeBaseClip(tmp.dir);
    app = await startApp({
      TEST_CLOCK_FILE: clockFile,
      APP_TIMEZONE: 'America/Chicago',
      // Uploads stay queued: allowances here, not analyses (a failed one gives its slot back).
      ...(await enqueueOnlyEnv()),
    });
    rows = await Rows.connect(app.databaseUrl);
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await rows?.close();
    await app?.stop();
    tmp.remove();
  }, HOOK_TIMEOUT);

  describe('free users', () => {
    let free: SignedUp;
    beforeAll(async () => {
      free = await signUpUser(app.url);
    });

    it('refuses a down-the-line video with requiresUpgrade', async () => {
      const res = await postUpload(free.client, { faceOnVideo: clip, downTheLineVideo: clip });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ requiresUpgrade: true, title: 'Premium Feature' });
      expect(await rows.count('swing_analyses', free.user.id)).toBe(0);
    });

    it('get one upload in total; the second is refused with requiresUpgrade', async () => {
      const uploaded = await postUpload(free.client, { faceOnVideo: clip }).expect(201);
      // The accepted upload earns its 10 points, once, in the ledger (spec section 9).
      expect(
        await rows.query<{ points: number; source: string }>(
          `select points, source from points_awards where user_id = $1 and reason = 'swing_upload'`,
          [free.user.id],
        ),
      ).toEqual([{ points: 10, source: (uploaded.body as { id: string }).id }]);
      const status = await free.client.get(`/api/upload-status/${free.user.id}`).expect(200);
      expect(status.body).toMatchObject({
        isPremium: false,
        isFreeLimitReached: true,
        canUploadDriver: false,
        canUploadSevenIron: false,
      });
      const limits = await free.client.get('/api/usage-limits').expect(200);
      expect(limits.body).toMatchObject({ videoUploads: { used: 1, limit: 1 } });

      const second = await postUpload(free.client, { faceOnVideo: clip });
      expect(second.status).toBe(403);
      expect(second.body).toEqual({
        statusCode: 403,
        requiresUpgrade: true,
        title: 'Upload Limit Reached',
        message: "You've used your free video upload. Upgrade to premium for weekly uploads.",
      });
      // Still refused a month later: the free upload is for all time.
      setClock('2026-12-20T12:00:00-06:00');
      await postUpload(free.client, { faceOnVideo: clip }).expect(403);
      setClock('2026-11-18T12:00:00-06:00');
      expect(await rows.count('swing_analyses', free.user.id)).toBe(1);
      const user = await free.client.get('/api/auth/user').expect(200);
      expect(user.body).toMatchObject({ videoUploadsUsed: 1 });
    });
  });

  describe('premium users', () => {
    let premium: SignedUp;
    const upload = (club: string) =>
      postUpload(premium.client, { faceOnVideo: clip, fields: { club } });

    beforeAll(async () => {
      premium = await signUpUser(app.url);
      await rows.makePremium(premium.user.id);
    });

    it('get one Driver and one 7-Iron slot a week, open again after Sunday 00:00 Central', async () => {
      setClock('2026-11-18T12:00:00-06:00');
      await upload('driver').expect(201);
      const again = await upload('driver');
      expect(again.status).toBe(403);
      expect(again.body).toMatchObject({
        title: 'Weekly Upload Limit Reached',
        requiresUpgrade: false,
      });
      expect(String(again.body.message)).toContain('Driver');

      const status = await premium.client.get(`/api/upload-status/${premium.user.id}`).expect(200);
      expect(status.body).toMatchObject({
        isPremium: true,
        weeklyDriverUploaded: true,
        weeklySevenIronUploaded: false,
        canUploadDriver: false,
        canUploadSevenIron: true,
        isFreeLimitReached: false,
        weeklyResetAt: '2026-11-22T06:00:00.000Z',
        weeklyResetLabel: 'Sunday, November 22 at 12:00 AM CST',
      });

      // A down-the-line video is fine for premium users.
      await postUpload(premium.client, {
        faceOnVideo: clip,
        downTheLineVideo: clip,
        fields: { club: '7-iron' },
      }).expect(201);
      // Both slots used: refused before the body is read.
      expect((await upload('7-iron')).status).toBe(403);

      setClock('2026-11-21T23:59:30-06:00'); // Saturday night: still the same week
      expect((await upload('driver')).status).toBe(403);

      setClock('2026-11-22T00:00:30-06:00'); // Sunday just after midnight Central
      const fresh = await premium.client.get(`/api/upload-status/${premium.user.id}`).expect(200);
      expect(fresh.body).toMatchObject({ canUploadDriver: true, canUploadSevenIron: true });
      const third = await upload('driver').expect(201);
      expect(await rows.count('swing_analyses', premium.user.id)).toBe(3);

      // The previous Driver analysis of the third is the first (the 7-Iron one is skipped).
      const list = await premium.client
        .get(`/api/swing-analyses/user/${premium.user.id}`)
        .expect(200);
      const ids = (list.body as { id: string; clubSelection: string }[]).map((a) => [
        a.clubSelection,
        a.id,
      ]);
      expect(ids.map(([club]) => club)).toEqual(['driver', '7-iron', 'driver']);
      const previous = await premium.client
        .get(`/api/swing-analyses/user/${premium.user.id}/previous/${third.body.id}`)
        .expect(200);
      expect(previous.body).toMatchObject({ id: ids[2]![1], clubSelection: 'driver' });
    });

    it('must say which club the weekly slot is for', async () => {
      const res = await postUpload(premium.client, { faceOnVideo: clip });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ title: 'Choose Driver or 7-Iron' });
      const other = await upload('5-iron');
      expect(other.status).toBe(400);
    });

    it('fills the named weekly slot while the launch data names any benchmark club', async () => {
      setClock('2026-12-09T09:00:00-06:00'); // a later week: both slots open
      const res = await postUpload(premium.client, {
        faceOnVideo: clip,
        fields: {
          club: 'driver',
          clubSelection: '5-iron',
          gender: 'male',
          clubSpeed: 94,
          ballSpeed: 132,
        },
      });
      expect(res.status).toBe(201);
      const analysis = await premium.client.get(`/api/swing-analyses/${res.body.id}`).expect(200);
      expect(analysis.body).toMatchObject({ clubSelection: '5-iron', clubSpeed: 94 });
      const status = await premium.client.get(`/api/upload-status/${premium.user.id}`).expect(200);
      expect(status.body).toMatchObject({
        weeklyDriverUploaded: true,
        weeklySevenIronUploaded: false,
      });
      // A club that is not on the benchmark list is refused with the field named.
      const unknown = await postUpload(premium.client, {
        faceOnVideo: clip,
        fields: {
          club: '7-iron',
          clubSelection: '2-iron',
          gender: 'male',
          clubSpeed: 94,
          ballSpeed: 132,
        },
      });
      expect(unknown.status).toBe(400);
    });

    it('takes the club from the launch data when sent', async () => {
      setClock('2026-11-29T09:00:00-06:00'); // the week after
      const res = await postUpload(premium.client, {
        faceOnVideo: clip,
        fields: { clubSelection: '7-iron', gender: 'female', clubSpeed: 75, ballSpeed: 100 },
      });
      expect(res.status).toBe(201);
      const analysis = await premium.client.get(`/api/swing-analyses/${res.body.id}`).expect(200);
      expect(analysis.body).toMatchObject({
        clubSelection: '7-iron',
        tourComparison: 'lpga',
        clubSpeed: 75,
        ballSpeed: 100,
        smashFactor: 1.33,
      });
      const status = await premium.client.get(`/api/upload-status/${premium.user.id}`).expect(200);
      expect(status.body).toMatchObject({
        weeklySevenIronUploaded: true,
        weeklyDriverUploaded: false,
      });
    });
  });
});
