import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EntityManager, type AbstractSqlConnection } from '@mikro-orm/postgresql';
import { Clock } from '../../../shared/clock/clock';
import { localDate, localMonth, localWeek } from '../../../shared/clock/calendar';
import { AppConfig } from '../../../shared/config/app-config';
import { DomainEvents, type DomainEventMap } from '../../../shared/events/domain-events';
import { NotificationsService } from '../../notifications/application/notifications.service';
import { currentStreak, streakBefore, tierFor, UPLOAD_POINTS } from '../domain/points';
import { multiplierLabel } from '../domain/streak-multiplier';
import type { PointsReason } from '../domain/points-award.entity';

export interface PointsSummary {
  totalPoints: number;
  monthlyPoints: number;
  weeklyPoints: number;
  /** Weeks in a row with an exercise, this one counted once it has one. */
  streak: number;
  /** Points the next exercise earns this week. */
  pointsPerExercise: number;
  multiplier: number;
  /** The spec's label for it: '1.0x', '1.25x'. */
  multiplierLabel: string;
}

/** A connection to run the award on: the caller's transaction, so it commits with its cause. */
export type SqlRunner = Pick<AbstractSqlConnection, 'execute'>;

/**
 * Points, from the ledger alone. Awards are idempotent (the ledger's unique key); totals,
 * streaks and multipliers are read from it, so nothing can drift out of step.
 */
@Injectable()
export class PointsService implements OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly events: DomainEvents,
    private readonly notifications: NotificationsService,
  ) {}

  onModuleInit(): void {
    // +10 for an accepted swing upload; a re-delivered event finds the award already there.
    this.events.on('analysis.upload-succeeded', async (event) => {
      const points = await this.award(
        this.runner(),
        event.userId,
        'swing_upload',
        event.analysisId,
        UPLOAD_POINTS,
      );
      if (points > 0 && (await this.count(event.userId, 'swing_upload')) === 1) {
        await this.notifications.notify(
          event.userId,
          'achievement',
          'First Swing Uploaded',
          `You earned ${points} points for your first swing video. Keep them coming!`,
          '/leaderboard',
        );
      }
    });
    this.events.on('workout.exercise-completed', (event) => this.onExerciseCompleted(event));
  }

  /** The completion's notification, and a streak milestone when this week reached a new tier. */
  private async onExerciseCompleted(event: DomainEventMap['workout.exercise-completed']) {
    const { userId } = event;
    await this.notifications.notify(
      userId,
      'exercise_completion',
      'Exercise Completed',
      `${event.exerciseName}: +${event.pointsAwarded} points (${event.completed}/${event.total} today).`,
      '/daily-workout',
    );
    // Every exercise of the day done, and these are the golfer's only completions: the first.
    const all = await this.count(userId, 'exercise_completion');
    if (event.completed === event.total && all === event.total) {
      await this.notifications.notify(
        userId,
        'achievement',
        'First Workout Completed',
        'You finished every exercise of a daily workout. That is how swings change.',
        '/daily-workout',
      );
    }
    if (await this.completedFirstFullWeek(userId)) {
      await this.notifications.notify(
        userId,
        'achievement',
        'First Full Week',
        'You worked out on all seven days of a week. Your body will feel it in your swing.',
        '/leaderboard',
      );
    }
    // The week's first exercise opens a new multiplier tier: the streak of the weeks before it
    // is what multiplies this week's exercises (three weeks give 6 points an exercise).
    const week = localWeek(this.clock.now(), this.config.APP_TIMEZONE);
    const before = streakBefore(await this.activeWeeks(this.runner(), userId), week);
    const tier = tierFor(before);
    const firstThisWeek = (await this.count(userId, 'exercise_completion', week)) === 1;
    if (firstThisWeek && before > 0 && tier.minWeeks === before) {
      await this.notifications.notify(
        userId,
        'streak_milestone',
        `${before}-Week Streak!`,
        `Your exercises now earn ${tier.pointsPerExercise} points each (${multiplierLabel(tier)}).`,
        '/how-points-work',
      );
    }
  }

  /**
   * True at the first completion of the day that made this week the golfer's first with
   * exercises on all seven days (Sunday to Saturday).
   */
  private async completedFirstFullWeek(userId: string): Promise<boolean> {
    const now = this.clock.now();
    const zone = this.config.APP_TIMEZONE;
    const [row] = await this.runner().execute<
      Array<{ full_weeks: string; this_week_full: boolean | null; today: string }>
    >(
      `select count(*) filter (where "days" = 7) as "full_weeks",
              bool_or("week" = ?::date and "days" = 7) as "this_week_full",
              (select count(*) from "points_awards"
                where "user_id" = ? and "reason" = 'exercise_completion' and "local_date" = ?::date) as "today"
         from (select "week", count(distinct "local_date") as "days" from "points_awards"
                where "user_id" = ? and "reason" = 'exercise_completion' group by "week") as "weeks"`,
      [localWeek(now, zone), userId, localDate(now, zone), userId],
      'all',
    );
    return row?.this_week_full === true && Number(row.full_weeks) === 1 && Number(row.today) === 1;
  }

  private async count(userId: string, reason: PointsReason, week?: string): Promise<number> {
    const [row] = await this.runner().execute<Array<{ n: string }>>(
      `select count(*) as "n" from "points_awards"
        where "user_id" = ? and "reason" = ? ${week ? 'and "week" = ?' : ''}`,
      week ? [userId, reason, week] : [userId, reason],
      'all',
    );
    return Number(row?.n ?? 0);
  }

  /**
   * Points for a completed exercise (5 times the streak multiplier), on the caller's
   * transaction; 0 when this completion was already awarded.
   */
  async awardExercise(db: SqlRunner, userId: string, source: string): Promise<number> {
    const now = this.clock.now();
    const weeks = await this.activeWeeks(db, userId);
    const points = tierFor(
      streakBefore(weeks, localWeek(now, this.config.APP_TIMEZONE)),
    ).pointsPerExercise;
    return this.award(db, userId, 'exercise_completion', source, points);
  }

  /** Admin panel: total and this week's points of each of these golfers. */
  async totalsFor(
    userIds: readonly string[],
  ): Promise<Map<string, { totalPoints: number; weeklyPoints: number }>> {
    if (userIds.length === 0) return new Map();
    const week = localWeek(this.clock.now(), this.config.APP_TIMEZONE);
    const rows = await this.runner().execute<
      Array<{ user_id: string; total: string; weekly: string | null }>
    >(
      `select "user_id", sum("points") as "total", sum("points") filter (where "week" = ?) as "weekly"
         from "points_awards" where "user_id" = any(?::uuid[]) group by "user_id"`,
      [week, `{${userIds.join(',')}}`],
      'all',
    );
    return new Map(
      rows.map((r) => [
        r.user_id,
        { totalPoints: Number(r.total), weeklyPoints: Number(r.weekly ?? 0) },
      ]),
    );
  }

  /** Points earned by completed exercises on each local day ('YYYY-MM-DD' -> points). */
  async exercisePointsByDay(userId: string): Promise<Map<string, number>> {
    const rows = await this.runner().execute<Array<{ day: string; points: string }>>(
      `select to_char("local_date", 'YYYY-MM-DD') as "day", sum("points") as "points"
         from "points_awards" where "user_id" = ? and "reason" = 'exercise_completion'
        group by "local_date"`,
      [userId],
      'all',
    );
    return new Map(rows.map((r) => [r.day, Number(r.points)]));
  }

  async summary(userId: string): Promise<PointsSummary> {
    const now = this.clock.now();
    const zone = this.config.APP_TIMEZONE;
    const db = this.runner();
    // The month from monthly_points, the table the leaderboard ranks: one number everywhere.
    const [totals] = await db.execute<
      Array<{ total: string | null; monthly: string | null; weekly: string | null }>
    >(
      `select sum("points") as "total",
              sum("points") filter (where "week" = ?) as "weekly",
              (select "points" from "monthly_points" where "user_id" = ? and "month" = ?) as "monthly"
         from "points_awards" where "user_id" = ?`,
      [localWeek(now, zone), userId, localMonth(now, zone), userId],
      'all',
    );
    const weeks = await this.activeWeeks(db, userId);
    const week = localWeek(now, zone);
    const tier = tierFor(streakBefore(weeks, week));
    return {
      totalPoints: Number(totals?.total ?? 0),
      monthlyPoints: Number(totals?.monthly ?? 0),
      weeklyPoints: Number(totals?.weekly ?? 0),
      streak: currentStreak(weeks, week),
      pointsPerExercise: tier.pointsPerExercise,
      multiplier: tier.multiplier,
      multiplierLabel: multiplierLabel(tier),
    };
  }

  private async award(
    db: SqlRunner,
    userId: string,
    reason: PointsReason,
    source: string,
    points: number,
  ): Promise<number> {
    const now = this.clock.now();
    const zone = this.config.APP_TIMEZONE;
    // One statement: the award and the month's total commit together or not at all.
    const rows = await db.execute<Array<{ points: number }>>(
      `with "awarded" as (
         insert into "points_awards" ("id", "user_id", "reason", "source", "points", "local_date", "week", "month")
         values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?)
         on conflict ("user_id", "reason", "source") do nothing
         returning "user_id", "month", "points"),
       "totals" as (
         insert into "monthly_points" ("user_id", "month", "points")
         select "user_id", "month", "points" from "awarded"
         on conflict ("user_id", "month")
           do update set "points" = "monthly_points"."points" + excluded."points")
       select "points" from "awarded"`,
      [
        userId,
        reason,
        source,
        points,
        localDate(now, zone),
        localWeek(now, zone),
        localMonth(now, zone),
      ],
      'all',
    );
    return rows[0]?.points ?? 0;
  }

  /** Sundays ('YYYY-MM-DD') of the weeks with at least one completed exercise. */
  private async activeWeeks(db: SqlRunner, userId: string): Promise<Set<string>> {
    const rows = await db.execute<Array<{ week: string }>>(
      `select distinct to_char("week", 'YYYY-MM-DD') as "week" from "points_awards"
        where "user_id" = ? and "reason" = 'exercise_completion'`,
      [userId],
      'all',
    );
    return new Set(rows.map((r) => r.week));
  }

  private runner(): SqlRunner {
    return this.em.fork().getConnection();
  }
}
