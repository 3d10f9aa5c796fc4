import { roundTo, smashFactor } from '../../swing-engine/rules';

/** Spec section 3's month averages per club (the past 30 days). */
export interface MonthlyAverage {
  hasData: boolean;
  clubSpeed: number | null;
  ballSpeed: number | null;
  smashFactor: number | null;
  carry: number | null;
  spinRate: number | null;
  /** Swings averaged. */
  count: number;
}

export const MONTHLY_AVERAGE_DAYS = 30;

export interface LaunchNumbers {
  clubSpeed: number | null;
  ballSpeed: number | null;
  carry: number | null;
  spinRate: number | null;
}

/** Averages each number over the swings that have it: 1 decimal, smash 2, spin whole rpm. */
export function monthlyAverage(rows: LaunchNumbers[]): MonthlyAverage {
  const withSpeeds = rows.filter((r) => r.clubSpeed !== null && r.ballSpeed !== null);
  const mean = (values: (number | null)[], decimals: number) => {
    const present = values.filter((v): v is number => v !== null);
    return present.length
      ? roundTo(present.reduce((a, b) => a + b, 0) / present.length, decimals)
      : null;
  };
  return {
    hasData: withSpeeds.length > 0,
    clubSpeed: mean(
      withSpeeds.map((r) => r.clubSpeed),
      1,
    ),
    ballSpeed: mean(
      withSpeeds.map((r) => r.ballSpeed),
      1,
    ),
    smashFactor: mean(
      withSpeeds.map((r) => smashFactor(r.ballSpeed!, r.clubSpeed!)),
      2,
    ),
    carry: mean(
      withSpeeds.map((r) => r.carry),
      1,
    ),
    spinRate: mean(
      withSpeeds.map((r) => r.spinRate),
      0,
    ),
    count: withSpeeds.length,
  };
}
