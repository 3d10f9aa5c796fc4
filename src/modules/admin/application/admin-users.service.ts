import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../shared/errors/app-errors';
import { validateInput } from '../../../shared/validation';
import { IdentityService } from '../../identity/application/identity.service';
import {
  UNLIMITED,
  UploadQuotaService,
  type UsageCounter,
} from '../../analysis/application/upload-quota.service';
import { PointsService } from '../../gamification/application/points.service';
import { DailyWorkoutService } from '../../workout/application/daily-workout.service';
import { AdminAuditService } from './admin-audit.service';
import { ResetUsageDto, UserListQuery } from './admin-inputs';

/** One golfer on /admin (spec section 2): who, plan, points and the three usage counters. */
export interface AdminUserRow {
  id: string;
  email: string | null;
  name: string;
  isPremium: boolean;
  createdAt: string;
  totalPoints: number;
  weeklyPoints: number;
  usage: {
    videoUploads: UsageCounter;
    analysisViews: UsageCounter;
    workoutViews: UsageCounter;
  };
}

export interface AdminUserPage {
  counts: { total: number; premium: number; free: number };
  search: string;
  page: number;
  pageSize: number;
  /** Golfers matching the search (all pages). */
  matching: number;
  users: AdminUserRow[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FREE_UPLOADS = 1;
const FREE_WORKOUT_VIEWS = 1;

/** The admin's golfer list and usage resets, read from and written to the owning modules. */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly identity: IdentityService,
    private readonly uploads: UploadQuotaService,
    private readonly workouts: DailyWorkoutService,
    private readonly points: PointsService,
    private readonly audit: AdminAuditService,
  ) {}

  async list(query: unknown): Promise<AdminUserPage> {
    const q = await validateInput(UserListQuery, query);
    const [counts, directory] = await Promise.all([
      this.identity.golferCounts(),
      this.identity.directory({
        search: q.search,
        offset: (q.page - 1) * q.pageSize,
        limit: q.pageSize,
      }),
    ]);
    const ids = directory.users.map((u) => u.id);
    const [uploads, views, points] = await Promise.all([
      this.uploads.uploadsUsedFor(ids),
      this.workouts.viewsTodayFor(ids),
      this.points.totalsFor(ids),
    ]);
    return {
      counts,
      search: q.search,
      page: q.page,
      pageSize: q.pageSize,
      matching: directory.matching,
      users: directory.users.map((u) => ({
        id: u.id,
        email: u.email,
        name: [u.firstName, u.lastName].filter(Boolean).join(' '),
        isPremium: u.isPremium,
        createdAt: u.createdAt,
        totalPoints: points.get(u.id)?.totalPoints ?? 0,
        weeklyPoints: points.get(u.id)?.weeklyPoints ?? 0,
        usage: {
          videoUploads: {
            used: uploads.get(u.id) ?? 0,
            limit: u.isPremium ? UNLIMITED : FREE_UPLOADS,
          },
          analysisViews: { used: u.analysisViewsUsed, limit: UNLIMITED },
          workoutViews: {
            used: views.get(u.id) ?? 0,
            limit: u.isPremium ? UNLIMITED : FREE_WORKOUT_VIEWS,
          },
        },
      })),
    };
  }

  /**
   * Spec section 7's reset-usage: the counter the quota code reads goes back to zero (Video
   * Uploads releases the used upload slots, Workout Views gives today's view back).
   */
  async resetUsage(actor: string, userId: string, body: unknown): Promise<{ message: string }> {
    const { field } = await validateInput(ResetUsageDto, body);
    if (!UUID.test(userId)) throw new NotFoundError('User not found.');
    const exists = await this.identity.resetUsageCounter(userId, field);
    if (!exists) throw new NotFoundError('User not found.');
    if (field === 'videoUploadsUsed') await this.uploads.resetUploads(userId);
    if (field === 'workoutViewsUsed') await this.workouts.resetViewsToday(userId);
    await this.audit.record({ actor, action: 'reset-usage', targetUserId: userId, detail: field });
    return { message: 'Usage Reset' };
  }
}
