import { Injectable } from '@nestjs/common';
import {
  UNLIMITED,
  UploadQuotaService,
  type UploadUsage,
  type UsageCounter,
} from '../../analysis/application/upload-quota.service';
import { DailyWorkoutService, FREE_WORKOUT_VIEWS_PER_DAY } from './daily-workout.service';

/** Spec section 3, usage summary: uploads and analysis views from `analysis`, workout views here. */
export interface UsageLimits extends UploadUsage {
  workoutViews: UsageCounter;
}

@Injectable()
export class UsageLimitsService {
  constructor(
    private readonly uploads: UploadQuotaService,
    private readonly workouts: DailyWorkoutService,
  ) {}

  async usageLimits(userId: string): Promise<UsageLimits> {
    const [upload, views] = await Promise.all([
      this.uploads.uploadUsage(userId),
      this.workouts.viewsToday(userId),
    ]);
    return {
      ...upload,
      // Counted per local day: the daily workout row of today holds the views.
      workoutViews: {
        used: views,
        limit: upload.isPremium ? UNLIMITED : FREE_WORKOUT_VIEWS_PER_DAY,
      },
    };
  }
}
