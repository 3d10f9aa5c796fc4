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

/** A focus area and why it was chosen, in the golfer's words. */
export interface FocusReason {
  focus: FocusCategory;
  /** The measured value behind it, or why it is there without one. */
  reason: string;
  /** measured: a rule matched; default: nothing measured with confidence; padding: fills to 4. */
  source: 'measured' | 'default' | 'padding';
}

const DEFAULT_REASON =
  'A foundation for every golfer: nothing in your swing was measured with enough confidence to point elsewhere';
const PADDING_REASON = 'Rounds out your program beside the areas your swing pointed to';

/**
 * Spec section 4's keyword rules, in order; matched categories are de-duplicated and padded from
 * the fixed category order to exactly four (cut to four when more match).
 */
export function focusAreas(input: FocusAreaInput): FocusCategory[] {
  return explainFocusAreas(input).map((f) => f.focus);
}

/** The same four focus areas, each with the measured text that chose it. */
export function explainFocusAreas(input: FocusAreaInput): FocusReason[] {
  const posture = textsFor(input, 'posture');
  const balance = textsFor(input, 'balance');
  const spine = textsFor(input, 'spineAngle');
  const hips = textsFor(input, 'hipRotation');
  const shoulders = textsFor(input, 'shoulderTurn');
  const shoulderLimited = has(shoulders, /\blimited\b/i);
  const first = (texts: string[]) => texts[0] ?? '';
  const shoulderText = `Shoulder turn ${first(shoulders)}, target 85-95°`;

  const rules: Array<[boolean, FocusCategory, string]> = [
    [
      has(spine, /uprighting|early extension|\bloss\b/i),
      'Core Control & Rotational Strength',
      `Spine angle: ${first(spine)}`,
    ],
    [
      has(posture, /early extension|\buprights\b/i),
      'Postural Integrity',
      `Posture: ${first(posture)}`,
    ],
    [
      has(balance, /\b(compromised|poor)\b/i),
      'Lower Body Stability & Strength',
      `Balance: ${first(balance)}`,
    ],
    [
      has(hips, /\b(limited|restricted)\b/i),
      'Pelvic Mobility & Control',
      `Hip rotation ${first(hips)}, target 40-50°`,
    ],
    [shoulderLimited || shoulderUnder(shoulders, 85), 'Thoracic Spine Mobility', shoulderText],
    [
      shoulderLimited || shoulderUnder(shoulders, 75),
      'Shoulder Mobility & Stability',
      shoulderText,
    ],
    [
      has(balance, /\b(compromised|unstable)\b/i),
      'Ankle Mobility & Foot Function',
      `Balance: ${first(balance)}`,
    ],
  ];
  const matched: FocusReason[] = [];
  for (const [applies, focus, reason] of rules) {
    if (applies && !matched.some((m) => m.focus === focus)) {
      matched.push({ focus, reason, source: 'measured' });
    }
  }
  if (matched.length === 0) {
    return DEFAULT_FOCUS_AREAS.map((focus) => ({
      focus,
      reason: DEFAULT_REASON,
      source: 'default',
    }));
  }
  for (const focus of FOCUS_CATEGORIES) {
    if (!matched.some((m) => m.focus === focus)) {
      matched.push({ focus, reason: PADDING_REASON, source: 'padding' });
    }
  }
  return matched.slice(0, FOCUS_AREA_COUNT);
}
