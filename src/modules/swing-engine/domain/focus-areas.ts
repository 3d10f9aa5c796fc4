import { numberInText, qualitativeValue } from './mobility-text';
import { asRecord } from './json-object';

/** Spec section 3's seven focus categories, in the fixed order used for padding. */
export const FOCUS_CATEGORIES = [
  'Core Control & Rotational Strength',
  'Thoracic Spine Mobility',
  'Lower Body Stability & Strength',
  'Pelvic Mobility & Control',
  'Shoulder Mobility & Stability',
  'Postural Integrity',
  'Ankle Mobility & Foot Function',
] as const;

export type FocusCategory = (typeof FOCUS_CATEGORIES)[number];

export const FOCUS_AREA_COUNT = 4;

/** Spec section 4: the list when no rule matches. */
export const DEFAULT_FOCUS_AREAS: readonly FocusCategory[] = [
  'Core Control & Rotational Strength',
  'Lower Body Stability & Strength',
  'Thoracic Spine Mobility',
  'Pelvic Mobility & Control',
];

/** What the rules read from a stored analysis; either part may be JSON text. */
export interface FocusAreaInput {
  mobilityAnalysis?: unknown;
  analysisResults?: unknown;
}

type Field = 'posture' | 'balance' | 'spineAngle' | 'hipRotation' | 'shoulderTurn';

/** Measurement objects ({ value, label, ... }) read as their value and words. */
function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    // The measured value first, so a confidence or other number never reads as the degrees.
    const { value: measured, ...rest } = value as Record<string, unknown>;
    const parts = [measured, ...Object.values(rest)].filter(
      (v): v is string | number => typeof v === 'string' || typeof v === 'number',
    );
    return parts.length ? parts.join(' ') : null;
  }
  return null;
}

/**
 * Every text stored for a field: top-level mobilityAnalysis, analysisResults and its nested
 * mobilityAnalysis (spec section 3), so a keyword in any of them counts. hipTurn is read as
 * hipRotation.
 */
function textsFor(input: FocusAreaInput, field: Field): string[] {
  const results = asRecord(input.analysisResults);
  const sources = [
    asRecord(input.mobilityAnalysis),
    results,
    asRecord(results['mobilityAnalysis']),
  ];
  const keys = field === 'hipRotation' ? ['hipRotation', 'hipTurn'] : [field];
  return sources
    .flatMap((source) => keys.map((key) => textOf(source[key])))
    .filter((text): text is string => text !== null);
}

const has = (texts: string[], pattern: RegExp) => texts.some((text) => pattern.test(text));

/** Shoulder turn below `limit` degrees: a number in the text, else the qualitative value. */
function shoulderUnder(texts: string[], limit: number): boolean {
  return texts.some((text) => {
    const degrees = numberInText(text) ?? qualitativeValue(text, 'shoulderTurn');
    return degrees !== null && degrees < limit;
  });
}

/**
 * Spec section 4's keyword rules, in order; matched categories are de-duplicated and padded from
 * the fixed category order to exactly four (cut to four when more match).
 */
export function focusAreas(input: FocusAreaInput): FocusCategory[] {
  const posture = textsFor(input, 'posture');
  const balance = textsFor(input, 'balance');
  const spine = textsFor(input, 'spineAngle');
  const hips = textsFor(input, 'hipRotation');
  const shoulders = textsFor(input, 'shoulderTurn');
  const shoulderLimited = has(shoulders, /\blimited\b/i);

  const rules: Array<[boolean, FocusCategory]> = [
    [has(spine, /uprighting|early extension|\bloss\b/i), 'Core Control & Rotational Strength'],
    [has(posture, /early extension|\buprights\b/i), 'Postural Integrity'],
    [has(balance, /\b(compromised|poor)\b/i), 'Lower Body Stability & Strength'],
    [has(hips, /\b(limited|restricted)\b/i), 'Pelvic Mobility & Control'],
    [shoulderLimited || shoulderUnder(shoulders, 85), 'Thoracic Spine Mobility'],
    [shoulderLimited || shoulderUnder(shoulders, 75), 'Shoulder Mobility & Stability'],
    [has(balance, /\b(compromised|unstable)\b/i), 'Ankle Mobility & Foot Function'],
  ];
  const matched = rules.filter(([applies]) => applies).map(([, category]) => category);
  if (matched.length === 0) return [...DEFAULT_FOCUS_AREAS];

  const areas = [...new Set([...matched, ...FOCUS_CATEGORIES])];
  return areas.slice(0, FOCUS_AREA_COUNT);
}
