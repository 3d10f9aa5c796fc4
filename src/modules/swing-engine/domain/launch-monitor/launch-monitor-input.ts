import { parseClub, type Club, type TourComparison } from './club-benchmarks';

/**
 * Launch monitor fields of an upload (spec sections 5 and 7), validated on the server. They
 * arrive as multipart text; a JSON caller may send numbers. Speeds in mph, spin in rpm,
 * distances in yards, angles in degrees as launch monitors set up for the golfer's hand report
 * them: positive face angle = open, positive club path = in-to-out (right of target for a
 * right-handed golfer, left for a left-handed one).
 */
export interface LaunchMonitorData {
  clubSelection: Club;
  tourComparison: TourComparison;
  clubSpeed: number;
  ballSpeed: number;
  age: number | null;
  clubPath: number | null;
  faceAngle: number | null;
  spinRate: number | null;
  carry: number | null;
  /** Driver only (spec section 5); null for other clubs. */
  total: number | null;
}

/** Form field names as the upload posts them (spec section 7). */
export const LAUNCH_MONITOR_FIELDS = [
  'clubSelection',
  'tourComparison',
  'gender',
  'clubSpeed',
  'ballSpeed',
  'age',
  'clubPath',
  'faceAngle',
  'spinRate',
  'carry',
  'total',
] as const;

export type LaunchMonitorField = (typeof LAUNCH_MONITOR_FIELDS)[number];

export type LaunchMonitorForm = Readonly<Partial<Record<LaunchMonitorField, unknown>>>;

/** Field name -> messages, the shape of the project's FieldErrors. */
export type LaunchMonitorErrors = Partial<Record<LaunchMonitorField, string[]>>;

export type LaunchMonitorValidation =
  { ok: true; data: LaunchMonitorData | null } | { ok: false; errors: LaunchMonitorErrors };

export const INCOMPLETE_LAUNCH_MONITOR_DATA = 'Incomplete Launch Monitor Data';
export const INVALID_SPEED_VALUES = 'Invalid Speed Values';

interface NumberRule {
  label: string;
  min: number;
  max: number;
  unit: string;
  integer?: boolean;
  /** Allowed decimal places (club speed has step 0.1). */
  decimals?: number;
}

/** Spec section 5 bounds. */
export const LAUNCH_MONITOR_BOUNDS = {
  age: { label: 'Age', min: 10, max: 100, unit: '' },
  clubSpeed: { label: 'Club speed', min: 0, max: 150, unit: ' mph', decimals: 1 },
  ballSpeed: { label: 'Ball speed', min: 0, max: 200, unit: ' mph' },
  clubPath: { label: 'Club path', min: -20, max: 20, unit: ' degrees' },
  faceAngle: { label: 'Face angle', min: -20, max: 20, unit: ' degrees' },
  spinRate: { label: 'Spin rate', min: 0, max: 8000, unit: ' rpm', integer: true },
  carry: { label: 'Carry', min: 0, max: 400, unit: ' yards' },
  total: { label: 'Total', min: 0, max: 450, unit: ' yards' },
} as const satisfies Record<string, NumberRule>;

type NumericField = keyof typeof LAUNCH_MONITOR_BOUNDS;

/** Plain decimal notation only: '12abc', '1e3', '0x10', 'Infinity' and '' are not numbers. */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Blank text, null and undefined all mean "not filled". */
function text(value: unknown): string | null | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value !== 'string') return undefined; // a list or object: not a form value
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

export function parseStrictNumber(value: string): number | null {
  return DECIMAL.test(value) ? Number(value) : null;
}

function checkNumber(value: number, rule: NumberRule): string | null {
  if (value < rule.min || value > rule.max) {
    return `${rule.label} must be between ${rule.min} and ${rule.max}${rule.unit}.`;
  }
  if (rule.integer && !Number.isInteger(value)) return `${rule.label} must be a whole number.`;
  if (rule.decimals !== undefined) {
    const scaled = value * 10 ** rule.decimals;
    // Tolerance for binary floating point (0.3 * 10 = 3.0000000000000004).
    if (Math.abs(scaled - Math.round(scaled)) > 1e-9) {
      const step = 10 ** -rule.decimals;
      return `${rule.label} can have at most ${rule.decimals} decimal place (steps of ${step}).`;
    }
  }
  return null;
}

function parseTourComparison(value: string): TourComparison | null {
  const v = value.toLowerCase();
  if (v === 'pga' || v === 'male') return 'pga';
  if (v === 'lpga' || v === 'female') return 'lpga';
  return null;
}

/**
 * Spec section 5: launch monitor data is all-or-nothing. Nothing filled gives `data: null`.
 * Anything filled requires tour comparison (sent as gender male/female, or tourComparison
 * pga/lpga), club selection, club speed and ball speed. Each field reports its first failing
 * rule.
 */
export function validateLaunchMonitorInput(form: LaunchMonitorForm): LaunchMonitorValidation {
  const values = new Map<LaunchMonitorField, string | null | undefined>(
    LAUNCH_MONITOR_FIELDS.map((field) => [field, text(form[field])]),
  );
  if ([...values.values()].every((value) => value === null)) return { ok: true, data: null };

  const errors: LaunchMonitorErrors = {};
  const fail = (field: LaunchMonitorField, message: string) => {
    errors[field] = [message];
  };

  // Tour comparison: tourComparison when posted, else gender (the spec's wire name).
  const tourField: LaunchMonitorField =
    values.get('tourComparison') !== null ? 'tourComparison' : 'gender';
  const tourText = values.get(tourField);
  const tourComparison = tourText ? parseTourComparison(tourText) : null;
  if (tourText === null) fail(tourField, INCOMPLETE_LAUNCH_MONITOR_DATA);
  else if (!tourComparison) {
    fail(tourField, 'Tour comparison must be pga or lpga (gender male or female).');
  }

  const clubText = values.get('clubSelection');
  const club = clubText ? parseClub(clubText) : null;
  if (clubText === null) fail('clubSelection', INCOMPLETE_LAUNCH_MONITOR_DATA);
  else if (!club) fail('clubSelection', 'Choose a club from the benchmark list.');

  const numbers: Partial<Record<NumericField, number | null>> = {};
  const required: readonly NumericField[] = ['clubSpeed', 'ballSpeed'];
  for (const field of Object.keys(LAUNCH_MONITOR_BOUNDS) as NumericField[]) {
    const raw = values.get(field);
    const rule: NumberRule = LAUNCH_MONITOR_BOUNDS[field];
    if (raw === null) {
      if (required.includes(field)) fail(field, INCOMPLETE_LAUNCH_MONITOR_DATA);
      numbers[field] = null;
      continue;
    }
    const value = raw === undefined ? null : parseStrictNumber(raw);
    if (value === null) {
      fail(field, `${rule.label} must be a number.`);
      continue;
    }
    if (required.includes(field) && value <= 0) {
      fail(field, INVALID_SPEED_VALUES);
      continue;
    }
    // The form asks for total with the driver only; a value kept for another club is dropped.
    if (field === 'total' && club !== null && club !== 'driver') {
      numbers[field] = null;
      continue;
    }
    const problem = checkNumber(value, rule);
    if (problem) fail(field, problem);
    else numbers[field] = value;
  }

  const { clubSpeed, ballSpeed } = numbers;
  if (Object.keys(errors).length > 0 || !club || !tourComparison || !clubSpeed || !ballSpeed) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    data: {
      clubSelection: club,
      tourComparison,
      clubSpeed,
      ballSpeed,
      age: numbers.age ?? null,
      clubPath: numbers.clubPath ?? null,
      faceAngle: numbers.faceAngle ?? null,
      spinRate: numbers.spinRate ?? null,
      carry: numbers.carry ?? null,
      total: numbers.total ?? null,
    },
  };
}
