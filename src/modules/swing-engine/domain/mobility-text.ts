/**
 * Mobility values as stored analyses hold them: numbers, or text such as '78° (limited)',
 * 'about 45 degrees' or 'Good hip rotation' (spec section 5), plus the targets and gauge scales
 * the Mobility Analysis card draws.
 */

export type MobilityMetric = 'shoulderTurn' | 'hipRotation' | 'xFactor' | 'spineAngle';

type QualitativeScale = ReadonlyArray<readonly [RegExp, number]>;

/** Spec section 5's qualitative mapping, checked in this order. */
const QUALITATIVE: Readonly<Record<MobilityMetric, QualitativeScale>> = {
  shoulderTurn: [
    [/\b(excellent|full|unrestricted)\b/, 95],
    [/\bgood\b/, 85],
    [/\b(moderate|fair)\b/, 75],
    [/\b(limited|restricted)\b/, 65],
    [/\bpoor\b/, 55],
  ],
  hipRotation: [
    [/\b(excellent|significant)\b/, 50],
    [/\bgood\b/, 45],
    [/\b(moderate|fair)\b/, 40],
    [/\b(limited|restricted)\b/, 30],
    [/\bpoor\b/, 25],
  ],
  xFactor: [
    [/\b(outstanding|large)\b/, 50],
    [/\bgood\b/, 45],
    [/\b(moderate|fair)\b/, 40],
    [/\b(reduced|limited)\b/, 35],
    [/\bpoor\b/, 25],
  ],
  spineAngle: [
    [/\b(excellent|maintained|consistent)\b/, 30],
    [/\bgood\b/, 28],
    [/\b(moderate|fair)\b/, 25],
    [/\b(limited|restricted)\b/, 20],
    [/\bpoor\b/, 15],
  ],
};

/**
 * A number right before a degree sign ('85-95°' gives 95, not -95: a minus only counts at the
 * start or after a non-number character).
 */
const DEGREES = /(?:^|[^\d.])(-?\d+(?:\.\d+)?)\s*°/;
const FIRST_NUMBER = /(?:^|[^\d.])(-?\d+(?:\.\d+)?)/;

/** The number a text holds: the one before a degree sign, else the first; null when none. */
export function numberInText(text: string): number | null {
  const match = DEGREES.exec(text) ?? FIRST_NUMBER.exec(text);
  return match?.[1] === undefined ? null : Number(match[1]);
}

/** Spec section 5's qualitative mapping for a metric; null when no word matches. */
export function qualitativeValue(text: string, metric: MobilityMetric): number | null {
  const lower = text.toLowerCase();
  return QUALITATIVE[metric].find(([pattern]) => pattern.test(lower))?.[1] ?? null;
}

/** The value, or null when neither a number nor a known word is there. */
export function parseMobilityValue(value: unknown, metric: MobilityMetric): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  return numberInText(value) ?? qualitativeValue(value, metric);
}

/** Spec section 5: degrees from a number or text, otherwise 0. */
export function mobilityValue(value: unknown, metric: MobilityMetric): number {
  return parseMobilityValue(value, metric) ?? 0;
}

export interface MobilityTarget {
  min: number;
  max: number;
  /** The gauge runs from 0 to this. */
  scaleMax: number;
}

/** Spec section 5: targets in degrees and gauge scales. */
export const MOBILITY_TARGETS = {
  hipRotation: { min: 40, max: 50, scaleMax: 70 },
  shoulderTurn: { min: 85, max: 95, scaleMax: 110 },
  xFactor: { min: 40, max: 50, scaleMax: 70 },
} as const satisfies Record<string, MobilityTarget>;

export type MobilityStatus = 'below' | 'within' | 'above';

/** Target bounds are inclusive: 40 and 50 are within 40-50. */
export function mobilityStatus(value: number, target: MobilityTarget): MobilityStatus {
  if (value < target.min) return 'below';
  if (value > target.max) return 'above';
  return 'within';
}

/** Where the value sits on the gauge, 0-100 percent, clamped to the scale. */
export function gaugePercent(value: number, target: MobilityTarget): number {
  const percent = (value / target.scaleMax) * 100;
  return Math.min(100, Math.max(0, percent));
}
