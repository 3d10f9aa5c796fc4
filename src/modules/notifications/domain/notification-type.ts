/** Spec section 3; anything else is shown as a generic notification. */
export const NOTIFICATION_TYPES = [
  'exercise_completion',
  'streak_milestone',
  'weekly_reset',
  'upload_success',
  'leaderboard_update',
  'achievement',
  'generic',
] as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export function toNotificationType(value: string): NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(value)
    ? (value as NotificationType)
    : 'generic';
}
