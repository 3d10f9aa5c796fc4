import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { EntityManager } from '@mikro-orm/postgresql';
import { CronJob } from 'cron';
import { DateTime } from 'luxon';
import { Clock } from '../../../shared/clock/clock';
import { localMonth, localWeek } from '../../../shared/clock/calendar';
import { AppConfig } from '../../../shared/config/app-config';
import { NotificationsService } from '../../notifications/application/notifications.service';

interface Notice {
  userId: string;
  type: 'weekly_reset' | 'leaderboard_update';
  title: string;
  message: string;
}

/**
 * The week close (Sunday 00:00) and the month close (the 1st, 00:00), in APP_TIMEZONE. Totals
 * are read from the ledger by week and month, so a close resets nothing by hand: it tells each
 * golfer how the period ended. Each close runs once: its row in period_closes is written under
 * an advisory lock, so two app instances never both run it; one missed while the app was down
 * runs at the next boot.
 */
@Injectable()
export class PeriodClosesService implements OnApplicationBootstrap {
  private readonly logger = new Logger(PeriodClosesService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly notifications: NotificationsService,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const zone = this.config.APP_TIMEZONE;
    for (const [name, spec] of [
      ['week-close', '0 0 * * 0'],
      ['month-close', '0 0 1 * *'],
    ] as const) {
      const job = CronJob.from({
        cronTime: spec,
        timeZone: zone,
        onTick: () =>
          void this.runDue().catch((e: Error) => this.logger.error(e.stack ?? e.message)),
      });
      this.scheduler.addCronJob(name, job);
      job.start();
    }
    // A close that fails at boot is logged, not fatal: the app still serves; the next boot or
    // scheduled close tries again (only the last finished week and month: older ones are stale).
    await this.runDue().catch((e: Error) =>
      this.logger.error(`catch-up close: ${e.stack ?? e.message}`),
    );
  }

  /** Closes the last finished week and month if they are not closed yet. */
  async runDue(): Promise<{ week: boolean; month: boolean }> {
    const now = this.clock.now();
    const zone = this.config.APP_TIMEZONE;
    const lastWeek = DateTime.fromISO(localWeek(now, zone)).minus({ weeks: 1 }).toISODate()!;
    const lastMonth = DateTime.fromISO(`${localMonth(now, zone)}-01`)
      .minus({ months: 1 })
      .toFormat('yyyy-LL');
    const week = await this.close('week', lastWeek, () => this.weekNotices(lastWeek));
    const month = await this.close('month', lastMonth, () => this.monthNotices(lastMonth));
    return { week, month };
  }

  private async close(
    kind: 'week' | 'month',
    period: string,
    notices: () => Promise<Notice[]>,
  ): Promise<boolean> {
    const list = await this.em.fork().transactional(async (tx) => {
      const connection = tx.getConnection();
      await connection.execute(
        'select pg_advisory_xact_lock(hashtext(?))',
        ['period-close'],
        'all',
      );
      const inserted = await connection.execute<Array<{ kind: string }>>(
        `insert into "period_closes" ("kind", "period") values (?, ?)
         on conflict do nothing returning "kind"`,
        [kind, period],
        'all',
      );
      return inserted.length ? await notices() : null;
    });
    if (!list) return false;
    for (const n of list)
      await this.notifications.notify(n.userId, n.type, n.title, n.message, '/leaderboard');
    this.logger.log(`${kind} ${period} closed: ${list.length} golfers told`);
    return true;
  }

  /** Golfers with points in the closed week, and those whose streak it ended. */
  private async weekNotices(week: string): Promise<Notice[]> {
    const db = this.em.fork().getConnection();
    const before = DateTime.fromISO(week).minus({ weeks: 1 }).toISODate()!;
    const rows = await db.execute<
      Array<{ user_id: string; points: string; active: boolean; was: boolean }>
    >(
      `select "user_id",
              sum("points") filter (where "week" = ?) as "points",
              bool_or("week" = ? and "reason" = 'exercise_completion') as "active",
              bool_or("week" = ? and "reason" = 'exercise_completion') as "was"
         from "points_awards" where "week" in (?, ?) group by "user_id"`,
      [week, week, before, week, before],
      'all',
    );
    const notices: Notice[] = [];
    for (const r of rows) {
      const points = Number(r.points ?? 0);
      if (r.active || points > 0) {
        notices.push({
          userId: r.user_id,
          type: 'weekly_reset',
          title: 'New Week, Fresh Start',
          message: `Last week you earned ${points} points. Weekly points start again at 0: complete an exercise to keep your streak going.`,
        });
      } else if (r.was) {
        notices.push({
          userId: r.user_id,
          type: 'weekly_reset',
          title: 'Your Streak Ended',
          message:
            'Last week had no completed exercise, so your streak ended. One exercise this week starts a new one.',
        });
      }
    }
    return notices;
  }

  /** Every golfer ranked in the closed month, with the final rank. */
  private async monthNotices(month: string): Promise<Notice[]> {
    const db = this.em.fork().getConnection();
    const rows = await db.execute<Array<{ user_id: string; points: number; rank: string }>>(
      `select "user_id", "points", rank() over (order by "points" desc) as "rank"
         from "monthly_points" where "month" = ? and "points" > 0`,
      [month],
      'all',
    );
    const label = DateTime.fromISO(`${month}-01`).setLocale('en-US').toFormat('LLLL');
    return rows.map((r) => ({
      userId: r.user_id,
      type: 'leaderboard_update' as const,
      title: `${label} Leaderboard Final`,
      message: `You finished ${label} at #${r.rank} with ${r.points} points. A new month starts at 0: good luck!`,
    }));
  }
}
