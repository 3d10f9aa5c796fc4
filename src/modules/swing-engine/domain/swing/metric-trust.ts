import type { CameraView } from './handedness-and-view';
import type { MetricKey } from './swing-metrics';

/**
 * Decision 0014: one trust rule for every screen and list. A metric below MIN_CONFIDENCE is
 * never a strength, weakness, key issue or recommendation, never moves a gauge against its
 * target and never picks a focus area; the screens show why in the golfer's words instead.
 */
export const MIN_CONFIDENCE = 0.35;

export function isTrusted(metric: { confidence: number }): boolean {
  return metric.confidence >= MIN_CONFIDENCE;
}

/** What a face-on video cannot read reliably: turns and arm angles across the line of sight. */
const NEEDS_DOWN_THE_LINE: ReadonlySet<MetricKey> = new Set<MetricKey>([
  'shoulderTurn',
  'hipTurn',
  'xFactor',
  'xFactorStretch',
  'leadArmBend',
]);

/** Shown in place of an untrusted value, in the golfer's words. */
export function untrustedReason(metric: { key: MetricKey; video?: CameraView }): string {
  if (metric.video !== 'down-the-line' && NEEDS_DOWN_THE_LINE.has(metric.key)) {
    return 'Needs a down-the-line video to measure';
  }
  if (metric.key === 'tempo') return 'Needs a higher frame-rate video to time';
  return 'Not clear enough in this video to measure';
}
