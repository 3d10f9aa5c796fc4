import { writeFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { Client } from 'pg';
import { makeTempDir } from '../../src/modules/swing-engine/infrastructure/video/test-clips';
import { ApiClient } from '../support/api-client';
import { startApp, type RunningApp } from '../support/app-server';
import { insertLimitedTurnAnalysis } from '../support/browser-app';
import { HOOK_TIMEOUT } from '../support/readiness';
import { signUpUser } from '../support/users';

const PASSWORD = 'correct-admin-password-2026';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A signed-out client holding only the admin session. */
async function adminClient(url: string, password = PASSWORD) {
  const client = new ApiClient(url);
  await client.refreshCsrf();
  const res = await client.post('/api/admin/login', { password });
  return { client, res };
}

/** A workbook as an operator would upload it: the header row, then these rows. */
async function workbook(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Exercise Videos');
  sheet.addRow(['Title', 'Category', 'Exercise', 'Video URL', 'Thumbnail', 'Duration']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Issue 16, checks 2 and 3 (and the server side of 1). */
describe('the admin panel', () => {
  const tmp = makeTempDir('admin');
  const clockFile = path.join(tmp.dir, 'clock');
  const setClock = (iso: string) => writeFileSync(clockFile, new Date(iso).toISOString());
  let app: RunningApp;
  let db: Client;

  beforeAll(async () => {
    setClock('2026-11-24T09:00:00-06:00');
    app = await startApp({
      ADMIN_PASSWORD: PASSWORD,
      ADMIN_SESSION_MINUTES: '30',
      ADMIN_LOGIN_RATE_LIMIT: '100', // the rate limit has its own server below
      TEST_CLOCK_FILE: clockFile,
      APP_TIMEZONE: 'America/Chicago',
    });
    db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await db?.end();
    await app?.stop();
    tmp.remove();
  }, HOOK_TIMEOUT);

  it("refuses a golfer's session on every admin call", async () => {
    const golfer = await signUpUser(app.url);
    const calls = [
      golfer.client.get('/api/admin/users'),
      golfer.client.post(`/api/admin/users/${golfer.user.id}/reset-usage`, {
        field: 'videoUploadsUsed',
      }),
      golfer.client.get('/api/admin/audit'),
      golfer.client.get('/api/admin/videos/stats'),
      golfer.client.post('/api/admin/videos/import', {}),
      golfer.client.get('/api/download/excel'),
    ];
    const statuses = (await Promise.all(calls)).map((r) => r.status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
  });

  it('signs in with the password only, and the admin session expires', async () => {
    setClock('2026-11-24T09:00:00-06:00');
    const wrong = await adminClient(app.url, 'not-the-password');
    expect(wrong.res.status).toBe(401);
    expect(wrong.res.body.message).toBe('Invalid admin password');
    const { client, res } = await adminClient(app.url);
    expect(res.status).toBe(200);
    await client.get('/api/admin/users').expect(200);
    setClock('2026-11-24T09:31:00-06:00'); // 31 minutes on
    await client.get('/api/admin/users').expect(401);
    setClock('2026-11-24T09:00:00-06:00');
    await client.get('/api/admin/users').expect(401); // once expired, gone
  });

  it('lists golfers with search and paging, and resets their usage for real', async () => {
    setClock('2026-11-24T09:00:00-06:00');
    const { client } = await adminClient(app.url);
    const free = await signUpUser(app.url, { firstName: 'Freddie', lastName: 'Couples' });
    await insertLimitedTurnAnalysis(db, free.user.id);
    // The free golfer used the upload and today's workout view.
    await db.query(
      `insert into upload_slots (id, user_id, slot, period_start) values (gen_random_uuid(), $1, 'free', 'epoch')`,
      [free.user.id],
    );
    await free.client.get('/api/daily-workout/1').expect(200);
    await free.client.get('/api/daily-workout/1').expect(403);
    const before = (await free.client.get('/api/upload-status/1').expect(200)).body as {
      isFreeLimitReached: boolean;
    };
    expect(before.isFreeLimitReached).toBe(true);

    const page = await client.get('/api/admin/users?search=couples&page=1&pageSize=10').expect(200);
    expect(page.body.matching).toBe(1);
    expect(page.body.users[0]).toMatchObject({
      id: free.user.id,
      name: 'Freddie Couples',
      isPremium: false,
      usage: {
        videoUploads: { used: 1, limit: 1 },
        analysisViews: { limit: 999 },
        workoutViews: { used: 1, limit: 1 },
      },
    });
    expect(page.body.counts.total).toBeGreaterThanOrEqual(1);
    await client.get('/api/admin/users?page=0').expect(400);
    await client.get('/api/admin/users?pageSize=5000').expect(400);

    const reset = (field: string) =>
      client.post(`/api/admin/users/${free.user.id}/reset-usage`, { field });
    await reset('videoUploadsUsed').expect(200);
    await reset('workoutViewsUsed').expect(200);
    await reset('everything').expect(400);
    await client
      .post('/api/admin/users/not-a-user/reset-usage', { field: 'videoUploadsUsed' })
      .expect(404);
    const after = (await free.client.get('/api/upload-status/1').expect(200)).body as {
      isFreeLimitReached: boolean;
      canUploadDriver: boolean;
    };
    expect(after).toMatchObject({ isFreeLimitReached: false, canUploadDriver: true });
    await free.client.get('/api/daily-workout/1').expect(200);

    const audit = (await client.get('/api/admin/audit').expect(200)).body as Array<{
      action: string;
      targetEmail: string | null;
      detail: string;
    }>;
    expect(audit.slice(0, 2)).toEqual([
      expect.objectContaining({
        action: 'reset-usage',
        targetEmail: free.user.email,
        detail: 'workoutViewsUsed',
      }),
      expect.objectContaining({ action: 'reset-usage', detail: 'videoUploadsUsed' }),
    ]);
  });

  it('imports a video workbook all or nothing, and the workout plays the video', async () => {
    const { client } = await adminClient(app.url);
    const upload = (file: Buffer) =>
      client.agent
        .post('/api/admin/videos/import')
        .set('x-csrf-token', client.csrf)
        .set('content-type', XLSX)
        .send(file);
    const { rows } = await db.query<{ name: string; focus: string }>(
      `select name, focus_areas->>0 as focus from exercises where active order by name limit 2`,
    );
    const [a, b] = rows;
    const bad = await upload(
      await workbook([
        [`${a!.name} coached`, a!.focus, a!.name, 'https://youtu.be/aaaaaaaaaa1', '', '1:30'],
        [`${b!.name} coached`, 'Putting Stroke', b!.name, 'https://example.com/video', '', ''],
      ]),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Nothing was imported: 1 row has problems.');
    expect(bad.body.errors).toEqual([
      { row: 3, message: "Unknown category 'Putting Stroke'." },
      { row: 3, message: "Video URL 'https://example.com/video' is not a YouTube video link." },
    ]);
    expect((await db.query('select 1 from exercise_videos')).rows).toHaveLength(0);

    const good = await upload(
      await workbook([
        [`${a!.name} coached`, a!.focus, a!.name, 'https://youtu.be/aaaaaaaaaa1', '', '1:30'],
        [
          `${b!.name} coached`,
          b!.focus,
          b!.name,
          'https://www.youtube.com/watch?v=bbbbbbbbbb2',
          '',
          '',
        ],
      ]),
    );
    expect(good.status).toBe(200);
    expect(good.body).toEqual({ imported: 2 });

    // The download reads back the same rows as the database.
    const download = await client.agent
      .get('/api/download/excel')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(download.headers['content-disposition']).toContain('golf-exercise-videos.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(download.body as ArrayBuffer);
    const sheet = book.getWorksheet('Exercise Videos')!;
    const read: string[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) read.push((row.values as unknown[]).slice(1, 7).map((v) => String(v ?? '')));
    });
    const stored = await db.query<{ video_id: string; title: string }>(
      'select video_id, title from exercise_videos order by title',
    );
    expect(read.map((r) => r[0]).sort()).toEqual(stored.rows.map((r) => r.title).sort());
    expect(read.map((r) => r[3]).sort()).toEqual(
      stored.rows.map((r) => `https://www.youtube.com/watch?v=${r.video_id}`).sort(),
    );
    const stats = (await client.get('/api/admin/videos/stats').expect(200)).body as {
      videos: number;
      fileSizeBytes: number;
    };
    expect(stats.videos).toBe(2);
    expect(stats.fileSizeBytes).toBeGreaterThan(1000);

    // A premium golfer's Watch embeds it.
    const golfer = await signUpUser(app.url);
    await db.query('update users set is_premium = true where id = $1', [golfer.user.id]);
    const embed = await golfer.client.get('/api/youtube/embed/aaaaaaaaaa1').expect(200);
    expect(embed.body.embedUrl).toBe('https://www.youtube-nocookie.com/embed/aaaaaaaaaa1');
  });

  it('rate-limits ten wrong passwords in a minute', async () => {
    const limited = await startApp({ ADMIN_PASSWORD: PASSWORD }); // the default: 5 a minute
    try {
      const client = new ApiClient(limited.url);
      await client.refreshCsrf();
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        statuses.push((await client.post('/api/admin/login', { password: `guess-${i}` })).status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
      // Even the right password waits out the minute.
      expect((await client.post('/api/admin/login', { password: PASSWORD })).status).toBe(429);
      // Golfers' own sign-in is counted apart.
      await signUpUser(limited.url);
    } finally {
      await limited.stop();
    }
  });
});
