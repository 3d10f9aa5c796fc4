import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../../shared/clock/clock';
import { localMonth } from '../../../shared/clock/calendar';
import { AppConfig } from '../../../shared/config/app-config';
import { IdentityService } from '../../identity/application/identity.service';

export const LEADERBOARD_SIZE = 50;

export interface LeaderboardEntry {
  /** An id per golfer (spec): the entry's own, not the account's. */
  id: string;
  rank: number;
  displayName: string;
  state: string | null;
  points: number;
  isYou: boolean;
}

export interface MonthlyPosition {
  /** 1 for the most points this month; null before the golfer's first points of the month. */
  position: number | null;
  monthlyPoints: number;
}

export interface Leaderboard {
  month: string;
  /** Set when filtered to one state. */
  state: string | null;
  entries: LeaderboardEntry[];
  /** The golfer's own row, also when far below the list. */
  you: LeaderboardEntry | null;
}

/** The month's ranking, read from monthly_points (kept in step with the ledger). */
@Injectable()
export class LeaderboardService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly identity: IdentityService,
  ) {}

  private month(): string {
    return localMonth(this.clock.now(), this.config.APP_TIMEZONE);
  }

  async monthly(userId: string, state: string | null = null): Promise<Leaderboard> {
    const month = this.month();
    const inState = state ? await this.identity.userIdsInState(state) : null;
    const db = this.em.fork().getConnection();
    // The top of the month straight off the (month, points desc) index; ranks are computed here:
    // equal points share a rank (1, 2, 2, 4), which depends only on the rows above.
    const rows = await db.execute<Array<{ user_id: string; points: number }>>(
      `select "user_id", "points" from "monthly_points"
        where "month" = ? and "points" > 0 ${inState ? 'and "user_id" = any(?::uuid[])' : ''}
        order by "points" desc, "user_id" limit ?`,
      inState ? [month, uuidArray(inState), LEADERBOARD_SIZE] : [month, LEADERBOARD_SIZE],
      'all',
    );
    const ranks: number[] = [];
    rows.forEach((r, i) =>
      ranks.push(i > 0 && rows[i - 1]!.points === r.points ? ranks[i - 1]! : i + 1),
    );
    // Filtered to a state the golfer is not from, the golfer has no row of their own.
    const mine =
      inState && !inState.includes(userId)
        ? { position: null, monthlyPoints: 0 }
        : await this.position(userId, inState);
    const ids = [...new Set([...rows.map((r) => r.user_id), userId])];
    const profiles = await this.identity.leaderboardProfiles(ids);
    const entry = (id: string, rank: number, points: number): LeaderboardEntry => ({
      // Stable for the month, and not the account id (others' ids stay private).
      id: createHash('sha256').update(`${month}:${id}`).digest('hex').slice(0, 16),
      rank,
      displayName: profiles.get(id)?.displayName ?? 'Golfer',
      state: profiles.get(id)?.state ?? null,
      points,
      isYou: id === userId,
    });
    const entries = rows.map((r, i) => entry(r.user_id, ranks[i]!, r.points));
    const you =
      mine.position === null
        ? null
        : (entries.find((e) => e.isYou) ?? entry(userId, mine.position, mine.monthlyPoints));
    return { month, state, entries, you };
  }

  /** Spec: GET /api/users/1/monthly-position. */
  async position(userId: string, among: string[] | null = null): Promise<MonthlyPosition> {
    const month = this.month();
    const db = this.em.fork().getConnection();
    const [own] = await db.execute<Array<{ points: number }>>(
      'select "points" from "monthly_points" where "user_id" = ? and "month" = ?',
      [userId, month],
      'all',
    );
    const points = own?.points ?? 0;
    if (points <= 0) return { position: null, monthlyPoints: 0 };
    const [ahead] = await db.execute<Array<{ n: string }>>(
      `select count(*) as "n" from "monthly_points"
        where "month" = ? and "points" > ? ${among ? 'and "user_id" = any(?::uuid[])' : ''}`,
      among ? [month, points, uuidArray(among)] : [month, points],
      'all',
    );
    return { position: Number(ahead?.n ?? 0) + 1, monthlyPoints: points };
  }
}

/**
 * One PostgreSQL array literal ('{id,id}') for `any(?::uuid[])`: a single parameter however many
 * golfers a state has (knex would spread a JS array into one placeholder each). The ids come from
 * our own uuid column.
 */
function uuidArray(ids: string[]): string {
  return `{${ids.join(',')}}`;
}
