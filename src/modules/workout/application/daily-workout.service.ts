import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import { AppConfig } from '../../../shared/config/app-config';
import { Clock } from '../../../shared/clock/clock';
import { DomainEvents } from '../../../shared/events/domain-events';
import { NotFoundError, RefusedError } from '../../../shared/errors/app-errors';
import { IdentityService } from '../../identity/application/identity.service';
import { SwingAnalysesService } from '../../analysis/application/swing-analyses.service';
import type { FocusCategory } from '../../swing-engine/rules';
import {
  difficultyLabel,
  formatDuration,
  type Difficulty,
  type ExerciseCategory,
} from '../domain/exercise';
import { EXERCISE_CATALOG, findExercise } from '../domain/exercise-catalog';
import { planDailyWorkout } from '../domain/daily-workout';
import { DailyWorkoutEntity } from '../domain/daily-workout.entity';
import { exerciseImageUrl } from './exercise-library.service';
import { PointsService } from '../../gamification/application/points.service';
import { exerciseByName } from '../domain/exercise-catalog';
import { watchUrl, type ExerciseVideo } from '../domain/exercise-video';
import { ExerciseVideosService } from './exercise-videos.service';

/** Days of earlier workouts whose exercises today's plan avoids repeating. */
const VARIETY_DAYS = 3;
export const NO_ANALYSIS_MESSAGE = 'No Swing Analysis Available';
export const VIEW_LIMIT_MESSAGE = 'Workout view limit reached';
/** Spec section 6: a free golfer opens the daily workout once a local day. */
export const FREE_WORKOUT_VIEWS_PER_DAY = 1;

/** One exercise of the day as the screen shows it (spec section 3, Daily workout). */
export interface WorkoutExercise {
  slug: string;
  name: string;
  category: ExerciseCategory;
  /** The focus area it serves. */
  target: FocusCategory;
  description: string;
  cues: string[];
  /** Why it is here: the measured value, or why the defaults apply. */
  reason: string;
  duration: number;
  difficulty: Difficulty;
  difficultyLabel: 'Easy' | 'Medium' | 'Hard';
  sets: number;
  repetitions: number;
  imageUrl: string;
  /** The curated video's URL on the video site (spec: videoId is a video URL); null: none. */
  videoId: string | null;
  videoTitle: string | null;
  /** m:ss, when known. */
  videoDuration: string | null;
  /** The easier exercise this one replaced after three full completions. */
  progressedFrom: string | null;
}

export interface DailyWorkoutView {
  date: string;
  focusAreas: FocusCategory[];
  exercises: WorkoutExercise[];
  completedExercises: string[];
}

@Injectable()
export class DailyWorkoutService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly identity: IdentityService,
    private readonly analyses: SwingAnalysesService,
    private readonly points: PointsService,
    private readonly events: DomainEvents,
    private readonly videos: ExerciseVideosService,
  ) {}

  /** The local day in APP_TIMEZONE, 'YYYY-MM-DD'. */
  today(): string {
    return DateTime.fromJSDate(this.clock.now(), { zone: this.config.APP_TIMEZONE }).toISODate()!;
  }

  /**
   * Today's workout, built at the first view of the day and the same all day. A free golfer
   * may open it once a day (spec section 6); every view is counted under a row lock, so two
   * tabs cannot both get the one free view.
   */
  async view(userId: string): Promise<DailyWorkoutView> {
    const user = await this.identity.currentUser(userId);
    if (!user) throw new NotFoundError('User Not Found: Unable to load user profile');
    const date = this.today();
    const existing = await this.em
      .fork()
      .findOne(DailyWorkoutEntity, { userId, workoutDate: date });
    if (!existing) await this.create(userId, user.isPremium, date);

    return this.em.fork().transactional(async (tx) => {
      const row = await tx.findOneOrFail(
        DailyWorkoutEntity,
        { userId, workoutDate: date },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!user.isPremium && row.views >= FREE_WORKOUT_VIEWS_PER_DAY) {
        throw new RefusedError(403, 'Daily Workout Limit Reached', VIEW_LIMIT_MESSAGE, {
          requiresUpgrade: true,
        });
      }
      row.views += 1;
      await tx.flush();
      const [done, videos] = await Promise.all([
        this.completedToday(userId, date),
        this.videos.forExercises(row.exercises.map((e) => e.slug)),
      ]);
      return toView(row, done, videos);
    });
  }

  /** How often the golfer opened today's workout (0 before the first view of the day). */
  async viewsToday(userId: string): Promise<number> {
    const row = await this.em
      .fork()
      .findOne(DailyWorkoutEntity, { userId, workoutDate: this.today() });
    return row?.views ?? 0;
  }

  /** Admin panel: today's workout views of each of these golfers. */
  async viewsTodayFor(userIds: readonly string[]): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.em
      .fork()
      .find(DailyWorkoutEntity, { userId: { $in: [...userIds] }, workoutDate: this.today() });
    return new Map(rows.map((r) => [r.userId, r.views]));
  }

  /** Admin reset of Workout Views: today's view is given back (the workout itself stays). */
  async resetViewsToday(userId: string): Promise<void> {
    await this.em
      .fork()
      .nativeUpdate(DailyWorkoutEntity, { userId, workoutDate: this.today() }, { views: 0 });
  }

  /**
   * Marks one of today's exercises done (premium) and awards its points in the same
   * transaction. The database allows one completion per exercise per golfer per day, so a
   * retried or concurrent request completes and awards once; it answers 0 points then.
   */
  async complete(userId: string, exerciseName: string): Promise<CompletionResult> {
    await this.requirePremium(userId, 'Completing exercises is a Premium feature.');
    const date = this.today();
    const row = await this.em.fork().findOne(DailyWorkoutEntity, { userId, workoutDate: date });
    const exercise = exerciseByName(exerciseName);
    if (!row || !exercise || !row.exercises.some((e) => e.slug === exercise.slug)) {
      throw new NotFoundError("That exercise is not in today's workout.");
    }
    const pointsAwarded = await this.em.fork().transactional(async (tx) => {
      const connection = tx.getConnection();
      const inserted = await connection.execute<Array<{ id: string }>>(
        `insert into "exercise_completions" ("id", "user_id", "exercise_slug", "workout_date")
         values (gen_random_uuid(), ?, ?, ?)
         on conflict ("user_id", "exercise_slug", "workout_date") do nothing
         returning "id"`,
        [userId, exercise.slug, date],
        'all',
      );
      if (inserted.length === 0) return 0;
      return this.points.awardExercise(connection, userId, `${exercise.slug}:${date}`);
    });
    const done = await this.completedToday(userId, date);
    const total = row.exercises.length;
    const completed = row.exercises.filter((e) => done.has(e.slug)).length;
    if (pointsAwarded > 0) {
      // After the commit: notifications and achievements react, never undo the completion.
      await this.events.publish('workout.exercise-completed', {
        userId,
        exerciseName: exercise.name,
        pointsAwarded,
        completed,
        total,
        occurredAt: this.clock.now(),
      });
    }
    return {
      progress: { completed, total, percentage: Math.round((completed / total) * 100) },
      pointsAwarded,
    };
  }

  async requirePremium(userId: string, message: string): Promise<void> {
    const user = await this.identity.currentUser(userId);
    if (!user?.isPremium) {
      throw new RefusedError(403, 'Premium Feature', message, { requiresUpgrade: true });
    }
  }

  private async completedToday(userId: string, date: string): Promise<Set<string>> {
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<Array<{ slug: string }>>(
        `select "exercise_slug" as "slug" from "exercise_completions"
          where "user_id" = ? and "workout_date" = ?`,
        [userId, date],
        'all',
      );
    return new Set(rows.map((r) => r.slug));
  }

  /**
   * Per exercise, the days the golfer completed it and logged at least its prescribed sets:
   * three such days step the plan up to its harder variant.
   */
  private async masteredCounts(userId: string): Promise<Map<string, number>> {
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<Array<{ slug: string; days: string }>>(
        `select c."exercise_slug" as "slug", count(distinct c."workout_date") as "days"
           from "exercise_completions" c
           join "exercises" e on e."slug" = c."exercise_slug"
          where c."user_id" = ?
            and exists (select 1 from "exercise_logs" l
                         where l."user_id" = c."user_id" and l."exercise_slug" = c."exercise_slug"
                           and l."workout_date" = c."workout_date" and l."sets" >= e."sets")
          group by c."exercise_slug"`,
        [userId],
        'all',
      );
    return new Map(rows.map((r) => [r.slug, Number(r.days)]));
  }

  private async create(userId: string, isPremium: boolean, date: string): Promise<void> {
    const focus = await this.analyses.latestFocus(userId);
    if (!focus) throw new NotFoundError(NO_ANALYSIS_MESSAGE);
    const since = DateTime.fromISO(date).minus({ days: VARIETY_DAYS }).toISODate()!;
    const earlier = await this.em
      .fork()
      .find(DailyWorkoutEntity, { userId, workoutDate: { $gte: since, $lt: date } });
    const plan = planDailyWorkout(EXERCISE_CATALOG, {
      focus,
      isPremium,
      recent: new Set(earlier.flatMap((w) => w.exercises.map((e) => e.slug))),
      mastered: await this.masteredCounts(userId),
      seed: `${userId}:${date}`,
    });
    // Two first views at once: the unique key keeps one workout for the day.
    await this.em
      .fork()
      .getConnection()
      .execute(
        `insert into "daily_workouts" ("id", "user_id", "workout_date", "focus", "exercises")
         values (gen_random_uuid(), ?, ?, ?::jsonb, ?::jsonb)
         on conflict ("user_id", "workout_date") do nothing`,
        [userId, date, JSON.stringify(focus), JSON.stringify(plan)],
      );
  }
}

/** Spec section 3: the complete-exercise response. */
export interface CompletionResult {
  progress: { completed: number; total: number; percentage: number };
  pointsAwarded: number;
}

function toView(
  row: DailyWorkoutEntity,
  done: ReadonlySet<string>,
  videos: ReadonlyMap<string, ExerciseVideo>,
): DailyWorkoutView {
  const exercises: WorkoutExercise[] = [];
  for (const planned of row.exercises) {
    const e = findExercise(planned.slug);
    if (!e) continue; // taken out of the catalog since: the rest of the day's plan stands
    const video = videos.get(e.slug);
    exercises.push({
      slug: e.slug,
      name: e.name,
      category: e.category,
      target: planned.focus,
      description: e.description,
      cues: e.cues,
      reason: planned.reason,
      duration: e.durationSeconds,
      difficulty: e.difficulty,
      difficultyLabel: difficultyLabel(e.difficulty),
      sets: e.sets,
      repetitions: e.repetitions,
      imageUrl: exerciseImageUrl(e.slug),
      videoId: video ? watchUrl(video.videoId) : null,
      videoTitle: video?.title ?? null,
      videoDuration: video?.durationSeconds ? formatDuration(video.durationSeconds) : null,
      progressedFrom: planned.progressedFrom ?? null,
    });
  }
  return {
    date: String(row.workoutDate).slice(0, 10),
    focusAreas: row.focus.map((f) => f.focus),
    exercises,
    completedExercises: exercises.filter((e) => done.has(e.slug)).map((e) => e.name),
  };
}
