import type { MetricKey, SwingMetric } from '../../src/modules/swing-engine/rules';

/** A measured metric for the assessment's and the report's rules: degrees at the top. */
export const swingMetric = (key: MetricKey, value: number, confidence = 0.8): SwingMetric => ({
  key,
  label: key,
  value,
  unit: 'deg',
  confidence,
  basis: '3d-world',
  event: 'top',
});
