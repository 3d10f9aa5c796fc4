import { isTrusted } from './metric-trust';
import type { MetricKey, SwingMetric } from './swing-metrics';

export { MIN_CONFIDENCE } from './metric-trust';

/** A recommended exercise and the finding (a key issue) it answers. */
export interface Drill {
  exercise: string;
  finding: string;
}

/**
 * Strengths, weaknesses, key issues, recommendations and drills, all from one list of findings
 * on trusted metrics (decision 0014): every weakness has its key issue and recommendation, every
 * drill names its finding, and an untrusted metric judges nothing.
 */
export interface SwingAssessment {
  strengths: string[];
  weaknesses: string[];
  keyIssues: string[];
  recommendations: string[];
  exerciseRecommendations: string[];
  drills: Drill[];
  /**
   * Text values with degree signs (spec section 5 reads them back), plus the targets. Only
   * metrics at or above MIN_CONFIDENCE: the focus areas and the workout are read from here, and
   * a number we do not trust must not pick them.
   */
  mobilityAnalysis: Record<string, string>;
}

/** Spec section 5 targets. */
export const TARGETS = {
  shoulderTurn: [85, 95],
  hipRotation: [40, 50],
  xFactor: [40, 50],
} as const;

/** What one metric says: a strength, or a weakness with its issue, advice and drills. */
export type Finding =
  | { strength: string }
  | { weakness: string; issue: string; recommendation: string; exercises?: string[] };

type Rule = (value: number) => Finding | null;

const deg = (v: number) => `${Math.round(v)}°`;
const cm = (v: number) => `${Math.round(v)} cm`;

const RULES: Partial<Record<MetricKey, Rule>> = {
  shoulderTurn: (v) =>
    v < 75
      ? {
          weakness: `Limited shoulder turn: ${deg(v)} at the top (target 85-95°)`,
          issue: `Limited shoulder turn (${deg(v)})`,
          recommendation:
            'Build thoracic rotation so the shoulders can turn fully behind the ball.',
          exercises: [
            'Open Book Thoracic Rotation',
            'Seated Thoracic Rotation',
            'Lead-Arm Cross-Body Stretch',
          ],
        }
      : v < 85
        ? {
            weakness: `Shoulder turn a little short: ${deg(v)} at the top (target 85-95°)`,
            issue: `Shoulder turn under 85° (${deg(v)})`,
            recommendation: 'Let the trail hip clear so the shoulders reach a full turn.',
            exercises: ['Open Book Thoracic Rotation', 'Thread the Needle'],
          }
        : // Strengths only inside the target band, so the list and the gauge never disagree.
          v <= 95
          ? { strength: `Full shoulder turn: ${deg(v)} at the top` }
          : null,
  hipTurn: (v) =>
    v < 30
      ? {
          weakness: `Restricted hip rotation: ${deg(v)} at the top (target 40-50°)`,
          issue: `Limited hip rotation (${deg(v)})`,
          recommendation: 'Improve internal rotation of the trail hip to let the pelvis turn.',
          exercises: ['90/90 Hip Switches', 'Half-Kneeling Hip Flexor Stretch'],
        }
      : v > 60
        ? {
            weakness: `Hips over-rotate: ${deg(v)} at the top, which shrinks the X-factor`,
            issue: `Hips over-rotate (${deg(v)})`,
            recommendation: 'Keep the trail knee flexed to resist hip turn in the backswing.',
            exercises: ['Pallof Press', 'Single-Leg Romanian Deadlift'],
          }
        : v >= 40 && v <= 50
          ? { strength: `Hip turn in the tour range: ${deg(v)}` }
          : null,
  xFactor: (v) =>
    v < 30
      ? {
          weakness: `Small X-factor: ${deg(v)} of shoulder-hip separation (target 40-50°)`,
          issue: `Reduced X-factor (${deg(v)})`,
          recommendation: 'Separate upper and lower body: turn the shoulders against stable hips.',
          exercises: ['Seated Trunk Rotation', 'Band Torso Rotation'],
        }
      : v >= 40 && v <= 50
        ? { strength: `Strong shoulder-hip separation (X-factor ${deg(v)})` }
        : null,
  spineAngleChange: (v) =>
    v < -5
      ? {
          weakness: `Early extension: the spine stands up ${deg(-v)} from address to impact`,
          issue: 'Loss of posture (early extension) through impact',
          recommendation: 'Keep the hips back and the chest over the ball through impact.',
          exercises: ['Wall Hip Hinge', 'Glute Bridge', 'Dead Bug'],
        }
      : Math.abs(v) <= 3
        ? { strength: 'Spine angle maintained from address to impact' }
        : null,
  lateralSway: (v) =>
    v > 8
      ? {
          weakness: `Hips sway ${cm(v)} away from the target in the backswing`,
          issue: 'Lateral sway in the backswing',
          recommendation: 'Turn around the trail hip instead of sliding onto it.',
          exercises: ['Single-Leg Balance Reach', 'Lateral Band Walk'],
        }
      : null,
  headMovement: (v) =>
    v > 10
      ? {
          weakness: `Head moves ${cm(v)} between address and impact`,
          issue: `Head moves ${cm(v)} before impact`,
          recommendation: 'Keep the head quiet: rotate the chest around a stable spine.',
          exercises: ['Half-Kneeling Chop', 'Neck Rotation Drill'],
        }
      : v <= 5
        ? { strength: 'Stable head through the swing' }
        : null,
  leadArmBend: (v) =>
    v > 30
      ? {
          weakness: `Lead arm bends ${deg(v)} at the top`,
          issue: `Bent lead arm at the top (${deg(v)})`,
          recommendation: 'Widen the backswing with a straighter lead arm within your mobility.',
          exercises: ['Lead-Arm Cross-Body Stretch', 'Sleeper Stretch'],
        }
      : null,
  tempo: (v) =>
    v >= 2.5 && v <= 3.5
      ? { strength: `Tour-like tempo: ${v.toFixed(1)}:1 backswing to downswing` }
      : {
          weakness: `Tempo ${v.toFixed(1)}:1 (tour players swing near 3:1)`,
          issue:
            v < 2.5
              ? `Rushed backswing (tempo ${v.toFixed(1)}:1)`
              : `Slow transition (tempo ${v.toFixed(1)}:1)`,
          recommendation:
            v < 2.5
              ? 'Give the backswing time: a quick takeaway rushes the transition.'
              : 'Start the downswing with more intent once the backswing is complete.',
        },
  finishBalance: (v) =>
    v < 60
      ? {
          weakness: `Weight stays back at the finish (${Math.round(v)}% over the lead foot)`,
          issue: 'Balance compromised at the finish',
          recommendation: 'Finish tall with the weight on the lead foot, trail toe down.',
          exercises: ['Single-Leg Balance Reach', 'Ankle Mobility Rocks'],
        }
      : v >= 80
        ? { strength: 'Balanced finish over the lead foot' }
        : null,
};

/** The swing's findings from its trusted metrics, then the launch monitor's (if any). */
export function assessSwing(
  metrics: SwingMetric[],
  launchFindings: Finding[] = [],
): SwingAssessment {
  const out: SwingAssessment = {
    strengths: [],
    weaknesses: [],
    keyIssues: [],
    recommendations: [],
    exerciseRecommendations: [],
    drills: [],
    mobilityAnalysis: {},
  };
  for (const metric of metrics) {
    if (!isTrusted(metric)) continue;
    const finding = RULES[metric.key]?.(metric.value);
    if (finding) addFinding(out, finding);
  }
  for (const finding of launchFindings) addFinding(out, finding);
  out.mobilityAnalysis = mobilityAnalysis(metrics);
  return out;
}

/** Adds one finding to every list it belongs in (the swing's and the launch monitor's alike). */
function addFinding(out: SwingAssessment, finding: Finding): void {
  if ('strength' in finding) {
    out.strengths.push(finding.strength);
    return;
  }
  out.weaknesses.push(finding.weakness);
  out.keyIssues.push(finding.issue);
  if (!out.recommendations.includes(finding.recommendation)) {
    out.recommendations.push(finding.recommendation);
  }
  for (const exercise of finding.exercises ?? []) {
    if (out.exerciseRecommendations.includes(exercise)) continue;
    out.exerciseRecommendations.push(exercise);
    out.drills.push({ exercise, finding: finding.issue });
  }
}

function mobilityAnalysis(metrics: SwingMetric[]): Record<string, string> {
  const get = (key: MetricKey) => metrics.find((m) => m.key === key && isTrusted(m));
  const label = (v: number, [lo, hi]: readonly [number, number]) =>
    v < lo - 10 ? 'limited' : v < lo ? 'moderate' : v <= hi ? 'good' : 'excellent';
  const result: Record<string, string> = {};
  const shoulder = get('shoulderTurn');
  const hip = get('hipTurn');
  const x = get('xFactor');
  const spine = get('spineAngleAddress');
  const spineChange = get('spineAngleChange');
  const balance = get('finishBalance');
  if (shoulder)
    result['shoulderTurn'] =
      `${deg(shoulder.value)} (${label(shoulder.value, TARGETS.shoulderTurn)})`;
  if (hip) result['hipRotation'] = `${deg(hip.value)} (${label(hip.value, TARGETS.hipRotation)})`;
  if (x) result['xFactor'] = `${deg(x.value)} (${label(x.value, TARGETS.xFactor)})`;
  if (spine) result['spineAngle'] = deg(spine.value);
  if (spineChange) {
    result['posture'] =
      spineChange.value < -5 ? 'early extension through impact' : 'maintained through impact';
  }
  if (balance)
    result['balance'] = balance.value < 60 ? 'compromised at the finish' : 'stable at the finish';
  return result;
}
