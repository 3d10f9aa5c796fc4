import { currentStreak, streakBefore, tierFor } from './points';

describe('streak multipliers', () => {
  it.each([
    [0, 5],
    [2, 5],
    [3, 6],
    [4, 6],
    [5, 8],
    [6, 8],
    [7, 10],
    [9, 10],
    [10, 13],
    [14, 13],
    [15, 15],
    [40, 15],
  ])('a %d-week streak gives %d points an exercise', (weeks, points) => {
    expect(tierFor(weeks).pointsPerExercise).toBe(points);
  });
});

describe('streaks in weeks', () => {
  const weeks = new Set(['2026-11-01', '2026-11-08', '2026-11-15']);

  it('counts the consecutive weeks before this one', () => {
    expect(streakBefore(weeks, '2026-11-22')).toBe(3);
    expect(tierFor(streakBefore(weeks, '2026-11-22')).pointsPerExercise).toBe(6);
  });

  it('ends with a week without an exercise', () => {
    expect(streakBefore(weeks, '2026-11-29')).toBe(0);
    expect(currentStreak(weeks, '2026-11-29')).toBe(0);
  });

  it('shows this week once it has an exercise', () => {
    expect(currentStreak(weeks, '2026-11-22')).toBe(3);
    expect(currentStreak(new Set([...weeks, '2026-11-22']), '2026-11-22')).toBe(4);
  });

  it('crosses a daylight-saving change and a year end by calendar weeks', () => {
    expect(streakBefore(new Set(['2026-10-25', '2026-11-01']), '2026-11-08')).toBe(2);
    expect(streakBefore(new Set(['2026-12-20', '2026-12-27']), '2027-01-03')).toBe(2);
  });
});
