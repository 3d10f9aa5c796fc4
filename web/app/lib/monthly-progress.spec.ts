import { progressAgainst } from './monthly-progress';

describe('progressAgainst (this swing vs the month average)', () => {
  it("reads 'On average' under 0.1", () => {
    expect(progressAgainst(98.05, 98, ' mph')).toEqual({
      text: 'On average',
      direction: 'level',
      percent: null,
    });
  });

  it('gives +X mph with its direction and percent otherwise', () => {
    expect(progressAgainst(100, 98, ' mph')).toEqual({
      text: '+2 mph',
      direction: 'up',
      percent: 2,
    });
    expect(progressAgainst(98.1, 98, ' mph')).toEqual({
      text: '+0.1 mph',
      direction: 'up',
      percent: 0.1,
    });
    expect(progressAgainst(90, 100, ' mph')).toEqual({
      text: '-10 mph',
      direction: 'down',
      percent: -10,
    });
  });
});
