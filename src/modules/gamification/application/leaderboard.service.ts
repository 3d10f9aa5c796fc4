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
    // Knex spreads an array binding into one placeholder per element (array[?] below); a state
    // nobody lives in is an empty list, which PostgreSQL cannot type: no ranking then.
    const inState = state ? await this.identity.userIdsInState(state) : null;
    if (inState && inState.length === 0) return { month, state, entries: [], you: null };
    const db = this.em.fork().getConnection();
    // Equal points share a rank (1, 2, 2, 4); ties list in a stable order.
    const rows = await db.execute<Array<{ user_id: string; points: number; rank: string }>>(
      `select "user_id", "points", rank() over (order by "points" desc) as "rank"
         from "monthly_points"
        where "month" = ? and "points" > 0 ${inState ? 'and "user_id" = any(array[?]::uuid[])' : ''}
        order by "points" desc, "user_id" limit ?`,
      inState ? [month, inState, LEADERBOARD_SIZE] : [month, LEADERBOARD_SIZE],
      'all',
    );
    const mine = await this.position(userId, inState);
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
    const entries = rows.map((r) => entry(r.user_id, Number(r.rank), r.points));
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
    if (among && among.length === 0) return { position: null, monthlyPoints: points };
    const [ahead] = await db.execute<Array<{ n: string }>>(
      `select count(*) as "n" from "monthly_points"
        where "month" = ? and "points" > ? ${among ? 'and "user_id" = any(array[?]::uuid[])' : ''}`,
      among ? [month, points, among] : [month, points],
      'all',
    );
    return { position: Number(ahead?.n ?? 0) + 1, monthlyPoints: points };
  }
}
