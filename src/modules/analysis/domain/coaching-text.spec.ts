import { coachingFacts } from './coaching-text';
import type { SwingReport } from './swing-report';

const metric = (key: string, label: string, value: number, confidence: number) => ({
  key,
  label,
  value,
  unit: 'deg',
  confidence,
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
});
