import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppConfig } from '../../../shared/config/app-config';
import { Clock } from '../../../shared/clock/clock';
import { NotFoundError } from '../../../shared/errors/app-errors';
import { IdentityService } from '../../identity/application/identity.service';
import {
  FREE_UPLOAD_LIMIT,
  UNLIMITED,
  uploadStatus,
  weekStart,
  type UploadHistory,
  type UploadStatus,
} from '../domain/upload-quota';
import { UploadSlotEntity } from '../domain/upload-slot.entity';

/** A limit of 999 or more means unlimited (spec section 5); other modules' counters use it too. */
export { UNLIMITED };

/** A usage counter as GET /api/usage-limits shows it; a limit of 999 means unlimited. */
export interface UsageCounter {
  used: number;
  limit: number;
}

/** The analysis module's share of the usage summary; the workout module adds workoutViews. */
export interface UploadUsage {
  isPremium: boolean;
  videoUploads: UsageCounter;
  analysisViews: UsageCounter;
}

/** Upload allowances as the screens show them (GET /api/upload-status; its share of /api/usage-limits). */
@Injectable()
export class UploadQuotaService {
  constructor(
    private readonly em: EntityManager,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly identity: IdentityService,
  ) {}

  async history(
    userId: string,
    isPremium: boolean,
    now = this.clock.now(),
  ): Promise<UploadHistory> {
    const em = this.em.fork();
    const [totalUploads, thisWeek] = await Promise.all([
      em.count(UploadSlotEntity, { userId }),
      em.find(UploadSlotEntity, {
        userId,
        slot: { $in: ['driver', '7-iron'] },
        periodStart: weekStart(now, this.config.APP_TIMEZONE),
      }),
    ]);
    return { isPremium, totalUploads, slotsThisWeek: thisWeek.map((s) => s.slot) };
  }

  /** The signed-in golfer's upload allowance this week (spec section 5). */
  async status(userId: string): Promise<UploadStatus> {
    const user = await this.identity.currentUser(userId);
    if (!user) throw new NotFoundError('User Not Found: Unable to load user profile');
    const now = this.clock.now();
    return uploadStatus(
      await this.history(userId, user.isPremium, now),
      now,
      this.config.APP_TIMEZONE,
    );
  }

  /** Admin panel: uploads counted against each of these golfers' allowance. */
  async uploadsUsedFor(userIds: readonly string[]): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<Array<{ user_id: string; n: string }>>(
        `select "user_id", count(*) as "n" from "upload_slots"
          where "user_id" = any(?::uuid[]) group by "user_id"`,
        [`{${userIds.join(',')}}`],
        'all',
      );
    return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
  }

  /**
   * Admin reset of Video Uploads: the golfer's used upload slots are released (a free golfer
   * gets their upload back, a premium golfer this week's Driver and 7-Iron). Their analyses stay.
   */
  async resetUploads(userId: string): Promise<number> {
    return this.em.fork().nativeDelete(UploadSlotEntity, { userId });
  }

  async uploadUsage(userId: string): Promise<UploadUsage> {
    const user = await this.identity.currentUser(userId);
    if (!user) throw new NotFoundError('User Not Found: Unable to load user profile');
    const history = await this.history(userId, user.isPremium);
    return {
      isPremium: user.isPremium,
      videoUploads: {
        used: history.totalUploads,
        limit: user.isPremium ? UNLIMITED : FREE_UPLOAD_LIMIT,
      },
      analysisViews: { used: user.analysisViewsUsed, limit: UNLIMITED },
    };
  }
}
