import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { makeTempDir } from '../../src/modules/swing-engine/infrastructure/video/test-clips';
import type { LeaderboardEntry } from '../../src/modules/gamification/application/leaderboard.service';
import { startApp, type RunningApp } from '../support/app-server';
import { HOOK_TIMEOUT } from '../support/readiness';
import { signUpUser, type SignedUp } from '../support/users';

type Entry = LeaderboardEntry;

/** Issue 14: the month's leaderboard and position, with display names only, by state too. */
describe('the monthly leaderboard', () => {
  const tmp = makeTempDir('leaderboard');
  const clockFile = path.join(tmp.dir, 'clock');
  const setClock = (iso: string) => writeFileSync(clockFile, new Date(iso).toISOString());
  let app: RunningApp;
  let db: Client;
  const golfers: SignedUp[] = [];

  beforeAll(async () => {
    setClock('2026-11-24T09:00:00-06:00');
    app = await startApp({ TEST_CLOCK_FILE: clockFile, APP_TIMEZONE: 'America/Chicago' });
    db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
    const people = [
      ['Annika', 'Sorenstam', 'TX', 50],
      ['Ben', 'Hogan', 'TX', 40],
      ['Cara', 'Lee', 'CA', 40],
      ['Dan', 'Moss', 'CA', 0],
      ['Eve', '', 'TX', 10],
    ] as const;
    for (const [firstName, lastName, state, points] of people) {
      const golfer = await signUpUser(app.url, { firstName, lastName: lastName || 'X' });
      await db.query('update users set state = $1, last_name = $2 where id = $3', [
        state,
        lastName || null,
        golfer.user.id,
      ]);
      if (points > 0) {
        await db.query(
          `insert into monthly_points (user_id, month, points) values ($1, '2026-11', $2)`,
          [golfer.user.id, points],
        );
      }
      golfers.push(golfer);
    }
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await db?.end();
    await app?.stop();
    tmp.remove();
  }, HOOK_TIMEOUT);

  it('ranks the month by points, with display names and never an email', async () => {
    const eve = golfers[4]!;
    const res = await eve.client.get('/api/leaderboard').expect(200);
    const entries = res.body.entries as Entry[];
    // Equal points share a rank; their order among themselves is stable, not alphabetical.
    expect(entries.map((e) => [e.rank, e.points])).toEqual([
      [1, 50],
      [2, 40],
      [2, 40],
      [4, 10],
    ]);
    expect(entries.map((e) => e.displayName).sort()).toEqual([
      'Annika S.',
      'Ben H.',
      'Cara L.',
      'Eve',
    ]);
    expect(entries[0]!.displayName).toBe('Annika S.');
    expect(entries.find((e) => e.isYou)?.displayName).toBe('Eve');
    expect(res.body.you).toMatchObject({ rank: 4, points: 10, isYou: true });
    const text = JSON.stringify(res.body);
    for (const g of golfers) {
      expect(text).not.toContain(g.user.email);
      expect(text).not.toContain(g.user.id);
    }
    const monthly = await eve.client.get('/api/monthly-leaderboard').expect(200);
    expect((monthly.body as Entry[]).length).toBe(4);
    const position = await eve.client.get('/api/users/1/monthly-position').expect(200);
    expect(position.body).toEqual({ position: 4, monthlyPoints: 10 });
    await eve.client.get(`/api/users/${golfers[0]!.user.id}/monthly-position`).expect(403);
  });

  it("narrows to the golfer's state", async () => {
    const res = await golfers[4]!.client.get('/api/leaderboard?state=tx').expect(200);
    expect((res.body.entries as Entry[]).map((e) => [e.rank, e.displayName])).toEqual([
      [1, 'Annika S.'],
      [2, 'Ben H.'],
      [3, 'Eve'],
    ]);
  });

  it('starts a new month at 0 with an empty leaderboard', async () => {
    setClock('2026-12-01T00:30:00-06:00');
    const dan = golfers[3]!;
    const res = await dan.client.get('/api/leaderboard').expect(200);
    expect(res.body.entries).toEqual([]);
    expect(res.body.you).toBeNull();
    expect((await dan.client.get('/api/users/1/monthly-position').expect(200)).body).toEqual({
      position: null,
      monthlyPoints: 0,
    });
    setClock('2026-11-24T09:00:00-06:00');
  });
});
