/**
 * Upload allowances (spec sections 1, 4, 6, 9): free users 1 upload in total; premium users one
 * Driver and one 7-Iron upload per week, reset every Sunday at midnight in APP_TIMEZONE;
 * down-the-line video for premium only. Pure: the caller passes the clock's now and the zone.
 */
import { DateTime } from 'luxon';
import type { Club } from '../../swing-engine/rules';
import { weekStart } from '../../../shared/clock/calendar';

export type UploadSlotName = 'free' | 'driver' | '7-iron';

export const FREE_UPLOAD_LIMIT = 1;
/** The free slot's period: one for all time. */
export const FREE_PERIOD_START = new Date(0);
/** Spec section 5: a limit of 999 or more means unlimited. */
export const UNLIMITED = 999;

// Sunday 00:00 of the week in APP_TIMEZONE: the app's one calendar rule.
export { weekStart } from '../../../shared/clock/calendar';

export function nextWeekStart(now: Date, zone: string): Date {
  return DateTime.fromJSDate(weekStart(now, zone), { zone }).plus({ weeks: 1 }).toJSDate();
}

export interface UploadHistory {
  isPremium: boolean;
  /** Upload slots ever used by the user (any kind). */
  totalUploads: number;
  /** Premium slots used in the current week. */
  slotsThisWeek: UploadSlotName[];
}

/** Spec section 3's Upload status, plus what the screens show next to it. */
export interface UploadStatus {
  isPremium: boolean;
  weeklyDriverUploaded: boolean;
  weeklySevenIronUploaded: boolean;
  canUploadDriver: boolean;
  canUploadSevenIron: boolean;
  isFreeLimitReached: boolean;
  uploadsUsed: number;
  /** 1 for free users; 999 (unlimited by the spec's rule) for premium users' total. */
  uploadLimit: number;
  /** Sunday 00:00 (APP_TIMEZONE) when the premium weekly slots open again. */
  weeklyResetAt: string;
  /** The same moment for the golfer to read: 'Sunday, November 29 at 12:00 AM CST'. */
  weeklyResetLabel: string;
}

/** When the weekly slots open again, in the app's zone, as a golfer reads it. */
export function weeklyResetLabel(now: Date, zone: string): string {
  return DateTime.fromJSDate(nextWeekStart(now, zone), { zone })
    .setLocale('en-US')
    .toFormat("cccc, LLLL d 'at' h:mm a ZZZZ");
}

export function uploadStatus(history: UploadHistory, now: Date, zone: string): UploadStatus {
  const driver = history.slotsThisWeek.includes('driver');
  const sevenIron = history.slotsThisWeek.includes('7-iron');
  const freeLimitReached = !history.isPremium && history.totalUploads >= FREE_UPLOAD_LIMIT;
  return {
    isPremium: history.isPremium,
    weeklyDriverUploaded: driver,
    weeklySevenIronUploaded: sevenIron,
    canUploadDriver: history.isPremium ? !driver : !freeLimitReached,
    canUploadSevenIron: history.isPremium ? !sevenIron : !freeLimitReached,
    isFreeLimitReached: freeLimitReached,
    uploadsUsed: history.totalUploads,
    uploadLimit: history.isPremium ? UNLIMITED : FREE_UPLOAD_LIMIT,
    weeklyResetAt: nextWeekStart(now, zone).toISOString(),
    weeklyResetLabel: weeklyResetLabel(now, zone),
  };
}

export type UploadDecision =
  | { ok: true; slot: UploadSlotName; periodStart: Date }
  | {
      ok: false;
      status: 400 | 403;
      requiresUpgrade: boolean;
      title: string;
      message: string;
    };

export type UploadRefusal = Extract<UploadDecision, { ok: false }>;

export const FREE_LIMIT_TITLE = 'Upload Limit Reached';
export const FREE_LIMIT_MESSAGE =
  "You've used your free video upload. Upgrade to premium for weekly uploads.";
export const WEEKLY_LIMIT_TITLE = 'Weekly Upload Limit Reached';
export const DOWN_THE_LINE_TITLE = 'Premium Feature';
export const DOWN_THE_LINE_MESSAGE =
  'Down-the-line video analysis is available for Premium users only. Upgrade to premium to add a down-the-line video.';
export const CHOOSE_CLUB_TITLE = 'Choose Driver or 7-Iron';
export const CHOOSE_CLUB_MESSAGE =
  'Premium uploads are one Driver and one 7-Iron swing per week: choose which club this swing was hit with.';

/** May this upload go ahead, and which slot does it use? */
export function decideUpload(
  history: UploadHistory,
  request: { club: Club | null; withDownTheLine: boolean },
  now: Date,
  zone: string,
): UploadDecision {
  if (!history.isPremium) {
    if (history.totalUploads >= FREE_UPLOAD_LIMIT) {
      return refuse(403, true, FREE_LIMIT_TITLE, FREE_LIMIT_MESSAGE);
    }
    if (request.withDownTheLine) {
      return refuse(403, true, DOWN_THE_LINE_TITLE, DOWN_THE_LINE_MESSAGE);
    }
    return { ok: true, slot: 'free', periodStart: FREE_PERIOD_START };
  }
  if (request.club !== 'driver' && request.club !== '7-iron') {
    return refuse(400, false, CHOOSE_CLUB_TITLE, CHOOSE_CLUB_MESSAGE);
  }
  if (history.slotsThisWeek.includes(request.club)) {
    const label = request.club === 'driver' ? 'Driver' : '7-Iron';
    return refuse(
      403,
      false,
      WEEKLY_LIMIT_TITLE,
      `You've already uploaded a ${label} swing this week. Weekly uploads reset every Sunday at midnight.`,
    );
  }
  return { ok: true, slot: request.club, periodStart: weekStart(now, zone) };
}

/** Before the body is read: a free user at the limit is refused without uploading anything. */
export function refuseEarly(history: UploadHistory): UploadRefusal | null {
  if (!history.isPremium && history.totalUploads >= FREE_UPLOAD_LIMIT) {
    return refuse(403, true, FREE_LIMIT_TITLE, FREE_LIMIT_MESSAGE);
  }
  if (
    history.isPremium &&
    history.slotsThisWeek.includes('driver') &&
    history.slotsThisWeek.includes('7-iron')
  ) {
    return refuse(
      403,
      false,
      WEEKLY_LIMIT_TITLE,
      "You've used this week's Driver and 7-Iron uploads. Weekly uploads reset every Sunday at midnight.",
    );
  }
  return null;
}

function refuse(
  status: 400 | 403,
  requiresUpgrade: boolean,
  title: string,
  message: string,
): UploadRefusal {
  return { ok: false, status, requiresUpgrade, title, message };
}
