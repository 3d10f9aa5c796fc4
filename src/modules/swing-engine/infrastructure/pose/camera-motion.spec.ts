import type { ImageLandmark } from '../../domain/pose-track';
import { CameraFollower } from './camera-motion';

const [W, H] = [320, 180];

/** A smooth textured background, seen through a camera: a scene point q shows at scale q + t. */
function scene(qx: number, qy: number): number {
  return (
    128 +
    40 * Math.sin(qx / 7) * Math.cos(qy / 9) +
    30 * Math.sin((qx + 2 * qy) / 13) +
    20 * Math.cos((qx - qy) / 5.5)
  );
}

/** An RGB frame of the scene under the camera's motion, with a bright golfer-sized block. */
function frame(motion: { x: number; y: number; scale: number }, golfer?: [number, number]) {
  const data = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let v = scene((x - motion.x) / motion.scale, (y - motion.y) / motion.scale);
      if (golfer && Math.abs(x - golfer[0]) < 15 && Math.abs(y - golfer[1]) < 40) v = 250;
      const p = (y * W + x) * 3;
      data[p] = data[p + 1] = data[p + 2] = v;
    }
  }
  return data;
}

/** Landmarks spanning a golfer's box centred at (x, y). */
function golferAt(x: number, y: number): ImageLandmark[] {
  return [
    [x - 15, y - 40],
    [x + 15, y + 40],
  ].map(([px, py]) => ({ x: px!, y: py!, z: 0, visibility: 1, presence: 1 }));
}

describe('CameraFollower', () => {
  it('reads a pan and a zoom off the background', () => {
    const follower = new CameraFollower();
    let last = follower.next(frame({ x: 0, y: 0, scale: 1 }), W, H, null);
    for (let k = 1; k <= 30; k++) {
      const truth = { x: -0.4 * k, y: 0.2 * k, scale: 1 + 0.004 * k };
      last = follower.next(frame(truth), W, H, null);
    }
    if (!last) throw new Error('the background was not matched');
    // A scene point at q shows at scale q + (x, y): check where the picture's centre went.
    const truth = { x: -12, y: 6, scale: 1.12 };
    expect(last.scale).toBeCloseTo(truth.scale, 2);
    const centre = (m: typeof truth) => ({ x: m.scale * 160 + m.x, y: m.scale * 90 + m.y });
    expect(Math.abs(centre(last).x - centre(truth).x)).toBeLessThan(0.5);
    expect(Math.abs(centre(last).y - centre(truth).y)).toBeLessThan(0.5);
  });

  it('holds still on a tripod while the golfer moves, and starts again after reset', () => {
    const follower = new CameraFollower();
    const still = { x: 0, y: 0, scale: 1 };
    let last = follower.next(frame(still, [160, 90]), W, H, golferAt(160, 90));
    for (let k = 1; k <= 20; k++) {
      const golfer: [number, number] = [160 + 3 * k, 90];
      last = follower.next(frame(still, golfer), W, H, golferAt(...golfer));
    }
    if (!last) throw new Error('the background was not matched');
    expect(Math.abs(last.x)).toBeLessThan(0.2);
    expect(Math.abs(last.y)).toBeLessThan(0.2);
    expect(last.scale).toBeCloseTo(1, 3);
    follower.reset();
    expect(follower.next(frame({ x: 5, y: 0, scale: 1 }), W, H, null)).toEqual(still);
  });

  it('stops following where the picture jumps further than a camera moves in a frame', () => {
    // A broad texture, so the fit can find a big shift: a whip pan of 24 pixels (over a tenth of
    // the short side) in one frame is left unknown, 8 pixels is followed.
    const broad = (dx: number) => {
      const data = new Uint8Array(W * H * 3);
      for (let y = 0; y < H; y++) {
        for (let x = 0; x < W; x++) {
          const [qx, qy] = [x - dx, y];
          const p = (y * W + x) * 3;
          data[p] =
            data[p + 1] =
            data[p + 2] =
              128 + 60 * Math.sin(qx / 20) * Math.cos(qy / 25) + 40 * Math.sin((qx + qy) / 31);
        }
      }
      return data;
    };
    const follower = new CameraFollower();
    follower.next(broad(0), W, H, null);
    expect(follower.next(broad(8), W, H, null)?.x).toBeCloseTo(8, 0);
    expect(follower.next(broad(32), W, H, null)).toBeNull();
  });

  it('does not guess where the background has no texture', () => {
    const follower = new CameraFollower();
    const flat = new Uint8Array(W * H * 3).fill(90);
    follower.next(flat, W, H, null);
    expect(follower.next(flat, W, H, null)).toBeNull();
  });
});
