/** Spec section 9: points per completed exercise by streak length (weeks). */
export interface StreakTier {
  minWeeks: number;
  maxWeeks: number | null;
  multiplier: number;
  pointsPerExercise: number;
}

export const BASE_POINTS_PER_EXERCISE = 5;

export const STREAK_TIERS: readonly StreakTier[] = [
  { minWeeks: 0, maxWeeks: 2, multiplier: 1.0, pointsPerExercise: 5 },
  { minWeeks: 3, maxWeeks: 4, multiplier: 1.25, pointsPerExercise: 6 },
  { minWeeks: 5, maxWeeks: 6, multiplier: 1.5, pointsPerExercise: 8 },
  { minWeeks: 7, maxWeeks: 9, multiplier: 2.0, pointsPerExercise: 10 },
  { minWeeks: 10, maxWeeks: 14, multiplier: 2.5, pointsPerExercise: 13 },
  { minWeeks: 15, maxWeeks: null, multiplier: 3.0, pointsPerExercise: 15 },
];

export function streakTier(weeks: number): StreakTier {
  const w = Math.max(0, Math.floor(weeks));
  return [...STREAK_TIERS].reverse().find((tier) => w >= tier.minWeeks) ?? STREAK_TIERS[0]!;
}

/** Labels as the spec's table writes them: '1.0x', '1.25x', '2.0x'. */
export function multiplierLabel(tier: StreakTier): string {
  const m = tier.multiplier;
  return `${Number.isInteger(m) ? m.toFixed(1) : String(m)}x`;
}
