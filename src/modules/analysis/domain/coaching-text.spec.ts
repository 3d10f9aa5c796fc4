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
  assessment: { strengths: [], keyIssues: [], recommendations: [], drills: [] },
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

  it('names the finding each drill answers', () => {
    const coached = {
      ...report,
      assessment: {
        strengths: ['Balanced finish over the lead foot'],
        keyIssues: ['Head moves 12 cm before impact', 'Limited shoulder turn (70°)'],
        recommendations: ['Keep the head quiet: rotate the chest around a stable spine.'],
        exerciseRecommendations: ['Half-Kneeling Chop', 'Open Book Thoracic Rotation'],
        drills: [
          { exercise: 'Half-Kneeling Chop', finding: 'Head moves 12 cm before impact' },
          { exercise: 'Open Book Thoracic Rotation', finding: 'Limited shoulder turn (70°)' },
        ],
      },
    } as unknown as SwingReport;
    expect(deterministicCoaching(coached).text).toBe(
      'What is working: balanced finish over the lead foot. The main things to work on: head ' +
        'moves 12 cm before impact; limited shoulder turn (70°). Keep the head quiet: rotate ' +
        'the chest around a stable spine. Start with Half-Kneeling Chop (for head moves 12 cm ' +
        'before impact) and Open Book Thoracic Rotation (for limited shoulder turn (70°)).',
    );
    expect(coachingFacts(coached)).toContain(
      'Drill: Half-Kneeling Chop (for: Head moves 12 cm before impact)',
    );
  });

  it('says nothing stood out only when nothing did', () => {
    const clean = {
      ...report,
      assessment: { strengths: [], keyIssues: [], recommendations: [], drills: [] },
    };
    expect(deterministicCoaching(clean as unknown as SwingReport).text).toBe(
      'No measured issue stood out in this swing.',
    );
  });
});
