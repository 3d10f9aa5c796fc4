import type {} from '@remix-run/server-runtime';
import type { IdentityService } from '../../modules/identity/application/identity.service';
import type { NotificationsService } from '../../modules/notifications/application/notifications.service';
import type { SwingAnalysesService } from '../../modules/analysis/application/swing-analyses.service';
import type { UploadQuotaService } from '../../modules/analysis/application/upload-quota.service';
import type { ExerciseLibraryService } from '../../modules/workout/application/exercise-library.service';
import type { DailyWorkoutService } from '../../modules/workout/application/daily-workout.service';
import type { PointsService } from '../../modules/gamification/application/points.service';
import type { BillingService } from '../../modules/billing/application/billing.service';
import type { LeaderboardService } from '../../modules/gamification/application/leaderboard.service';

/** The application services Remix loaders and actions call (never HTTP to ourselves). */
export interface AppServices {
  identity: IdentityService;
  notifications: NotificationsService;
  /** The signed-in golfer's analyses: cards, details, monthly averages (as the /api calls). */
  analyses: SwingAnalysesService;
  /** Upload status and usage limits. */
  uploadQuotas: UploadQuotaService;
  /** The exercise library. */
  exercises: ExerciseLibraryService;
  /** The golfer's workout of the day. */
  dailyWorkouts: DailyWorkoutService;
  /** Points, streak and multiplier, from the ledger. */
  points: PointsService;
  /** The month's ranking and the golfer's place in it. */
  leaderboard: LeaderboardService;
  billing: BillingService;
}

import type { AuthFlash } from '../security/session-types';

/** What every Remix loader and action receives as `context`. */
export interface WebLoadContext {
  services: AppServices;
  /** The signed-in user's id, or null. */
  userId: string | null;
  /** The CSRF token (session's when signed in, signed double-submit otherwise), for forms (`_csrf`) and fetch calls (`x-csrf-token`). */
  csrfToken: string;
  /** Per-request nonce allowed by the Content-Security-Policy for inline scripts. */
  nonce: string;
  authMode: 'local' | 'oidc';
  /** Checks the `_csrf` field of a Remix form post against the session. */
  isCsrfValid(token: unknown): boolean;
  /** Gives the signed-in session a new id (and CSRF token), still signed in: after a password change. */
  renewSession(): Promise<void>;
  /** Reads and clears the one-shot sign-in message. */
  takeFlash(): AuthFlash | undefined;
}

declare module '@remix-run/server-runtime' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends WebLoadContext {}
}
