import {
  MOBILITY_TARGETS,
  gaugePercent,
  mobilityStatus,
  mobilityValue,
  numberInText,
  parseMobilityValue,
  type MobilityMetric,
} from './mobility-text';

describe('numberInText', () => {
  it.each([
    ['78° (limited)', 78],
    ['Shoulder turn 82.5°', 82.5],
    ['85-95° target, measured 70', 95],
    ['reached 3 checkpoints, 88 °', 88],
    ['turn of 45 degrees', 45],
    ['2 of 3 frames at 40°', 40],
    ['-5° change', -5],
    ['X-Factor 45', 45],
    ['85-95', 85],
    ['no number', null],
  ])('%j -> %s', (text, value) => {
    expect(numberInText(text)).toBe(value);
  });
});

describe('mobilityValue', () => {
  it.each<[MobilityMetric, string, number]>([
    ['shoulderTurn', 'Excellent rotation', 95],
    ['shoulderTurn', 'Full turn', 95],
    ['shoulderTurn', 'unrestricted', 95],
    ['shoulderTurn', 'Good', 85],
    ['shoulderTurn', 'moderate', 75],
    ['shoulderTurn', 'Fair', 75],
    ['shoulderTurn', 'Limited', 65],
    ['shoulderTurn', 'restricted', 65],
    ['shoulderTurn', 'poor', 55],
    ['hipRotation', 'Excellent', 50],
    ['hipRotation', 'significant hip turn', 50],
    ['hipRotation', 'good', 45],
    ['hipRotation', 'moderate', 40],
    ['hipRotation', 'fair', 40],
    ['hipRotation', 'limited', 30],
    ['hipRotation', 'Restricted hips', 30],
    ['hipRotation', 'poor', 25],
    ['xFactor', 'Outstanding separation', 50],
    ['xFactor', 'large', 50],
    ['xFactor', 'good', 45],
    ['xFactor', 'moderate', 40],
    ['xFactor', 'fair', 40],
    ['xFactor', 'reduced', 35],
    ['xFactor', 'limited', 35],
    ['xFactor', 'poor', 25],
    ['spineAngle', 'excellent', 30],
    ['spineAngle', 'Maintained through impact', 30],
    ['spineAngle', 'consistent', 30],
    ['spineAngle', 'good', 28],
    ['spineAngle', 'moderate', 25],
    ['spineAngle', 'fair', 25],
    ['spineAngle', 'limited', 20],
    ['spineAngle', 'restricted', 20],
    ['spineAngle', 'poor', 15],
  ])('%s %j -> %i', (metric, text, value) => {
    expect(mobilityValue(text, metric)).toBe(value);
  });

  it.each<[unknown, MobilityMetric, number]>([
    ['78° (limited)', 'shoulderTurn', 78],
    ['Good, about 47 degrees', 'hipRotation', 47],
    [92, 'shoulderTurn', 92],
    ['not measured', 'shoulderTurn', 0],
    ['', 'hipRotation', 0],
    [null, 'xFactor', 0],
    [undefined, 'spineAngle', 0],
    [{ value: 40 }, 'hipRotation', 0],
    [Number.NaN, 'hipRotation', 0],
    ['unlimited', 'shoulderTurn', 0],
    ['wellmaintained', 'spineAngle', 0],
  ])('%j as %s -> %i (numbers first, else words, else 0)', (value, metric, expected) => {
    expect(mobilityValue(value, metric)).toBe(expected);
  });

  it('keeps "nothing found" apart from 0 for callers that need it', () => {
    expect(parseMobilityValue('n/a', 'shoulderTurn')).toBeNull();
    expect(parseMobilityValue('0°', 'shoulderTurn')).toBe(0);
  });
});

describe('mobility targets', () => {
  it('are the spec values', () => {
    expect(MOBILITY_TARGETS).toEqual({
      hipRotation: { min: 40, max: 50, scaleMax: 70 },
      shoulderTurn: { min: 85, max: 95, scaleMax: 110 },
      xFactor: { min: 40, max: 50, scaleMax: 70 },
    });
  });

  it.each([
    ['shoulderTurn', 84.9, 'below'],
    ['shoulderTurn', 85, 'within'],
    ['shoulderTurn', 95, 'within'],
    ['shoulderTurn', 95.1, 'above'],
    ['hipRotation', 39.9, 'below'],
    ['hipRotation', 40, 'within'],
    ['hipRotation', 50, 'within'],
    ['hipRotation', 50.1, 'above'],
    ['xFactor', 39, 'below'],
    ['xFactor', 45, 'within'],
    ['xFactor', 51, 'above'],
  ] as const)('%s %s is %s the target', (metric, value, status) => {
    expect(mobilityStatus(value, MOBILITY_TARGETS[metric])).toBe(status);
  });

  it.each([
    ['shoulderTurn', 55, 50],
    ['shoulderTurn', 110, 100],
    ['shoulderTurn', 130, 100],
    ['hipRotation', 35, 50],
    ['hipRotation', -5, 0],
    ['xFactor', 0, 0],
  ] as const)('%s %s sits at %s% of the gauge', (metric, value, percent) => {
    expect(gaugePercent(value, MOBILITY_TARGETS[metric])).toBe(percent);
  });
});
