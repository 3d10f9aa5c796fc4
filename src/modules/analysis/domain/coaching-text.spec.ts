import { swingMetric } from '../../../../test/support/swing-metric';
import { coachingFacts, deterministicCoaching } from './coaching-text';
import type { SwingReport, MetricKey } from '../../swing-engine/rules';

/** The facts name a metric by its label. */
const metric = (key: MetricKey, label: string, value: number, confidence: number) => ({
  ...swingMetric(key, value, confidence),
  label,
});

/** Only what the facts read; the rest of a report does not matter here. */
const report = {
  faceOn: {
    handedness: 'right',
    metrics: [
      metric('shoulderTurn', 'Shoulder turn', 57, 0.31),
      metric('lateralSway', 'Hip sway', 4, 0.85),
    ],
  },
  downTheLine: {
    handedness: 'right',
    metrics: [
      metric('shoulderTurn', 'Shoulder turn', 82, 0.7),
      metric('lateralSway', 'Hip sway', 11, 0.35),
    ],
  },
  assessment: { strengths: [], keyIssues: [], recommendations: [] },
  launchMonitor: null,
} as unknown as SwingReport;

describe('coachingFacts', () => {
  it('states each metric once, from the video that measured it better', () => {
    expect(coachingFacts(report)).toEqual([
      'Golfer: right-handed',
      'Shoulder turn: 82° (confidence 0.70)',
      'Hip sway: 4° (confidence 0.85)',
    ]);
  });

  it('calls a recommendation without a key issue something to refine, not an issue', () => {
    const refine = {
      ...report,
      assessment: {
        strengths: ['Balanced finish over the lead foot'],
        keyIssues: [],
        recommendations: ['Keep the head quiet: rotate the chest around a stable spine.'],
        exerciseRecommendations: ['Half-Kneeling Chop'],
      },
    } as unknown as SwingReport;
    expect(deterministicCoaching(refine).text).toBe(
      'What is working: balanced finish over the lead foot. No key issue stood out in this ' +
        'swing. To refine it further, keep the head quiet: rotate the chest around a stable ' +
        'spine. Start with Half-Kneeling Chop.',
    );
    const clean = { ...refine, assessment: { ...refine.assessment, recommendations: [] } };
    expect(deterministicCoaching(clean as SwingReport).text).toContain(
      'No measured issue stood out in this swing.',
    );
  });
});
