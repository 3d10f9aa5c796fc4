/**
 * Points and streaks (spec section 9): 10 points a swing upload, 5 an exercise times the weekly
 * streak multiplier. A streak counts weeks (Sunday 00:00, APP_TIMEZONE) with at least one
 * completed exercise; a week without one ends it. Pure: the ledger's rows come in as data.
 */
import { streakTier, type StreakTier } from './streak-multiplier';

export const UPLOAD_POINTS = 10;

/** The spec's multiplier tier for a streak of this many weeks (streak-multiplier.ts). */
export function tierFor(streakWeeks: number): StreakTier {
  return streakTier(streakWeeks);
}

/** 'YYYY-MM-DD' of the Sunday one week before. */
function previousWeek(week: string): string {
  const d = new Date(`${week}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 7);
  return d.toISOString().slice(0, 10);
}

/**
 * Consecutive active weeks ending just before `currentWeek`: what multiplies this week's
 * exercises (three such weeks give 6 points an exercise in the fourth).
 */
export function streakBefore(activeWeeks: ReadonlySet<string>, currentWeek: string): number {
  let count = 0;
  for (let week = previousWeek(currentWeek); activeWeeks.has(week); week = previousWeek(week)) {
    count++;
  }
  return count;
}

/**
 * The streak the golfer sees: the weeks before this one, plus this week once it has an
 * exercise. A week that ended without one has ended it.
 */
export function currentStreak(activeWeeks: ReadonlySet<string>, currentWeek: string): number {
  return streakBefore(activeWeeks, currentWeek) + (activeWeeks.has(currentWeek) ? 1 : 0);
}
