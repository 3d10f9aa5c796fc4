/**
 * Launch-monitor benchmarks per club (spec sections 3 and 9). Speeds in mph, distances in yards,
 * spin in rpm. Rows the spec gives are copied verbatim; the others are filled from published
 * TrackMan averages, with the source named beside each table.
 *
 * Smash factor of a filled row is ball / club speed to 2 decimals, recomputed from the rounded
 * speeds, so it can differ by 0.01 from the smash column TrackMan printed (they divide unrounded
 * speeds). The spec's own rows keep their published smash: driver tour male 171 / 115 is 1.487
 * and the spec says 1.48.
 */

/** Spec section 3's club list, in the spec's order. */
export const CLUBS = [
  'driver',
  '3-wood',
  '5-wood',
  'hybrid',
  '3-iron',
  '4-iron',
  '5-iron',
  '6-iron',
  '7-iron',
  '8-iron',
  '9-iron',
  'pitching-wedge',
  'sand-wedge',
  'lob-wedge',
  'gap-wedge',
] as const;

export type Club = (typeof CLUBS)[number];

/** Longest to shortest, the order the clubs sit in the bag. */
export const CLUBS_BY_LENGTH: readonly Club[] = [
  'driver',
  '3-wood',
  '5-wood',
  'hybrid',
  '3-iron',
  '4-iron',
  '5-iron',
  '6-iron',
  '7-iron',
  '8-iron',
  '9-iron',
  'pitching-wedge',
  'gap-wedge',
  'sand-wedge',
  'lob-wedge',
];

export const CLUB_LABELS: Readonly<Record<Club, string>> = {
  driver: 'Driver',
  '3-wood': '3 Wood',
  '5-wood': '5 Wood',
  hybrid: 'Hybrid',
  '3-iron': '3 Iron',
  '4-iron': '4 Iron',
  '5-iron': '5 Iron',
  '6-iron': '6 Iron',
  '7-iron': '7 Iron',
  '8-iron': '8 Iron',
  '9-iron': '9 Iron',
  'pitching-wedge': 'Pitching Wedge',
  'sand-wedge': 'Sand Wedge',
  'lob-wedge': 'Lob Wedge',
  'gap-wedge': 'Gap Wedge',
};

export function isClub(value: string): value is Club {
  return (CLUBS as readonly string[]).includes(value);
}

/** Accepts the ids and their spaced or capitalised forms ('7 Iron', 'Pitching Wedge'). */
export function parseClub(text: string): Club | null {
  const id = text
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  return isClub(id) ? id : null;
}

export interface SpeedBenchmark {
  clubSpeed: number;
  ballSpeed: number;
  smashFactor: number;
}

export type BenchmarkGroup = 'tourMale' | 'tourFemale' | 'amateurMale' | 'amateurFemale';

export const BENCHMARK_GROUPS: readonly BenchmarkGroup[] = [
  'tourMale',
  'tourFemale',
  'amateurMale',
  'amateurFemale',
];

export type TourComparison = 'pga' | 'lpga';

/**
 * Tour male. driver and 7-iron: spec section 9 (the driver row is TrackMan's 2023 PGA Tour
 * update). 3-wood to pitching wedge: TrackMan PGA Tour averages (the table whose carries spec
 * section 9 quotes: 243, 230, 203 ... 136; hybrid = TrackMan's 15-18 degree hybrid row).
 * TrackMan's table ends at the pitching wedge; the gap, sand and lob wedge rows are our
 * extrapolation, continuing the 9-iron -> pitching wedge step (club speed -2 mph per club,
 * smash -0.05 per club).
 */
const TOUR_MALE: Readonly<Record<Club, SpeedBenchmark>> = {
  driver: { clubSpeed: 115, ballSpeed: 171, smashFactor: 1.48 },
  '3-wood': { clubSpeed: 107, ballSpeed: 158, smashFactor: 1.48 },
  '5-wood': { clubSpeed: 103, ballSpeed: 152, smashFactor: 1.48 },
  hybrid: { clubSpeed: 100, ballSpeed: 146, smashFactor: 1.46 },
  '3-iron': { clubSpeed: 98, ballSpeed: 142, smashFactor: 1.45 },
  '4-iron': { clubSpeed: 96, ballSpeed: 137, smashFactor: 1.43 },
  '5-iron': { clubSpeed: 94, ballSpeed: 132, smashFactor: 1.4 },
  '6-iron': { clubSpeed: 92, ballSpeed: 127, smashFactor: 1.38 },
  '7-iron': { clubSpeed: 90, ballSpeed: 120, smashFactor: 1.33 },
  '8-iron': { clubSpeed: 87, ballSpeed: 115, smashFactor: 1.32 },
  '9-iron': { clubSpeed: 85, ballSpeed: 109, smashFactor: 1.28 },
  'pitching-wedge': { clubSpeed: 83, ballSpeed: 102, smashFactor: 1.23 },
  'gap-wedge': { clubSpeed: 81, ballSpeed: 95, smashFactor: 1.17 },
  'sand-wedge': { clubSpeed: 79, ballSpeed: 89, smashFactor: 1.13 },
  'lob-wedge': { clubSpeed: 77, ballSpeed: 83, smashFactor: 1.08 },
};

/**
 * Tour female. driver and 7-iron: spec section 9 (verbatim; TrackMan's LPGA table has the 7-iron
 * at 76 / 104, so the spec's 73 mph sits below our 8-iron row). Other rows: TrackMan LPGA Tour
 * averages; hybrid = the table's 7-wood (it lists no hybrid); 3-iron (not in the table) is the
 * midpoint of the 7-wood and 4-iron rows; gap, sand and lob wedge extrapolated from the pitching
 * wedge as for the men.
 */
const TOUR_FEMALE: Readonly<Record<Club, SpeedBenchmark>> = {
  driver: { clubSpeed: 94, ballSpeed: 139, smashFactor: 1.48 },
  '3-wood': { clubSpeed: 90, ballSpeed: 132, smashFactor: 1.47 },
  '5-wood': { clubSpeed: 88, ballSpeed: 128, smashFactor: 1.45 },
  hybrid: { clubSpeed: 85, ballSpeed: 123, smashFactor: 1.45 },
  '3-iron': { clubSpeed: 83, ballSpeed: 120, smashFactor: 1.45 },
  '4-iron': { clubSpeed: 80, ballSpeed: 116, smashFactor: 1.45 },
  '5-iron': { clubSpeed: 79, ballSpeed: 112, smashFactor: 1.42 },
  '6-iron': { clubSpeed: 78, ballSpeed: 109, smashFactor: 1.4 },
  '7-iron': { clubSpeed: 73, ballSpeed: 97, smashFactor: 1.33 },
  '8-iron': { clubSpeed: 74, ballSpeed: 100, smashFactor: 1.35 },
  '9-iron': { clubSpeed: 72, ballSpeed: 93, smashFactor: 1.29 },
  'pitching-wedge': { clubSpeed: 70, ballSpeed: 86, smashFactor: 1.23 },
  'gap-wedge': { clubSpeed: 68, ballSpeed: 80, smashFactor: 1.18 },
  'sand-wedge': { clubSpeed: 66, ballSpeed: 74, smashFactor: 1.12 },
  'lob-wedge': { clubSpeed: 64, ballSpeed: 69, smashFactor: 1.08 },
};

/**
 * Amateur, 15 handicap, male. driver: spec section 9 (TrackMan's average male amateur, handicap
 * about 14.5, swings the driver at 93.4 mph). TrackMan publishes no per-club speed table for
 * amateurs, so the other rows are derived: club speed = 93 mph x (TrackMan PGA Tour club speed /
 * TrackMan PGA Tour driver speed 113), ball speed = that x the tour smash of the club, both
 * rounded (7-iron: 74 mph, in line with the ~75 mph amateur 7-iron speed TrackMan reports).
 */
const AMATEUR_MALE: Readonly<Record<Club, SpeedBenchmark>> = {
  driver: { clubSpeed: 93, ballSpeed: 137, smashFactor: 1.47 },
  '3-wood': { clubSpeed: 88, ballSpeed: 130, smashFactor: 1.48 },
  '5-wood': { clubSpeed: 85, ballSpeed: 125, smashFactor: 1.47 },
  hybrid: { clubSpeed: 82, ballSpeed: 120, smashFactor: 1.46 },
  '3-iron': { clubSpeed: 81, ballSpeed: 117, smashFactor: 1.44 },
  '4-iron': { clubSpeed: 79, ballSpeed: 113, smashFactor: 1.43 },
  '5-iron': { clubSpeed: 77, ballSpeed: 108, smashFactor: 1.4 },
  '6-iron': { clubSpeed: 76, ballSpeed: 105, smashFactor: 1.38 },
  '7-iron': { clubSpeed: 74, ballSpeed: 99, smashFactor: 1.34 },
  '8-iron': { clubSpeed: 72, ballSpeed: 95, smashFactor: 1.32 },
  '9-iron': { clubSpeed: 70, ballSpeed: 90, smashFactor: 1.29 },
  'pitching-wedge': { clubSpeed: 68, ballSpeed: 84, smashFactor: 1.24 },
  'gap-wedge': { clubSpeed: 67, ballSpeed: 79, smashFactor: 1.18 },
  'sand-wedge': { clubSpeed: 65, ballSpeed: 73, smashFactor: 1.12 },
  'lob-wedge': { clubSpeed: 63, ballSpeed: 68, smashFactor: 1.08 },
};

/**
 * Amateur, 15 handicap, female. driver: spec section 9 (TrackMan's average female amateur swings
 * the driver at about 78 mph). Other rows derived as for the men, from the TrackMan LPGA Tour
 * table: club speed = 79 mph x (LPGA club speed / LPGA driver speed 94), ball speed = that x the
 * LPGA smash of the club.
 */
const AMATEUR_FEMALE: Readonly<Record<Club, SpeedBenchmark>> = {
  driver: { clubSpeed: 79, ballSpeed: 117, smashFactor: 1.48 },
  '3-wood': { clubSpeed: 76, ballSpeed: 111, smashFactor: 1.46 },
  '5-wood': { clubSpeed: 74, ballSpeed: 108, smashFactor: 1.46 },
  hybrid: { clubSpeed: 71, ballSpeed: 103, smashFactor: 1.45 },
  '3-iron': { clubSpeed: 70, ballSpeed: 101, smashFactor: 1.44 },
  '4-iron': { clubSpeed: 67, ballSpeed: 97, smashFactor: 1.45 },
  '5-iron': { clubSpeed: 66, ballSpeed: 94, smashFactor: 1.42 },
  '6-iron': { clubSpeed: 66, ballSpeed: 92, smashFactor: 1.39 },
  '7-iron': { clubSpeed: 64, ballSpeed: 88, smashFactor: 1.38 },
  '8-iron': { clubSpeed: 62, ballSpeed: 84, smashFactor: 1.35 },
  '9-iron': { clubSpeed: 61, ballSpeed: 79, smashFactor: 1.3 },
  'pitching-wedge': { clubSpeed: 59, ballSpeed: 72, smashFactor: 1.22 },
  'gap-wedge': { clubSpeed: 57, ballSpeed: 67, smashFactor: 1.18 },
  'sand-wedge': { clubSpeed: 55, ballSpeed: 62, smashFactor: 1.13 },
  'lob-wedge': { clubSpeed: 54, ballSpeed: 58, smashFactor: 1.07 },
};

export const SPEED_BENCHMARKS: Readonly<
  Record<BenchmarkGroup, Readonly<Record<Club, SpeedBenchmark>>>
> = {
  tourMale: TOUR_MALE,
  tourFemale: TOUR_FEMALE,
  amateurMale: AMATEUR_MALE,
  amateurFemale: AMATEUR_FEMALE,
};

export function speedBenchmark(club: Club, group: BenchmarkGroup): SpeedBenchmark {
  return SPEED_BENCHMARKS[group][club];
}

/** Spec section 9: the female row when the comparison is lpga, otherwise the male row. */
export function tourGroup(comparison: TourComparison | null | undefined): BenchmarkGroup {
  return comparison === 'lpga' ? 'tourFemale' : 'tourMale';
}

/**
 * Tour average carry (yds), spec section 9 verbatim. hybrid (225) and 3-iron (212) are not in
 * the spec; they come from the same TrackMan PGA Tour table the spec's carries match.
 */
export const TOUR_CARRY_YDS: Readonly<Record<Club, number>> = {
  driver: 275,
  '3-wood': 243,
  '5-wood': 230,
  hybrid: 225,
  '3-iron': 212,
  '4-iron': 203,
  '5-iron': 194,
  '6-iron': 183,
  '7-iron': 172,
  '8-iron': 160,
  '9-iron': 148,
  'pitching-wedge': 136,
  'gap-wedge': 125,
  'sand-wedge': 105,
  'lob-wedge': 85,
};

/**
 * LPGA Tour average carry (yds): TrackMan LPGA Tour averages (hybrid = the table's 7-wood). The
 * spec gives men's carries only; comparing an lpga golfer with them would mislead. TrackMan's
 * LPGA table has no 3-iron and no wedge below the pitching wedge: those stay undefined and the
 * carry comparison is skipped for them.
 */
export const LPGA_TOUR_CARRY_YDS: Readonly<Partial<Record<Club, number>>> = {
  driver: 218,
  '3-wood': 195,
  '5-wood': 185,
  hybrid: 174,
  '4-iron': 170,
  '5-iron': 161,
  '6-iron': 152,
  '7-iron': 141,
  '8-iron': 130,
  '9-iron': 119,
  'pitching-wedge': 107,
};

/** Tour total distance (yds), spec section 9: driver only. */
export const TOUR_TOTAL_YDS: Readonly<Partial<Record<Club, number>>> = { driver: 300 };

/**
 * Tour spin (rpm), spec section 9 verbatim ('about' values as given). hybrid to 6-iron are not in
 * the spec; they come from the TrackMan PGA Tour table (4437, 4630, 4836, 5361, 6231). Neither
 * source has the gap, sand or lob wedge: undefined, and the spin comparison is skipped for them.
 * One table serves both tours: TrackMan measures driver spin within about 3% of each other on
 * the PGA and LPGA Tours.
 */
export const TOUR_SPIN_RPM: Readonly<Partial<Record<Club, number>>> = {
  driver: 2200,
  '3-wood': 3000,
  '5-wood': 3500,
  hybrid: 4437,
  '3-iron': 4630,
  '4-iron': 4836,
  '5-iron': 5361,
  '6-iron': 6231,
  '7-iron': 7000,
  '8-iron': 8000,
  '9-iron': 8500,
  'pitching-wedge': 9000,
};

export function tourCarry(club: Club, comparison: TourComparison): number | null {
  const table = comparison === 'lpga' ? LPGA_TOUR_CARRY_YDS : TOUR_CARRY_YDS;
  return table[club] ?? null;
}

/** The spec gives a tour total for the driver on the PGA Tour only. */
export function tourTotal(club: Club, comparison: TourComparison): number | null {
  return comparison === 'pga' ? (TOUR_TOTAL_YDS[club] ?? null) : null;
}

export function tourSpin(club: Club): number | null {
  return TOUR_SPIN_RPM[club] ?? null;
}
