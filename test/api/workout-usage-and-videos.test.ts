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
  exercises: Array<{
    slug: string;
    name: string;
    videoId: string | null;
    videoTitle: string | null;
    videoDuration: string | null;
    progressedFrom: string | null;
  }>;
}

/**
 * Issue 14: the usage summary's workout views, curated videos and their embeds, the golfer's
 * workout days, progression from logged full sets and the first-full-week achievement.
 */
describe('workout usage, videos, sessions and progression', () => {
  const tmp = makeTempDir('workout-usage');
  const clockFile = path.join(tmp.dir, 'clock');
  const setClock = (iso: string) => writeFileSync(clockFile, new Date(iso).toISOString());
  let app: RunningApp;
  let db: Client;

  beforeAll(async () => {
    setClock('2026-11-22T09:00:00-06:00'); // a Sunday in Chicago
    app = await startApp({ TEST_CLOCK_FILE: clockFile, APP_TIMEZONE: 'America/Chicago' });
    db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await db?.end();
    await app?.stop();
    tmp.remove();
  }, HOOK_TIMEOUT);

  async function premiumGolfer(): Promise<SignedUp> {
    const golfer = await signUpUser(app.url);
    await db.query('update users set is_premium = true where id = $1', [golfer.user.id]);
    await insertLimitedTurnAnalysis(db, golfer.user.id);
    return golfer;
  }
  const view = async (golfer: SignedUp) =>
    (await golfer.client.get('/api/daily-workout/1').expect(200)).body as Workout;

  it("counts a free golfer's workout views per local day", async () => {
    setClock('2026-11-22T09:00:00-06:00');
    const golfer = await signUpUser(app.url);
    await insertLimitedTurnAnalysis(db, golfer.user.id);
    const usage = async () =>
      (await golfer.client.get('/api/usage-limits').expect(200)).body as {
        workoutViews: { used: number; limit: number };
        videoUploads: { used: number; limit: number };
      };
    expect((await usage()).workoutViews).toEqual({ used: 0, limit: 1 });
    await view(golfer);
    expect(await usage()).toMatchObject({
      workoutViews: { used: 1, limit: 1 },
      videoUploads: { used: 0, limit: 1 },
    });
    setClock('2026-11-23T00:01:00-06:00');
    expect((await usage()).workoutViews).toEqual({ used: 0, limit: 1 });
    const premium = await premiumGolfer();
    await view(premium);
    await view(premium);
    const theirs = (await premium.client.get('/api/usage-limits').expect(200)).body as {
      workoutViews: { used: number; limit: number };
    };
    expect(theirs.workoutViews).toEqual({ used: 2, limit: 999 });
  });

  it('embeds curated videos for premium golfers only, and shows them in the workout', async () => {
    setClock('2026-11-22T09:00:00-06:00');
    const golfer = await premiumGolfer();
    const workout = await view(golfer);
    expect(workout.exercises.every((e) => e.videoId === null)).toBe(true);

    const target = workout.exercises[0]!;
    await db.query(
      `insert into exercise_videos (exercise_slug, video_id, title, duration_seconds)
       values ($1, 'aB3dE_6hI-9', 'How to do it well', 185)`,
      [target.slug],
    );
    const again = await view(golfer);
    expect(again.exercises[0]).toMatchObject({
      videoId: 'https://www.youtube.com/watch?v=aB3dE_6hI-9',
      videoTitle: 'How to do it well',
      videoDuration: '3:05',
    });
    const embed = await golfer.client.get('/api/youtube/embed/aB3dE_6hI-9').expect(200);
    expect(embed.body).toEqual({
      embedUrl: 'https://www.youtube-nocookie.com/embed/aB3dE_6hI-9',
      watchUrl: 'https://www.youtube.com/watch?v=aB3dE_6hI-9',
      title: 'How to do it well',
    });
    await golfer.client.get('/api/youtube/embed/zzzzzzzzzzz').expect(404);
    await golfer.client.get('/api/youtube/embed/%3Cscript%3E').expect(404);

    const free = await signUpUser(app.url);
    const refused = await free.client.get('/api/youtube/embed/aB3dE_6hI-9');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ requiresUpgrade: true });
  });

  it("lists the golfer's own workout days with their points", async () => {
    setClock('2026-11-22T09:00:00-06:00');
    const golfer = await premiumGolfer();
    const workout = await view(golfer);
    for (const e of workout.exercises.slice(0, 2)) {
      await golfer.client.post('/api/daily-workout/complete', { exerciseName: e.name }).expect(200);
    }
    const sessions = await golfer.client.get('/api/user-sessions/1').expect(200);
    expect(sessions.body).toEqual([
      {
        date: '2026-11-22',
        exercisesCompleted: 2,
        exercisesPlanned: workout.exercises.length,
        pointsEarned: 10,
      },
    ]);
    await golfer.client.get(`/api/user-sessions/${golfer.user.id}`).expect(200);
    const other = await signUpUser(app.url);
    await other.client.get(`/api/user-sessions/${golfer.user.id}`).expect(403);
    expect((await other.client.get('/api/user-sessions/1').expect(200)).body).toEqual([]);
  });

  /** Each exercise with a harder variant completed on three days, logged `short` sets short. */
  async function completedThreeTimes(golfer: SignedUp, short: number) {
    await db.query(
      `insert into exercise_completions (id, user_id, exercise_slug, workout_date)
       select gen_random_uuid(), $1, e.slug, d::date
         from exercises e, unnest(array['2026-11-01', '2026-11-05', '2026-11-09']) d
        where e.harder_variant is not null`,
      [golfer.user.id],
    );
    await db.query(
      `insert into exercise_logs (id, user_id, exercise_slug, workout_date, sets, reps, weight)
       select gen_random_uuid(), $1, c.exercise_slug, c.workout_date, e.sets - $2, e.repetitions, 0
         from exercise_completions c join exercises e on e.slug = c.exercise_slug
        where c.user_id = $1`,
      [golfer.user.id, short],
    );
  }

  it('steps up to the harder variant after three full-set completions', async () => {
    const golfer = await premiumGolfer();
    // Every exercise with a harder variant, completed at its full sets on three earlier days.
    await completedThreeTimes(golfer, 0);
    const { rows: catalog } = await db.query<{ slug: string; harder_variant: string | null }>(
      'select slug, harder_variant from exercises',
    );
    const harder = new Map(catalog.map((e) => [e.slug, e.harder_variant]));
    // A day's picks are a shuffle seeded by the golfer's id and the date; 25 of the 88 exercises
    // have a harder variant, so about one day in fourteen picks none: the week's days are
    // looked at until one picks some (all seven missing: about one chance in 10^8).
    let workout: Workout | undefined;
    let stepped: Workout['exercises'] = [];
    for (let day = 22; day <= 28 && stepped.length === 0; day++) {
      setClock(`2026-11-${day}T09:00:00-06:00`);
      workout = await view(golfer);
      stepped = workout.exercises.filter((e) => e.progressedFrom !== null);
    }
    expect(stepped.length).toBeGreaterThan(0);
    // Each came from a catalogue exercise that has a harder variant (undefined: no such slug).
    for (const exercise of stepped) {
      expect(harder.get(exercise.progressedFrom!)).toEqual(expect.any(String));
    }
    // Nothing mastered is left as it was, unless its harder variant was taken already (in the
    // workout, or picked and itself stepped up).
    const taken = new Set(workout!.exercises.flatMap((e) => [e.slug, e.progressedFrom ?? e.slug]));
    for (const exercise of workout!.exercises.filter((e) => e.progressedFrom === null)) {
      const next = harder.get(exercise.slug);
      expect(next === null || taken.has(next!)).toBe(true);
    }
    setClock('2026-11-22T09:00:00-06:00');

    // Logged below the prescribed sets: no step up.
    const partial = await premiumGolfer();
    await completedThreeTimes(partial, 1);
    const same = await view(partial);
    expect(same.exercises.filter((e) => e.progressedFrom !== null)).toEqual([]);
  });

  it('celebrates the first week with a workout on all seven days, once', async () => {
    const golfer = await premiumGolfer();
    const days = [
      '2026-11-29', // Sunday
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05', // Saturday
      '2026-12-06',
    ];
    const achievements = async () =>
      (
        await db.query<{ title: string }>(
          `select title from notifications where user_id = $1 and type = 'achievement' order by created_at`,
          [golfer.user.id],
        )
      ).rows.map((r) => r.title);
    for (const [i, day] of days.entries()) {
      setClock(`${day}T09:00:00-06:00`);
      const workout = await view(golfer);
      for (const e of workout.exercises.slice(0, 2)) {
        await golfer.client
          .post('/api/daily-workout/complete', { exerciseName: e.name })
          .expect(200);
      }
      if (i === 5) expect(await achievements()).not.toContain('First Full Week');
    }
    expect((await achievements()).filter((t) => t === 'First Full Week')).toHaveLength(1);
  });
});
