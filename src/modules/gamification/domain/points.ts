/**
 * Points and streaks (spec section 9): 10 points a swing upload, 5 an exercise times the weekly
 * streak multiplier. A streak counts weeks (Sunday 00:00, APP_TIMEZONE) with at least one
 * completed exercise; a week without one ends it. Pure: the ledger's rows come in as data.
 */
export const UPLOAD_POINTS = 10;
export const EXERCISE_POINTS = 5;

/** Streak weeks from, multiplier, points per exercise (the spec's table, rounded as it is). */
export const STREAK_TIERS = [
  { fromWeeks: 0, multiplier: 1, points: 5 },
  { fromWeeks: 3, multiplier: 1.25, points: 6 },
  { fromWeeks: 5, multiplier: 1.5, points: 8 },
  { fromWeeks: 7, multiplier: 2, points: 10 },
  { fromWeeks: 10, multiplier: 2.5, points: 13 },
  { fromWeeks: 15, multiplier: 3, points: 15 },
] as const;

export type StreakTier = (typeof STREAK_TIERS)[number];

export function tierFor(streakWeeks: number): StreakTier {
  let tier: StreakTier = STREAK_TIERS[0];
  for (const t of STREAK_TIERS) if (streakWeeks >= t.fromWeeks) tier = t;
  return tier;
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
