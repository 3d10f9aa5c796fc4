import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { makeTempDir } from '../../src/modules/swing-engine/infrastructure/video/test-clips';
import { startApp, type RunningApp } from '../support/app-server';
import { insertLimitedTurnAnalysis } from '../support/browser-app';
import { HOOK_TIMEOUT } from '../support/readiness';
import { signUpUser, type SignedUp } from '../support/users';

interface Workout {
  date: string;
  focusAreas: string[];
  exercises: Array<{ slug: string; name: string; target: string; reason: string }>;
  completedExercises: string[];
}

/**
 * Issue 14's daily workout: built at the first view of the local day from the latest complete
 * analysis, the same all day; a free golfer gets one view a day (spec section 6).
 */
describe('the daily workout', () => {
  const tmp = makeTempDir('workout');
  const clockFile = path.join(tmp.dir, 'clock');
  const setClock = (iso: string) => writeFileSync(clockFile, new Date(iso).toISOString());
  let app: RunningApp;
  let db: Client;

  beforeAll(async () => {
    setClock('2026-11-24T09:00:00-06:00');
    app = await startApp({ TEST_CLOCK_FILE: clockFile, APP_TIMEZONE: 'America/Chicago' });
    db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await db?.end();
    await app?.stop();
    tmp.remove();
  }, HOOK_TIMEOUT);

  const analysed = (golfer: SignedUp) => insertLimitedTurnAnalysis(db, golfer.user.id);

  const view = (golfer: SignedUp) => golfer.client.get('/api/daily-workout/1');

  it('asks for a swing analysis first', async () => {
    const golfer = await signUpUser(app.url);
    const res = await view(golfer);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('No Swing Analysis Available');
  });

  it("builds a premium golfer's workout from the analysis, the same all day", async () => {
    const golfer = await signUpUser(app.url);
    await db.query('update users set is_premium = true where id = $1', [golfer.user.id]);
    await analysed(golfer);
    const first = (await view(golfer).expect(200)).body as Workout;
    expect(first.date).toBe('2026-11-24');
    expect(first.focusAreas).toHaveLength(4);
    expect(first.focusAreas[0]).toBe('Thoracic Spine Mobility');
    expect(first.exercises.length).toBeGreaterThanOrEqual(6);
    expect(first.exercises.length).toBeLessThanOrEqual(8);
    const thoracic = first.exercises.filter((e) => e.target === 'Thoracic Spine Mobility');
    expect(thoracic.length).toBeGreaterThan(0);
    for (const e of thoracic) expect(e.reason).toBe('Shoulder turn 62° (limited), target 85-95°');
    const again = (await view(golfer).expect(200)).body as Workout;
    expect(again).toEqual(first);
    // Someone else's workout is not reachable.
    await golfer.client.get(`/api/daily-workout/${crypto.randomUUID()}`).expect(403);
  });

  it('gives a free golfer one view a day, free exercises only, and a new one the next day', async () => {
    const golfer = await signUpUser(app.url);
    await analysed(golfer);
    // Two tabs at once: one view is served, the other refused.
    const [a, b] = await Promise.all([view(golfer), view(golfer)]);
    expect([a.status, b.status].sort()).toEqual([200, 403]);
    const refused = a.status === 403 ? a : b;
    expect(refused.body).toMatchObject({
      message: 'Workout view limit reached',
      requiresUpgrade: true,
    });
    const served = (a.status === 200 ? a : b).body as Workout;
    const { rows } = await db.query<{ slug: string; is_premium: boolean }>(
      'select slug, is_premium from exercises where slug = any($1)',
      [served.exercises.map((e) => e.slug)],
    );
    expect(rows.length).toBe(served.exercises.length);
    expect(rows.every((r) => !r.is_premium)).toBe(true);

    setClock('2026-11-25T00:05:00-06:00'); // just after midnight in Chicago: a new day
    const next = (await view(golfer).expect(200)).body as Workout;
    expect(next.date).toBe('2026-11-25');
    await view(golfer).expect(403);
    setClock('2026-11-24T09:00:00-06:00');
  });

  it('completes an exercise once, with its points, under ten concurrent requests', async () => {
    const golfer = await signUpUser(app.url);
    await db.query('update users set is_premium = true where id = $1', [golfer.user.id]);
    await analysed(golfer);
    const workout = (await view(golfer).expect(200)).body as Workout;
    const [first, second] = workout.exercises;
    const complete = (name: string) =>
      golfer.client.post('/api/daily-workout/complete', { exerciseName: name });
    const answers = await Promise.all(Array.from({ length: 10 }, () => complete(first!.name)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const awarded = answers.map((r) => (r.body as { pointsAwarded: number }).pointsAwarded);
    expect(awarded.filter((p) => p > 0)).toEqual([5]);
    expect(answers[0]!.body.progress).toEqual({
      completed: 1,
      total: workout.exercises.length,
      percentage: Math.round(100 / workout.exercises.length),
    });
    const next = await complete(second!.name).expect(200);
    expect(next.body).toMatchObject({ pointsAwarded: 5, progress: { completed: 2 } });
    const { rows } = await db.query<{ n: string; sum: string }>(
      `select count(*) as n, sum(points) as sum from points_awards
        where user_id = $1 and reason = 'exercise_completion'`,
      [golfer.user.id],
    );
    expect(rows[0]).toEqual({ n: '2', sum: '10' });
    // One 'exercise_completion' notification per awarded completion, none for the repeats.
    const notes = await db.query<{ message: string }>(
      `select message from notifications where user_id = $1 and type = 'exercise_completion'`,
      [golfer.user.id],
    );
    expect(notes.rows.map((r) => r.message).sort()).toEqual(
      [
        `${first!.name}: +5 points (1/${workout.exercises.length} today).`,
        `${second!.name}: +5 points (2/${workout.exercises.length} today).`,
      ].sort(),
    );
    // Rating: only what the golfer completed, 1 to 5; the library shows the average.
    const rate = (slug: string, rating: unknown) =>
      golfer.client.post(`/api/exercises/${slug}/rating`, { rating });
    expect((await rate(first!.slug, 4).expect(200)).body).toEqual({ average: 4, count: 1 });
    await rate(first!.slug, 6).expect(400);
    await rate(first!.slug, 'x').expect(400);
    const notDone = workout.exercises.find(
      (e) => e.slug !== first!.slug && e.slug !== second!.slug,
    )!;
    await rate(notDone.slug, 3).expect(403);
    const library = (await golfer.client.get('/api/exercises').expect(200)).body as Array<{
      slug: string;
      rating: { average: number | null; count: number };
    }>;
    expect(library.find((e) => e.slug === first!.slug)?.rating).toEqual({ average: 4, count: 1 });
    const again = (await view(golfer).expect(200)).body as Workout;
    expect(again.completedExercises.sort()).toEqual([first!.name, second!.name].sort());
    // Not in today's workout, or not an exercise: refused with a reason.
    const other = await complete('No Such Exercise');
    expect(other.status).toBe(404);
    await golfer.client.post('/api/daily-workout/complete', {}).expect(400);
  });

  it('logs sets, reps and weight and reads the history back, premium and own only', async () => {
    const golfer = await signUpUser(app.url);
    await db.query('update users set is_premium = true where id = $1', [golfer.user.id]);
    const logged = await golfer.client
      .post('/api/exercise-logs', {
        exerciseName: 'Glute Bridge',
        workoutDate: '2026-11-24T15:00:00.000Z',
        sets: 3,
        reps: '12',
        weight: 'heavy', // not a number: read as 0 (spec section 5)
        duration: 0,
        notes: '',
      })
      .expect(201);
    expect(logged.body).toMatchObject({ workoutDate: '2026-11-24', sets: 3, reps: 12, weight: 0 });
    const history = await golfer.client
      .get('/api/exercise-logs/user/authenticated/history/Glute%20Bridge')
      .expect(200);
    expect(history.body).toHaveLength(1);
    const other = await signUpUser(app.url);
    await db.query('update users set is_premium = true where id = $1', [other.user.id]);
    const theirs = await other.client
      .get('/api/exercise-logs/user/authenticated/history/Glute%20Bridge')
      .expect(200);
    expect(theirs.body).toEqual([]);
    // Free golfers: logging, history and completing are premium, refused by the server.
    const free = await signUpUser(app.url);
    const refused = await free.client.post('/api/exercise-logs', { exerciseName: 'Glute Bridge' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ requiresUpgrade: true });
    await free.client
      .get('/api/exercise-logs/user/authenticated/history/Glute%20Bridge')
      .expect(403);
    await free.client
      .post('/api/daily-workout/complete', { exerciseName: 'Glute Bridge' })
      .expect(403);
    await free.client.post('/api/exercises/glute-bridge/rating', { rating: 4 }).expect(403);
  });
});
