import {
  argMax,
  argMin,
  derivative,
  fillGaps,
  median,
  smooth,
  unwrapDegrees,
  wrapDegrees,
} from './signal';

describe('signal helpers', () => {
  it('fills gaps linearly and at the edges', () => {
    expect(fillGaps([NaN, 1, NaN, 3, NaN])).toEqual([1, 1, 2, 3, 3]);
  });
  it('smooths with a centred window', () => {
    expect(smooth([0, 3, 0], 1)).toEqual([1.5, 1, 1.5]);
  });
  it('differentiates over frame times', () => {
    expect(derivative([0, 1, 2], [0, 0.5, 1])).toEqual([2, 2, 2]);
  });
  it('finds extremes within a range', () => {
    expect(argMax([5, 1, 9, 2], 0, 1)).toBe(0);
    expect(argMin([5, 1, 9, 0], 0, 2)).toBe(1);
  });
  it('takes medians ignoring NaN', () => {
    expect(median([3, NaN, 1, 2])).toBe(2);
  });
  it('wraps and unwraps angles', () => {
    expect(wrapDegrees(190)).toBe(-170);
    expect(unwrapDegrees([170, -175, -160])).toEqual([170, 185, 200]);
    expect(unwrapDegrees([0, NaN, -45, 180, -135, -90])).toEqual([0, NaN, -45, -180, -135, -90]);
  });
  it('unwraps past a single frame turned round', () => {
    // A left-right swap on one frame: the frames after it stay where they were.
    expect(unwrapDegrees([0, 10, -170, 20, 30])).toEqual([0, 10, -170, 20, 30]);
  });
});
