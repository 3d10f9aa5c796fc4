/**
 * Decision 0014's one voice: walks the findings of every assessment rule over a grid of values,
 * trusted and not, with and without launch-monitor data, and checks that the lists, the
 * coaching paragraph and the gauges say the same thing.
 */
import {
  analyzeLaunchMonitor,
  isTrusted,
  mobilityStatus,
  MOBILITY_TARGETS,
  type LaunchMonitorData,
  type MetricKey,
  type SwingAssessment,
  type SwingMetric,
} from '../../swing-engine/rules';
import { assessSwing } from '../../swing-engine/domain/swing/swing-assessment';
import { swingMetric } from '../../../../test/support/swing-metric';
import { swingReport } from '../../../../test/support/swing-report';
import { deterministicCoaching } from './coaching-text';

const GRID: Partial<Record<MetricKey, number[]>> = {
  shoulderTurn: range(40, 120, 5),
  hipTurn: range(10, 80, 5),
  xFactor: range(10, 70, 5),
  spineAngleChange: range(-15, 10, 1),
  lateralSway: range(0, 16, 2),
  headMovement: range(0, 16, 2),
  leadArmBend: range(0, 60, 5),
  tempo: [1.5, 2, 2.4, 2.5, 3, 3.5, 3.6, 4.5],
  finishBalance: range(30, 100, 10),
};
/** The gauges' metric keys and how the lists' entries about them begin (swing-assessment.ts). */
const GAUGES = [
  {
    metric: 'shoulderTurn',
    target: MOBILITY_TARGETS.shoulderTurn,
    words: /^(Limited shoulder turn|Shoulder turn|Full shoulder turn)/,
  },
  {
    metric: 'hipTurn',
    target: MOBILITY_TARGETS.hipRotation,
    words: /^(Restricted hip rotation|Hips over-rotate|Hip turn)/,
  },
  {
    metric: 'xFactor',
    target: MOBILITY_TARGETS.xFactor,
    words: /^(Small X-factor|Strong shoulder-hip separation)/,
  },
] as const;

function range(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let v = from; v <= to; v += step) out.push(v);
  return out;
}

function launch(gapPercent: number, extra: Partial<LaunchMonitorData> = {}): LaunchMonitorData {
  // The driver's PGA Tour row: 115 mph club speed, 171 mph ball speed.
  const at = (tour: number) => Math.round(tour * (1 + gapPercent / 100) * 10) / 10;
  return {
    clubSelection: 'driver',
    tourComparison: 'pga',
    clubSpeed: at(115),
    ballSpeed: at(171),
    age: null,
    clubPath: null,
    faceAngle: null,
    spinRate: null,
    carry: null,
    total: null,
    ...extra,
  };
}

/** Every check of one assessment against its metrics. */
function expectOneVoice(metrics: SwingMetric[], a: SwingAssessment) {
  // Every weakness has its key issue; every drill answers a key issue.
  expect(a.keyIssues).toHaveLength(a.weaknesses.length);
  for (const drill of a.drills) expect(a.keyIssues).toContain(drill.finding);
  expect(a.drills.map((d) => d.exercise)).toEqual(a.exerciseRecommendations);
  // The coaching paragraph agrees with the lists.
  const coaching = deterministicCoaching({ ...swingReport(metrics), assessment: a }).text;
  expect(coaching).not.toContain('No key issue');
  expect(coaching.includes('No measured issue stood out')).toBe(a.keyIssues.length === 0);
  for (const drill of a.drills.slice(0, 2)) expect(coaching).toContain(drill.exercise);
  // The gauges agree with the lists: praise only within the target, fault never within it,
  // and an untrusted value (no gauge verdict) in neither list.
  for (const gauge of GAUGES) {
    const m = metrics.find((x) => x.key === gauge.metric);
    const praised = a.strengths.some((s) => gauge.words.test(s));
    const faulted = a.weaknesses.some((w) => gauge.words.test(w));
    if (!m || !isTrusted(m)) {
      expect({ gauge: gauge.metric, praised, faulted }).toEqual({
        gauge: gauge.metric,
        praised: false,
        faulted: false,
      });
      continue;
    }
    const status = mobilityStatus(m.value, gauge.target);
    if (praised) expect({ value: m.value, status }).toEqual({ value: m.value, status: 'within' });
    if (faulted)
      expect({ value: m.value, status }).not.toEqual({ value: m.value, status: 'within' });
  }
}

describe('one voice in the assessment', () => {
  const cases: Array<[MetricKey, number, number]> = [];
  for (const [key, values] of Object.entries(GRID) as Array<[MetricKey, number[]]>) {
    for (const value of values)
      for (const confidence of [0.2, 0.34, 0.35, 0.8]) {
        cases.push([key, value, confidence]);
      }
  }

  it(`walks every rule's findings (${cases.length} metric readings)`, () => {
    for (const [key, value, confidence] of cases) {
      const metrics = [
        {
          ...swingMetric(key, value, confidence),
          unit: key === 'tempo' ? 'ratio' : 'deg',
        } as SwingMetric,
      ];
      const a = assessSwing(metrics);
      expectOneVoice(metrics, a);
      // An untrusted metric judges nothing and feeds no focus area.
      if (!isTrusted(metrics[0]!)) expect(a).toEqual(assessSwing([]));
    }
  });

  it('judges a whole swing with untrusted rotations by its trusted metrics alone', () => {
    // The face-on tour pro of issue 13: rotations read short and untrusted, the rest trusted.
    const metrics = [
      swingMetric('shoulderTurn', 67, 0.24),
      swingMetric('hipTurn', 30, 0.24),
      swingMetric('xFactor', 38, 0.24),
      swingMetric('leadArmBend', 57, 0.27),
      swingMetric('spineAngleChange', -2, 0.7),
      swingMetric('headMovement', 12, 0.8),
      swingMetric('finishBalance', 85, 0.75),
    ];
    const a = assessSwing(metrics);
    expectOneVoice(metrics, a);
    expect(a).toEqual(assessSwing(metrics.filter(isTrusted)));
    expect(a.weaknesses.join(' ')).not.toMatch(/shoulder|hip turn|x-factor|lead arm/i);
  });

  it('judges club and ball speed alike, and adds the launch findings to the same lists', () => {
    for (const gap of [-12, -8, -5.6, -5, -4.2, -2, 0, 3, 6]) {
      for (const extra of [{}, { faceAngle: 2, clubPath: -1 }, { clubPath: -3.5 }]) {
        const analysis = analyzeLaunchMonitor(launch(gap, extra), 'right');
        const metrics = [swingMetric('shoulderTurn', 90), swingMetric('headMovement', 12)];
        const a = assessSwing(metrics, analysis.findings);
        expectOneVoice(metrics, a);
        const verdict = (label: string) =>
          a.strengths.some((s) => s.startsWith(label))
            ? 'strength'
            : a.weaknesses.some((w) => w.startsWith(label))
              ? 'weakness'
              : 'neither';
        expect({ gap, ball: verdict('Ball speed') }).toEqual({ gap, ball: verdict('Club speed') });
      }
    }
  });
});
