import { jointAngle, tiltFromVertical, yawDegrees } from './geometry';

const p = (x: number, y: number, z: number) => ({ x, y, z });

describe('geometry', () => {
  it('measures yaw about the vertical axis', () => {
    expect(yawDegrees(p(0, 0, 0), p(1, 0, 0))).toBeCloseTo(0);
    expect(yawDegrees(p(0, 0, 0), p(0, 5, 1))).toBeCloseTo(90);
    expect(yawDegrees(p(0, 0, 0), p(-1, 0, 0))).toBeCloseTo(180);
  });
  it('measures joint angles', () => {
    expect(jointAngle(p(0, -1, 0), p(0, 0, 0), p(0, 1, 0))).toBeCloseTo(180);
    expect(jointAngle(p(1, 0, 0), p(0, 0, 0), p(0, 1, 0))).toBeCloseTo(90);
  });
  it('measures tilt from vertical with y pointing down', () => {
    expect(tiltFromVertical(p(0, 0, 0), p(0, -1, 0))).toBeCloseTo(0);
    expect(tiltFromVertical(p(0, 0, 0), p(0, -1, 1))).toBeCloseTo(45);
  });
});
