import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { makeTempDir } from '../../src/modules/swing-engine/infrastructure/video/test-clips';
import { startApp, type RunningApp } from '../support/app-server';
import { insertLimitedTurnAnalysis } from '../support/browser-app';
import { HOOK_TIMEOUT } from '../support/readiness';
import { signUpUser, type SignedUp } from '../support/users';

/**
 * Issue 14, check 2, under a moved clock: weekly streak multipliers, a week without exercises
 * ending the streak, a new month at 0, and the week close running once when two app instances
 * start it at the same moment.
 */
describe('points, streaks and the period closes', () => {
  const tmp = makeTempDir('closes');
  const clockFile = path.join(tmp.dir, 'clock');
  const setClock = (iso: string) => writeFileSync(clockFile, new Date(iso).toISOString());
  const env = { TEST_CLOCK_FILE: clockFile, APP_TIMEZONE: 'America/Chicago' };
  let app: RunningApp;
  const restarted: RunningApp[] = [];
  let db: Client;
  let golfer: SignedUp;

  beforeAll(async () => {
    setClock('2026-11-04T09:00:00-06:00'); // a Wednesday; its week starts Sunday 2026-11-01
    app = await startApp(env);
    db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
    golfer = await signUpUser(app.url, { firstName: 'Nelly', lastName: 'Korda' });
    await db.query('update users set is_premium = true where id = $1', [golfer.user.id]);
    await insertLimitedTurnAnalysis(db, golfer.user.id);
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await db?.end();
    for (const r of restarted) await r.stop();
    await app?.stop();
    tmp.remove();
  }, HOOK_TIMEOUT);

  /** Opens the day's workout and completes its first exercise on `client`'s server. */
  async function completeOne(who: SignedUp = golfer): Promise<number> {
    const workout = await who.client.get('/api/daily-workout/1').expect(200);
    const name = (workout.body as { exercises: Array<{ name: string }> }).exercises[0]!.name;
    const res = await who.client
      .post('/api/daily-workout/complete', { exerciseName: name })
      .expect(200);
    return (res.body as { pointsAwarded: number }).pointsAwarded;
  }

  it('gives 6 points an exercise in the fourth week of a streak', async () => {
    const points: number[] = [];
    for (const day of ['2026-11-04', '2026-11-11', '2026-11-18', '2026-11-25']) {
      setClock(`${day}T09:00:00-06:00`);
      points.push(await completeOne());
    }
    expect(points).toEqual([5, 5, 5, 6]);
    // The fourth week opened the 1.25x tier: the golfer was told once.
    const milestones = await db.query<{ title: string; message: string }>(
      `select title, message from notifications where user_id = $1 and type = 'streak_milestone'`,
      [golfer.user.id],
    );
    expect(milestones.rows).toEqual([
      { title: '3-Week Streak!', message: 'Your exercises now earn 6 points each (1.25x).' },
    ]);
  });

  it('starts a new month at 0 points with an empty leaderboard', async () => {
    setClock('2026-12-01T00:10:00-06:00');
    const position = await golfer.client.get('/api/users/1/monthly-position').expect(200);
    expect(position.body).toEqual({ position: null, monthlyPoints: 0 });
    const board = await golfer.client.get('/api/leaderboard').expect(200);
    expect(board.body).toMatchObject({ month: '2026-12', entries: [], you: null });
  });

  it('ends the streak after a week without an exercise', async () => {
    setClock('2026-12-09T09:00:00-06:00'); // nothing in the week of 2026-11-29
    expect(await completeOne()).toBe(5);
  });

  it('runs the week close once when two instances start it at the same moment', async () => {
    await app.terminate();
    setClock('2026-11-30T08:00:00-06:00'); // Monday: the week of 2026-11-22 has ended
    await db.query(`delete from period_closes where period in ('2026-11-22', '2026-10')`);
    await db.query(`delete from notifications where type = 'weekly_reset'`);
    const [a, b] = await Promise.all([
      startApp(env, { reuse: app }),
      startApp(env, { reuse: app }),
    ]);
    restarted.push(a, b);
    const closes = await db.query(
      `select kind, period from period_closes where period = '2026-11-22'`,
    );
    expect(closes.rows).toEqual([{ kind: 'week', period: '2026-11-22' }]);
    const notes = await db.query<{ title: string; message: string }>(
      `select title, message from notifications where user_id = $1 and type = 'weekly_reset'`,
      [golfer.user.id],
    );
    expect(notes.rows).toHaveLength(1);
    expect(notes.rows[0]!.message).toContain('Last week you earned 6 points');
  });

  it('closes the month with each golfer told the final rank', async () => {
    for (const r of restarted.splice(0)) await r.terminate();
    setClock('2026-12-01T09:00:00-06:00');
    await db.query(`delete from period_closes where kind = 'month' and period = '2026-11'`);
    restarted.push(await startApp(env, { reuse: app }));
    const notes = await db.query<{ title: string; message: string }>(
      `select title, message from notifications where user_id = $1 and type = 'leaderboard_update'`,
      [golfer.user.id],
    );
    expect(notes.rows).toEqual([
      {
        title: 'November Leaderboard Final',
        message: 'You finished November at #1 with 21 points. A new month starts at 0: good luck!',
      },
    ]);
  });
});
