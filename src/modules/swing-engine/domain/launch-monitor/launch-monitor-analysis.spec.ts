import {
  analyzeLaunchMonitor,
  carryComparison,
  compareMetric,
  compareWithTour,
  smashFactor,
  spinComparison,
  spinPreference,
} from './launch-monitor-analysis';
import type { LaunchMonitorData } from './launch-monitor-input';

function launch(overrides: Partial<LaunchMonitorData> = {}): LaunchMonitorData {
  return {
    clubSelection: 'driver',
    tourComparison: 'pga',
    clubSpeed: 100,
    ballSpeed: 148,
    age: null,
    clubPath: null,
    faceAngle: null,
    spinRate: null,
    carry: null,
    total: null,
    ...overrides,
  };
}

describe('smashFactor', () => {
  it.each([
    [171, 115, 1.49],
    [139, 94, 1.48],
    [137, 93, 1.47],
    [120, 90, 1.33],
    [150, 100, 1.5],
    [100.5, 100, 1.01], // 1.005: rounds up, not down to 1.00 through floating point
    [148.4, 100, 1.48],
    [148.5, 100, 1.49],
  ])('%s / %s -> %s', (ball, club, smash) => {
    expect(smashFactor(ball, club)).toBe(smash);
  });

  it.each([0, -10])('is null for club speed %s', (club) => {
    expect(smashFactor(150, club)).toBeNull();
  });
});

describe('spin rules', () => {
  it.each([
    ['driver', 'lower'],
    ['3-wood', 'higher'],
    ['7-iron', 'higher'],
    ['lob-wedge', 'higher'],
  ] as const)('%s: %s spin is better', (club, preference) => {
    expect(spinPreference(club)).toBe(preference);
  });

  it.each([
    ['driver', 2000, 'better', -9.1],
    ['driver', 2500, 'worse', 13.6],
    ['driver', 2310, 'tour-like', 5],
    ['driver', 2312, 'worse', 5.1],
    ['driver', 2088, 'better', -5.1],
    ['7-iron', 6000, 'worse', -14.3],
    ['7-iron', 7800, 'better', 11.4],
    ['7-iron', 6650, 'tour-like', -5],
    ['3-wood', 2500, 'worse', -16.7],
    ['hybrid', 4437, 'tour-like', 0],
  ] as const)('%s at %s rpm is %s (%s%)', (club, spin, verdict, percent) => {
    const result = spinComparison(club, spin);
    expect(result?.verdict).toBe(verdict);
    expect(result?.percent).toBe(percent);
  });

  it.each(['gap-wedge', 'sand-wedge', 'lob-wedge'] as const)(
    'skips %s: no tour spin figure',
    (club) => {
      expect(spinComparison(club, 9500)).toBeNull();
    },
  );
});

describe('carryComparison', () => {
  it.each([
    ['driver', 'pga', 250, 275, -25, -9.1, 'worse'],
    ['driver', 'lpga', 250, 218, 32, 14.7, 'better'],
    ['7-iron', 'pga', 172, 172, 0, 0, 'tour-like'],
    ['7-iron', 'lpga', 148, 141, 7, 5, 'tour-like'],
    ['lob-wedge', 'pga', 70, 85, -15, -17.6, 'worse'],
  ] as const)(
    '%s %s carry %s vs %s: %s yds, %s%, %s',
    (club, comparison, carry, tour, difference, percent, verdict) => {
      expect(carryComparison(club, carry, comparison)).toMatchObject({
        tour,
        difference,
        percent,
        verdict,
      });
    },
  );

  it('skips clubs without a tour carry (LPGA 3-iron)', () => {
    expect(carryComparison('3-iron', 190, 'lpga')).toBeNull();
  });
});

describe('compareMetric', () => {
  it.each([
    [1.46, 1.48, 'tour-like'],
    [1.45, 1.48, 'worse'],
    [1.5, 1.48, 'tour-like'],
    [1.51, 1.48, 'better'],
  ])('smash %s vs %s is %s (0.02 tolerance)', (value, tour, verdict) => {
    expect(compareMetric('smashFactor', value, tour).verdict).toBe(verdict);
  });

  it('rounds differences: smash to 2 decimals, speeds to 1', () => {
    expect(compareMetric('smashFactor', 1.43, 1.48).difference).toBe(-0.05);
    expect(compareMetric('clubSpeed', 105.3, 115).difference).toBe(-9.7);
  });
});

describe('compareWithTour', () => {
  it.each([
    ['pga', 115, 171, 1.48, -15, -13],
    ['lpga', 94, 139, 1.48, 6, 6.4],
  ] as const)(
    '%s compares with club %s, ball %s, smash %s',
    (tourComparison, club, ball, smash, difference, percent) => {
      const metrics = compareWithTour(launch({ tourComparison }));
      expect(metrics.map((m) => [m.metric, m.tour])).toEqual([
        ['clubSpeed', club],
        ['ballSpeed', ball],
        ['smashFactor', smash],
      ]);
      expect(metrics[0]).toMatchObject({ value: 100, difference, percent });
    },
  );

  it('uses the 7-iron rows for a 7-iron', () => {
    const metrics = compareWithTour(
      launch({ clubSelection: '7-iron', tourComparison: 'lpga', clubSpeed: 73, ballSpeed: 97 }),
    );
    expect(metrics.every((m) => m.verdict === 'tour-like' && m.percent === 0)).toBe(true);
  });

  it('adds carry, total and spin when given and known', () => {
    const metrics = compareWithTour(launch({ carry: 240, total: 265, spinRate: 2800 }));
    expect(metrics.map((m) => m.metric)).toEqual([
      'clubSpeed',
      'ballSpeed',
      'smashFactor',
      'carry',
      'total',
      'spinRate',
    ]);
  });

  it('has no total comparison on the LPGA Tour and no spin for wedges below the PW', () => {
    const lpga = compareWithTour(launch({ tourComparison: 'lpga', total: 240 }));
    expect(lpga.map((m) => m.metric)).not.toContain('total');
    const wedge = compareWithTour(launch({ clubSelection: 'sand-wedge', spinRate: 10000 }));
    expect(wedge.map((m) => m.metric)).not.toContain('spinRate');
  });
});

describe('analyzeLaunchMonitor', () => {
  const driver = launch({
    clubSpeed: 105,
    ballSpeed: 150,
    carry: 240,
    total: 265,
    spinRate: 2800,
    faceAngle: 2,
    clubPath: -1,
  });

  it('builds the assessment from the numbers', () => {
    expect(analyzeLaunchMonitor(driver, 'right').assessment).toBe(
      'Driver against PGA Tour averages: club speed 105 mph vs tour 115 mph (-8.7%), ' +
        'ball speed 150 mph vs tour 171 mph (-12.3%); smash factor 1.43 vs tour 1.48. ' +
        'Carry 240 yds vs tour 275 yds (-12.7%), total 265 yds vs tour 300 yds (-11.7%). ' +
        'Spin 2800 rpm vs tour about 2200 rpm (+27.3%): lower spin is better with the driver. ' +
        'Face 3° open to path: Fade (curves right); starts right of target. ' +
        'Club path -1°: Neutral Path.',
    );
  });

  it('lists strengths, weaknesses and key issues', () => {
    const result = analyzeLaunchMonitor(driver, 'right');
    expect(result.smashFactor).toBe(1.43);
    expect(result.strengths).toEqual(['Neutral Path (-1°)']);
    expect(result.weaknesses.slice(0, 6)).toEqual([
      'Club speed 8.7% below tour average: 105 mph (tour 115 mph)',
      'Ball speed 12.3% below tour average: 150 mph (tour 171 mph)',
      'Smash factor below tour average: 1.43 (tour 1.48)',
      'Carry 12.7% below tour average: 240 yds (tour 275 yds)',
      'Total 11.7% below tour average: 265 yds (tour 300 yds)',
      'Spin 27.3% above tour average: 2800 rpm (tour about 2200 rpm); lower spin is better with the driver',
    ]);
    // Every weakness is a key issue too (one list of findings, decision 0014).
    expect(result.keyIssues).toEqual([
      'Club speed 8.7% below tour average',
      'Ball speed 12.3% below tour average',
      'Smash factor below tour average',
      'Carry 12.7% below tour average',
      'Total 11.7% below tour average',
      'Spin 27.3% above tour average',
      'Fade: face 3° open to path, ball curves right',
      'Ball starts right of target: face 2° open at impact',
    ]);
    expect(result.weaknesses).toHaveLength(result.keyIssues.length);
  });

  it('lists the ball-flight faults as weaknesses and key issues alike', () => {
    const result = analyzeLaunchMonitor(launch({ faceAngle: 2, clubPath: -1 }), 'right');
    const faults = [
      'Fade: face 3° open to path, ball curves right',
      'Ball starts right of target: face 2° open at impact',
    ];
    expect(result.keyIssues).toEqual(expect.arrayContaining(faults));
    expect(result.weaknesses).toEqual(expect.arrayContaining(faults));
  });

  it('judges club and ball speed by the same gap to tour', () => {
    // Driver tour row 115 / 171 mph: 4.3% short of tour is close, neither praise nor fault.
    const close = analyzeLaunchMonitor(launch({ clubSpeed: 110, ballSpeed: 163.6 }), 'right');
    expect(close.metrics.map((m) => [m.metric, m.percent])).toEqual(
      expect.arrayContaining([
        ['clubSpeed', -4.3],
        ['ballSpeed', -4.3],
      ]),
    );
    expect([...close.strengths, ...close.weaknesses].join(' ')).not.toMatch(
      /Club speed|Ball speed/,
    );
    const short = analyzeLaunchMonitor(launch({ clubSpeed: 108.5, ballSpeed: 161.4 }), 'right');
    expect(short.weaknesses.filter((w) => /^(Club|Ball) speed/.test(w))).toHaveLength(2);
    const ahead = analyzeLaunchMonitor(launch({ clubSpeed: 117, ballSpeed: 174 }), 'right');
    expect(ahead.strengths.filter((w) => /^(Club|Ball) speed at tour level/.test(w))).toHaveLength(
      2,
    );
  });

  it('mirrors directions for a left-handed golfer', () => {
    const result = analyzeLaunchMonitor(driver, 'left');
    expect(result.ballFlight).toMatchObject({
      curve: 'fade',
      curveSide: 'left',
      startLine: 'left',
    });
    expect(result.keyIssues).toEqual(
      expect.arrayContaining([
        'Fade: face 3° open to path, ball curves left',
        'Ball starts left of target: face 2° open at impact',
      ]),
    );
    expect(result.assessment).toContain('Fade (curves left); starts left of target.');
  });

  it('praises tour-level numbers and a square, neutral delivery', () => {
    const result = analyzeLaunchMonitor(
      launch({
        clubSelection: '7-iron',
        clubSpeed: 91,
        ballSpeed: 121,
        spinRate: 7600,
        carry: 174,
        faceAngle: 0.5,
        clubPath: 0.8,
      }),
      'right',
    );
    expect(result.weaknesses).toEqual([]);
    expect(result.keyIssues).toEqual([]);
    expect(result.strengths).toEqual([
      'Club speed at tour level: 91 mph (tour 90 mph)',
      'Ball speed at tour level: 121 mph (tour 120 mph)',
      'Smash factor at tour level: 1.33 (tour 1.33)',
      'Carry at tour level: 174 yds (tour 172 yds)',
      'Spin 8.6% above tour average: 7600 rpm (tour about 7000 rpm); higher spin is better with this club',
      'Face square to path (-0.3°): straight flight',
      'Face square to target at impact (0.5°)',
      'Neutral Path (0.8°)',
    ]);
  });

  it('flags strong and slight paths as weaknesses with their key issue', () => {
    const strong = analyzeLaunchMonitor(launch({ clubPath: -3.1 }), 'right');
    expect(strong.keyIssues).toContain('Strong Out-to-In Path (-3.1°)');
    expect(strong.weaknesses).toContain('Strong Out-to-In Path (-3.1°)');
    expect(strong.clubPathLabel).toBe('Strong Out-to-In Path');
    const slight = analyzeLaunchMonitor(launch({ clubPath: -3 }), 'right');
    expect(slight.keyIssues).toContain('Slightly Out-to-In (-3°)');
    expect(slight.weaknesses).toContain('Slightly Out-to-In (-3°)');
  });

  it('reads the start line from the face alone and says so without a path', () => {
    const result = analyzeLaunchMonitor(launch({ faceAngle: -2 }), 'right');
    expect(result.ballFlight).toBeNull();
    expect(result.startLine).toBe('left');
    expect(result.keyIssues).toContain('Ball starts left of target: face 2° closed at impact');
    expect(result.assessment).toContain('Face angle -2°: ball starts left of target.');
  });

  it('compares an lpga golfer with the female row', () => {
    const result = analyzeLaunchMonitor(launch({ tourComparison: 'lpga' }), 'right');
    expect(result.benchmarkGroup).toBe('tourFemale');
    expect(result.assessment).toMatch(
      /^Driver against LPGA Tour averages: club speed 100 mph vs tour 94 mph/,
    );
    expect(result.strengths[0]).toBe('Club speed 6.4% above tour average: 100 mph (tour 94 mph)');
  });

  it('says when a spin has no tour figure', () => {
    const result = analyzeLaunchMonitor(
      launch({ clubSelection: 'lob-wedge', clubSpeed: 70, ballSpeed: 75, spinRate: 10500 }),
      'right',
    );
    expect(result.assessment).toContain('Spin 10500 rpm (no tour spin figure for this club).');
  });
});
