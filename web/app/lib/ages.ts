const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Notification ages: 'Just now', 'Nm ago', 'Nh ago', 'Nd ago' (spec section 2). */
export function notificationAge(createdAt: string | Date, now: Date = new Date()): string {
  const ms = Math.max(0, now.getTime() - new Date(createdAt).getTime());
  if (ms < MINUTE) return 'Just now';
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)}m ago`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)}h ago`;
  return `${Math.floor(ms / DAY)}d ago`;
}

/** Analysis ages: 'Just now', 'N hour(s) ago', 'N day(s) ago' (spec section 2). */
export function analysisAge(createdAt: string | Date, now: Date = new Date()): string {
  const ms = Math.max(0, now.getTime() - new Date(createdAt).getTime());
  if (ms < HOUR) return 'Just now';
  if (ms < DAY) {
    const hours = Math.floor(ms / HOUR);
    return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  }
  const days = Math.floor(ms / DAY);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

/** The bell badge: the count, or '9+' above 9. */
export function badgeLabel(count: number): string {
  return count > 9 ? '9+' : String(count);
}
