import {
  INCOMPLETE_LAUNCH_MONITOR_DATA,
  INVALID_SPEED_VALUES,
  parseStrictNumber,
  validateLaunchMonitorInput,
  type LaunchMonitorErrors,
  type LaunchMonitorField,
  type LaunchMonitorForm,
} from './launch-monitor-input';
import { CLUBS, speedBenchmark } from './club-benchmarks';
import { analyzeLaunchMonitor } from './launch-monitor-analysis';

const complete = {
  clubSelection: 'driver',
  gender: 'male',
  clubSpeed: '105.5',
  ballSpeed: '152',
} as const;

function errorsOf(form: LaunchMonitorForm): LaunchMonitorErrors {
  const result = validateLaunchMonitorInput(form);
  if (result.ok) throw new Error(`expected errors, got ${JSON.stringify(result.data)}`);
  return result.errors;
}

function dataOf(form: LaunchMonitorForm) {
  const result = validateLaunchMonitorInput(form);
  if (!result.ok) throw new Error(`expected data, got ${JSON.stringify(result.errors)}`);
  return result.data;
}

describe('parseStrictNumber', () => {
  it.each([
    ['12', 12],
    ['-3.5', -3.5],
    ['+4', 4],
    ['.5', 0.5],
    ['7.', 7],
    ['12abc', null],
    ['1e3', null],
    ['0x10', null],
    ['Infinity', null],
    ['1,5', null],
    ['- 3', null],
  ])('%j -> %s', (text, value) => {
    expect(parseStrictNumber(text)).toBe(value);
  });
});

describe('validateLaunchMonitorInput: all or nothing', () => {
  it.each([{}, { clubSelection: '', gender: '  ', carry: undefined, total: null }])(
    'nothing filled (%j) is no launch data',
    (form) => {
      expect(validateLaunchMonitorInput(form)).toEqual({ ok: true, data: null });
    },
  );

  it.each([
    [{ carry: '250' }, ['gender', 'clubSelection', 'clubSpeed', 'ballSpeed']],
    [{ age: '40' }, ['gender', 'clubSelection', 'clubSpeed', 'ballSpeed']],
    [{ gender: 'female' }, ['clubSelection', 'clubSpeed', 'ballSpeed']],
    [{ clubSelection: '7-iron', clubSpeed: '80' }, ['gender', 'ballSpeed']],
    [{ ...complete, ballSpeed: ' ' }, ['ballSpeed']],
  ] as Array<[LaunchMonitorForm, LaunchMonitorField[]]>)(
    '%j is incomplete on %j',
    (form, missing) => {
      const errors = errorsOf(form);
      expect(Object.keys(errors).sort()).toEqual([...missing].sort());
      for (const field of missing) expect(errors[field]).toEqual([INCOMPLETE_LAUNCH_MONITOR_DATA]);
    },
  );

  it('accepts the four required fields alone', () => {
    expect(dataOf(complete)).toEqual({
      clubSelection: 'driver',
      tourComparison: 'pga',
      clubSpeed: 105.5,
      ballSpeed: 152,
      age: null,
      clubPath: null,
      faceAngle: null,
      spinRate: null,
      carry: null,
      total: null,
    });
  });

  it('parses every field of a full form', () => {
    expect(
      dataOf({
        clubSelection: '7 Iron',
        gender: 'female',
        clubSpeed: '72.3',
        ballSpeed: '96.5',
        age: '34',
        clubPath: '-2.5',
        faceAngle: '1.5',
        spinRate: '6800',
        carry: '140',
      }),
    ).toEqual({
      clubSelection: '7-iron',
      tourComparison: 'lpga',
      clubSpeed: 72.3,
      ballSpeed: 96.5,
      age: 34,
      clubPath: -2.5,
      faceAngle: 1.5,
      spinRate: 6800,
      carry: 140,
      total: null,
    });
  });

  it('accepts numbers from a JSON caller', () => {
    expect(dataOf({ ...complete, clubSpeed: 100, ballSpeed: 148 })).toMatchObject({
      clubSpeed: 100,
      ballSpeed: 148,
    });
  });
});

describe('validateLaunchMonitorInput: tour comparison', () => {
  it.each([
    [{ gender: 'male' }, 'pga'],
    [{ gender: 'Female' }, 'lpga'],
    [{ tourComparison: 'lpga' }, 'lpga'],
    [{ tourComparison: 'PGA', gender: '' }, 'pga'],
  ])('%j -> %s', (tour, comparison) => {
    const { gender: _ignored, ...rest } = complete;
    expect(dataOf({ ...rest, ...tour })?.tourComparison).toBe(comparison);
  });

  it.each([
    [{ gender: 'other' }, 'gender'],
    [{ gender: 'lpga tour' }, 'gender'],
    [{ tourComparison: 'european' }, 'tourComparison'],
    [{ gender: ['male', 'female'] }, 'gender'],
  ])('refuses %j on %s', (tour, field) => {
    const errors = errorsOf({ ...complete, ...tour }) as Record<string, string[]>;
    expect(errors[field]).toEqual(['Tour comparison must be pga or lpga (gender male or female).']);
  });
});

describe('validateLaunchMonitorInput: club', () => {
  it.each([...CLUBS])('accepts %s, one of the benchmark clubs', (clubSelection) => {
    expect(dataOf({ ...complete, clubSelection })?.clubSelection).toBe(clubSelection);
  });

  it('compares the numbers with the chosen club, not the slot', () => {
    const data = dataOf({
      ...complete,
      clubSelection: '5-iron',
      clubSpeed: '94',
      ballSpeed: '132',
    })!;
    const analysis = analyzeLaunchMonitor(data, 'right');
    const tour = speedBenchmark('5-iron', 'tourMale');
    expect(analysis.club).toBe('5-iron');
    expect(analysis.metrics.find((m) => m.metric === 'clubSpeed')?.tour).toBe(tour.clubSpeed);
    expect(analysis.assessment).toMatch(/^5 Iron against PGA Tour averages/);
  });

  it.each(['putter', '10-iron', 'driverx'])('refuses club %j', (clubSelection) => {
    expect(errorsOf({ ...complete, clubSelection }).clubSelection).toEqual([
      'Choose a club from the benchmark list.',
    ]);
  });
});

describe('validateLaunchMonitorInput: speeds', () => {
  it.each([
    ['clubSpeed', '0'],
    ['clubSpeed', '-1'],
    ['ballSpeed', '0'],
    ['ballSpeed', '-0.1'],
  ] as const)('%s %j is an invalid speed', (field, value) => {
    expect(errorsOf({ ...complete, [field]: value })[field]).toEqual([INVALID_SPEED_VALUES]);
  });

  it.each([
    ['clubSpeed', '0.1', true],
    ['clubSpeed', '150', true],
    ['clubSpeed', '150.1', false],
    ['clubSpeed', '99.9', true],
    ['clubSpeed', '99.95', false],
    ['ballSpeed', '0.01', true],
    ['ballSpeed', '200', true],
    ['ballSpeed', '200.5', false],
    ['ballSpeed', '12abc', false],
  ] as const)('%s %j accepted: %s', (field, value, ok) => {
    expect(validateLaunchMonitorInput({ ...complete, [field]: value }).ok).toBe(ok);
  });

  it('explains the bound and the step', () => {
    expect(errorsOf({ ...complete, clubSpeed: '151' }).clubSpeed).toEqual([
      'Club speed must be between 0 and 150 mph.',
    ]);
    expect(errorsOf({ ...complete, clubSpeed: '95.25' }).clubSpeed).toEqual([
      'Club speed can have at most 1 decimal place (steps of 0.1).',
    ]);
    expect(errorsOf({ ...complete, ballSpeed: 'fast' }).ballSpeed).toEqual([
      'Ball speed must be a number.',
    ]);
  });
});

describe('validateLaunchMonitorInput: optional bounds', () => {
  it.each([
    ['age', '10', true],
    ['age', '9.9', false],
    ['age', '100', true],
    ['age', '101', false],
    ['clubPath', '-20', true],
    ['clubPath', '-20.1', false],
    ['clubPath', '20', true],
    ['clubPath', '20.1', false],
    ['faceAngle', '-20', true],
    ['faceAngle', '-21', false],
    ['faceAngle', '20', true],
    ['faceAngle', '20.01', false],
    ['spinRate', '0', true],
    ['spinRate', '8000', true],
    ['spinRate', '8001', false],
    ['spinRate', '2500.5', false],
    ['spinRate', '-1', false],
    ['carry', '0', true],
    ['carry', '400', true],
    ['carry', '400.1', false],
    ['carry', '250yds', false],
    ['total', '0', true],
    ['total', '450', true],
    ['total', '450.1', false],
  ] as const)('%s %j accepted: %s', (field, value, ok) => {
    const result = validateLaunchMonitorInput({ ...complete, [field]: value });
    expect(result.ok).toBe(ok);
    if (!result.ok) expect(Object.keys(result.errors)).toEqual([field]);
  });

  it.each([
    ['age', '5', 'Age must be between 10 and 100.'],
    ['clubPath', '25', 'Club path must be between -20 and 20 degrees.'],
    ['spinRate', '2500.5', 'Spin rate must be a whole number.'],
    ['spinRate', '9000', 'Spin rate must be between 0 and 8000 rpm.'],
    ['carry', '500', 'Carry must be between 0 and 400 yards.'],
    ['total', '460', 'Total must be between 0 and 450 yards.'],
  ] as const)('%s %j: %s', (field, value, message) => {
    expect(errorsOf({ ...complete, [field]: value })[field]).toEqual([message]);
  });

  it('keeps total for the driver and drops it for other clubs', () => {
    expect(dataOf({ ...complete, total: '280' })?.total).toBe(280);
    expect(dataOf({ ...complete, clubSelection: '7-iron', total: '999' })?.total).toBeNull();
  });

  it('reports every failing field at once, one message each', () => {
    const errors = errorsOf({ ...complete, clubSpeed: '0', age: '3', spinRate: 'x' });
    expect(errors).toEqual({
      clubSpeed: [INVALID_SPEED_VALUES],
      age: ['Age must be between 10 and 100.'],
      spinRate: ['Spin rate must be a number.'],
    });
  });
});
