import { analysisAge, badgeLabel, notificationAge } from './ages';

const now = new Date('2026-11-21T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;

describe('notificationAge', () => {
  it.each([
    [0, 'Just now'],
    [59_999, 'Just now'],
    [MIN, '1m ago'],
    [59 * MIN, '59m ago'],
    [60 * MIN, '1h ago'],
    [23 * 60 * MIN + 59 * MIN, '23h ago'],
    [24 * 60 * MIN, '1d ago'],
    [10 * 24 * 60 * MIN, '10d ago'],
  ])('%i ms -> %s', (ms, label) => {
    expect(notificationAge(ago(ms), now)).toBe(label);
  });
  it('never shows a negative age for clock skew', () => {
    expect(notificationAge(new Date(now.getTime() + 5000), now)).toBe('Just now');
  });
});

describe('analysisAge', () => {
  it.each([
    [30 * MIN, 'Just now'],
    [60 * MIN, '1 hour ago'],
    [5 * 60 * MIN, '5 hours ago'],
    [24 * 60 * MIN, '1 day ago'],
    [3 * 24 * 60 * MIN, '3 days ago'],
  ])('%i ms -> %s', (ms, label) => {
    expect(analysisAge(ago(ms), now)).toBe(label);
  });
});

describe('badgeLabel', () => {
  it('caps at 9+', () => {
    expect(badgeLabel(1)).toBe('1');
    expect(badgeLabel(9)).toBe('9');
    expect(badgeLabel(10)).toBe('9+');
  });
});
