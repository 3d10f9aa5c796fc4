import { Collapsible } from 'radix-ui';
import {
  CLUB_LABELS,
  CLUBS_BY_LENGTH,
  INCOMPLETE_LAUNCH_MONITOR_DATA,
  LAUNCH_MONITOR_BOUNDS,
  type LaunchMonitorErrors,
} from '../../../../src/modules/swing-engine/rules';
import { ChevronRightIcon } from '~/ui/icons';

/** The form's values as typed; the wire names of spec section 7 (tour comparison as gender). */
export interface LaunchValues {
  gender: '' | 'male' | 'female';
  clubSelection: string;
  clubSpeed: string;
  ballSpeed: string;
  age: string;
  clubPath: string;
  faceAngle: string;
  spinRate: string;
  carry: string;
  total: string;
}

export const EMPTY_LAUNCH_VALUES: LaunchValues = {
  gender: '',
  clubSelection: '',
  clubSpeed: '',
  ballSpeed: '',
  age: '',
  clubPath: '',
  faceAngle: '',
  spinRate: '',
  carry: '',
  total: '',
};

type NumberField = Exclude<keyof LaunchValues, 'gender' | 'clubSelection'>;

const NUMBER_FIELDS: Array<{ field: NumberField; label: string; unit: string; step: string }> = [
  { field: 'clubSpeed', label: 'Club Speed', unit: 'mph', step: '0.1' },
  { field: 'ballSpeed', label: 'Ball Speed', unit: 'mph', step: '0.1' },
  { field: 'carry', label: 'Carry', unit: 'yds', step: '0.1' },
  { field: 'total', label: 'Total', unit: 'yds', step: '0.1' },
  { field: 'spinRate', label: 'Spin Rate', unit: 'rpm', step: '1' },
  { field: 'clubPath', label: 'Club Path', unit: '°', step: '0.1' },
  { field: 'faceAngle', label: 'Face Angle', unit: '°', step: '0.1' },
  { field: 'age', label: 'Age', unit: 'years', step: '1' },
];

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  values: LaunchValues;
  onChange: (values: LaunchValues) => void;
  errors: LaunchMonitorErrors;
  /**
   * Premium uploads fill a Driver or 7-Iron slot, chosen above: the launch data's club starts as
   * that club and may be changed to any benchmark club (the numbers may be from another club).
   */
  slotClub: string | null;
  disabled?: boolean;
}

/** Spec section 5: optional, all-or-nothing, with the bounds of each number. */
export function LaunchMonitorForm(props: Props) {
  const { values, errors } = props;
  const set = (field: keyof LaunchValues, value: string) =>
    props.onChange({ ...values, [field]: value });
  const club = values.clubSelection || props.slotClub || '';
  const incomplete = Object.values(errors).some((m) => m?.includes(INCOMPLETE_LAUNCH_MONITOR_DATA));

  return (
    <Collapsible.Root
      open={props.open}
      onOpenChange={props.onOpenChange}
      className="rounded-2xl bg-white shadow-sm"
      data-testid="launch-monitor-form"
    >
      <Collapsible.Trigger className="flex w-full items-center justify-between p-5 text-left">
        <span>
          <span className="block text-lg font-bold">Launch Monitor Data</span>
          <span className="block text-sm text-slate-500">
            Optional: compare your numbers with tour pros
          </span>
        </span>
        <ChevronRightIcon
          className={`h-5 w-5 text-slate-400 transition-transform ${props.open ? 'rotate-90' : ''}`}
        />
      </Collapsible.Trigger>
      <Collapsible.Content className="space-y-4 px-5 pb-5">
        {incomplete && (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            Fill in tour comparison, club, club speed and ball speed, or leave every field empty.
          </p>
        )}
        <div className="grid grid-cols-2 gap-3">
          <Field label="Tour Comparison" error={errors.gender?.[0]}>
            <select
              name="gender"
              value={values.gender}
              disabled={props.disabled}
              onChange={(e) => set('gender', e.target.value)}
              className={inputClass(!!errors.gender)}
            >
              <option value="">Select</option>
              <option value="male">PGA Tour</option>
              <option value="female">LPGA Tour</option>
            </select>
          </Field>
          <Field label="Club" error={errors.clubSelection?.[0]}>
            <select
              name="clubSelection"
              value={club}
              disabled={props.disabled}
              onChange={(e) => set('clubSelection', e.target.value)}
              className={inputClass(!!errors.clubSelection)}
            >
              <option value="">Select</option>
              {CLUBS_BY_LENGTH.map((id) => (
                <option key={id} value={id}>
                  {CLUB_LABELS[id]}
                </option>
              ))}
            </select>
          </Field>
          {NUMBER_FIELDS.filter(({ field }) => field !== 'total' || club === 'driver').map(
            ({ field, label, unit, step }) => {
              const bounds = LAUNCH_MONITOR_BOUNDS[field];
              return (
                <Field key={field} label={`${label} (${unit})`} error={errors[field]?.[0]}>
                  <input
                    name={field}
                    type="number"
                    inputMode="decimal"
                    min={bounds.min}
                    max={bounds.max}
                    step={step}
                    placeholder={`${bounds.min} to ${bounds.max}`}
                    value={values[field]}
                    disabled={props.disabled}
                    onChange={(e) => set(field, e.target.value)}
                    className={inputClass(!!errors[field])}
                  />
                </Field>
              );
            },
          )}
        </div>
        <p className="text-xs text-slate-500">
          Club path: positive is in-to-out. Face angle: positive is open. Total is asked with the
          driver only.
        </p>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

function inputClass(invalid: boolean) {
  return `mt-1 w-full rounded-lg border bg-white px-3 py-2 text-sm disabled:bg-slate-100 ${
    invalid ? 'border-red-400' : 'border-slate-300'
  }`;
}

function Field(props: { label: string; error?: string; children: JSX.Element }) {
  return (
    <label className="block text-xs font-medium text-slate-700">
      {props.label}
      {props.children}
      {props.error && <span className="mt-1 block text-xs text-red-700">{props.error}</span>}
    </label>
  );
}
