import { focusAreas, DEFAULT_FOCUS_AREAS } from '../focus-areas';
import { assessSwing } from './swing-assessment';
import { swingMetric as metric } from '../../../../../test/support/swing-metric';

describe('assessSwing', () => {
  it('turns a limited shoulder turn into a weakness, a key issue and exercises', () => {
    const a = assessSwing([metric('shoulderTurn', 70)]);
    expect(a.keyIssues).toEqual(['Limited shoulder turn (70°)']);
    expect(a.weaknesses[0]).toContain('70°');
    expect(a.exerciseRecommendations).toContain('Open Book Thoracic Rotation');
    expect(a.mobilityAnalysis['shoulderTurn']).toBe('70° (limited)');
  });

  it.each([
    [84.9, 'Shoulder turn under 85° (85°)'],
    [74.9, 'Limited shoulder turn (75°)'],
  ])('shoulder turn %s gives %s', (value, issue) => {
    expect(assessSwing([metric('shoulderTurn', value)]).keyIssues).toEqual([issue]);
  });

  it('reports strengths for a tour-like swing', () => {
    const a = assessSwing([
      metric('shoulderTurn', 92),
      metric('hipTurn', 45),
      metric('xFactor', 47),
      metric('spineAngleChange', -1),
      { ...metric('tempo', 3.0), unit: 'ratio' },
    ]);
    expect(a.keyIssues).toEqual([]);
    expect(a.strengths).toHaveLength(5);
    expect(a.mobilityAnalysis['posture']).toBe('maintained through impact');
  });

  it('lets an untrusted metric judge nothing', () => {
    const a = assessSwing([metric('shoulderTurn', 60, 0.2), metric('hipTurn', 45, 0.34)]);
    expect(a.strengths).toEqual([]);
    expect(a.weaknesses).toEqual([]);
    expect(a.keyIssues).toEqual([]);
    expect(a.recommendations).toEqual([]);
    expect(a.exerciseRecommendations).toEqual([]);
    expect(a.mobilityAnalysis).toEqual({});
  });

  it('keeps low-confidence metrics out of the mobility analysis the focus areas are read from', () => {
    // A face-on tour pro: the rotations are estimates the model flattens (0.31 confidence).
    const a = assessSwing([
      metric('shoulderTurn', 47, 0.31),
      metric('hipTurn', 22, 0.31),
      metric('xFactor', 26, 0.31),
      metric('spineAngleAddress', 38, 0.7),
    ]);
    expect(a.mobilityAnalysis).toEqual({ spineAngle: '38°' });
    expect(focusAreas({ mobilityAnalysis: a.mobilityAnalysis })).toEqual(DEFAULT_FOCUS_AREAS);
  });

  it('flags early extension and a compromised finish', () => {
    const a = assessSwing([
      metric('spineAngleChange', -9),
      { ...metric('finishBalance', 40), unit: '%' },
    ]);
    expect(a.keyIssues).toEqual([
      'Loss of posture (early extension) through impact',
      'Balance compromised at the finish',
    ]);
    expect(a.mobilityAnalysis['balance']).toBe('compromised at the finish');
  });
});
