import { turnFromWidths } from './face-on-rotation';

describe('turnFromWidths', () => {
  it('reads the turn from the projected width against the width at address', () => {
    expect(turnFromWidths(40, 40)).toBeCloseTo(0, 5);
    expect(turnFromWidths(40, 20)).toBeCloseTo(60, 5);
    expect(turnFromWidths(-40, -20)).toBeCloseTo(60, 5);
    expect(turnFromWidths(40, 0)).toBeCloseTo(90, 5);
  });

  it('reads past side-on when the line has crossed over', () => {
    expect(turnFromWidths(40, -20)).toBeCloseTo(120, 5);
  });

  it('clamps a width wider than at address to no turn', () => {
    expect(turnFromWidths(40, 44)).toBe(0);
  });

  it('gives no reading when the line was side-on at address or a frame is missing', () => {
    expect(turnFromWidths(0.5, 10)).toBeNaN();
    expect(turnFromWidths(NaN, 10)).toBeNaN();
    expect(turnFromWidths(40, NaN)).toBeNaN();
  });
});
