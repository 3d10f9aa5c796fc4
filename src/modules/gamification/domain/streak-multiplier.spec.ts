import { multiplierLabel, streakTier } from './streak-multiplier';

describe('streakTier', () => {
  it.each([
    [0, 1.0, 5],
    [2, 1.0, 5],
    [3, 1.25, 6],
    [4, 1.25, 6],
    [5, 1.5, 8],
    [6, 1.5, 8],
    [7, 2.0, 10],
    [9, 2.0, 10],
    [10, 2.5, 13],
    [14, 2.5, 13],
    [15, 3.0, 15],
    [52, 3.0, 15],
  ])('%i weeks -> %sx, %i points', (weeks, multiplier, points) => {
    const tier = streakTier(weeks);
    expect(tier.multiplier).toBe(multiplier);
    expect(tier.pointsPerExercise).toBe(points);
  });

  it('treats negative or fractional weeks safely', () => {
    expect(streakTier(-3).multiplier).toBe(1);
    expect(streakTier(4.9).multiplier).toBe(1.25);
  });

  it('labels multipliers', () => {
    expect(multiplierLabel(streakTier(3))).toBe('1.25x');
    expect(multiplierLabel(streakTier(0))).toBe('1.0x');
    expect(multiplierLabel(streakTier(5))).toBe('1.5x');
    expect(multiplierLabel(streakTier(7))).toBe('2.0x');
  });
});
