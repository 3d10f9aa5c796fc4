import request from 'supertest';
import { Client } from 'pg';
import { startApp, type RunningApp } from '../support/app-server';
import { HOOK_TIMEOUT } from '../support/readiness';
import { signUpUser, type SignedUp } from '../support/users';

interface LibraryItem {
  id: string;
  slug: string;
  name: string;
  description: string;
  category: string;
  focusAreas: string[];
  difficulty: number;
  isPremium: boolean;
  imageUrl: string;
  duration: number;
  sets: number;
  repetitions: number;
}

/**
 * Issue 14's library: loaded from the repository's catalog at boot, idempotently (a restart
 * changes nothing; an older row is brought up to date, a golfer's data untouched), served at
 * GET /api/exercises with our own illustrations.
 */
describe('the exercise library', () => {
  let app: RunningApp;
  /** The restarted server on the first one's database (the first one's stop cleans both up). */
  let restarted: RunningApp | undefined;
  let golfer: SignedUp;
  let db: Client;

  beforeAll(async () => {
    app = await startApp();
    golfer = await signUpUser(app.url);
    db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await db?.end();
    await restarted?.stop();
    await app?.stop();
  }, HOOK_TIMEOUT);

  const library = async (client = golfer.client) =>
    (await client.get('/api/exercises').expect(200)).body as LibraryItem[];

  it('needs a session', async () => {
    await request(app.url).get('/api/exercises').set('accept', 'application/json').expect(401);
  });

  it('lists at least 80 exercises, free first, each focus area with at least 8', async () => {
    const items = await library();
    expect(items.length).toBeGreaterThanOrEqual(80);
    const firstPremium = items.findIndex((e) => e.isPremium);
    expect(items.slice(firstPremium).every((e) => e.isPremium)).toBe(true);
    const byFocus = new Map<string, number>();
    for (const e of items) for (const f of e.focusAreas) byFocus.set(f, (byFocus.get(f) ?? 0) + 1);
    expect(byFocus.size).toBe(7);
    for (const [focus, count] of byFocus)
      expect({ focus, ok: count >= 8 }).toEqual({ focus, ok: true });
    expect(new Set(items.map((e) => e.description)).size).toBe(items.length);
  });

  it('serves each illustration as an SVG, public and cacheable; an unknown one is 404', async () => {
    const [first] = await library();
    const res = await request(app.url).get(first!.imageUrl).buffer(true).expect(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toContain('max-age');
    expect(String(res.body ?? res.text)).toContain('<svg');
    await request(app.url).get('/api/exercises/no-such-exercise/image.svg').expect(404);
  });

  it(
    'loads the catalog idempotently: a restart changes nothing, an older row is updated',
    async () => {
      const before = await library();
      // An older catalog version of one exercise, and a retired exercise that is no longer there.
      await db.query(
        `update exercises set name = 'Old Name', catalog_version = 0 where slug = 'glute-bridge'`,
      );
      const { rows } = await db.query<{ id: string }>('select id from exercises where slug = $1', [
        'glute-bridge',
      ]);
      await app.terminate();
      restarted = await startApp({}, { reuse: app });
      const after = await library((await signUpUser(restarted.url)).client);
      expect(after.map((e) => [e.id, e.slug, e.name])).toEqual(
        before.map((e) => [e.id, e.slug, e.name]),
      );
      // Same row, same id: logs and ratings keep pointing at it.
      expect(after.find((e) => e.slug === 'glute-bridge')?.id).toBe(rows[0]!.id);
    },
    HOOK_TIMEOUT,
  );
});
