import { bodyCore, burstShare, motionInside, zonePixelChange } from './picture-motion';

/** A grey RGB frame of `width` x `height`, with the square at (x, y) of side `side` at `value`. */
function frame(width: number, height: number, square?: { x: number; y: number; side: number }) {
  const data = new Uint8Array(width * height * 3).fill(100);
  if (square) {
    for (let y = square.y; y < square.y + square.side; y++) {
      for (let x = square.x; x < square.x + square.side; x++)
        data.fill(200, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  }
  return data;
}

describe('motionInside', () => {
  it('measures the change inside a box, not outside it', () => {
    const before = frame(200, 100);
    const after = frame(200, 100, { x: 20, y: 20, side: 40 });
    const where = (cx: number) => ({ cx, cy: 40, size: 40, rotation: 0 });
    expect(motionInside(before, after, 200, 100, where(40))).toBeGreaterThan(80);
    expect(motionInside(before, after, 200, 100, where(150))).toBe(0);
  });

  it('clips the box to the frame, and has nothing to say about a box outside it', () => {
    const before = frame(200, 100);
    const after = frame(200, 100, { x: 0, y: 0, side: 30 });
    expect(motionInside(before, after, 200, 100, { cx: 0, cy: 0, size: 60, rotation: 0 })).toBe(
      100,
    );
    expect(
      motionInside(before, after, 200, 100, { cx: 500, cy: 50, size: 60, rotation: 0 }),
    ).toBeNull();
  });
});

describe('burstShare', () => {
  // A swing: still, then eight frames of large change, then still again.
  const swing = [...Array(20).fill(0.5), ...Array(8).fill(5), ...Array(20).fill(0.5)];

  it('reads a bystander shifting all clip long low beside a golfer who swings', () => {
    const fidgeting = Array(48).fill(1);
    expect(burstShare(fidgeting, swing, 8)).toBeCloseTo(0.2, 5);
  });

  it('reads a second golfer swinging, at another moment, as high as the first', () => {
    const later = [...Array(35).fill(0.5), ...Array(8).fill(5), ...Array(5).fill(0.5)];
    expect(burstShare(later, swing, 8)).toBeCloseTo(1, 5);
  });

  it('has no share when the golfer shows no change', () => {
    expect(burstShare([1, 2], [0, 0], 2)).toBeNull();
    expect(burstShare([], [], 8)).toBeNull();
  });
});

describe('bodyCore', () => {
  it('keeps the middle of a body box, about its centre', () => {
    expect(bodyCore({ cx: 100, cy: 200, size: 400, rotation: 0.1 })).toEqual({
      cx: 100,
      cy: 200,
      size: 200,
      rotation: 0.1,
    });
  });
});

describe('zonePixelChange', () => {
  const [width, height] = [400, 300];
  const zone = { left: 0.25, right: 0.75, top: 0.5, bottom: 1 };
  /** A frame of grey noise (a codec's, up to 4 levels), the same for the same seed. */
  const noisy = (seed: number, head?: { x: number; y: number }) => {
    const data = frame(width, height, head && { ...head, side: 6 });
    let state = seed;
    for (let p = 0; p < data.length; p++) {
      state = (state * 1103515245 + 12345) % 2147483648;
      data[p] = data[p]! + (state % 5) - 2;
    }
    return data;
  };

  it("picks out a club head's few pixels moving in the zone over the frame's noise", () => {
    const resting = noisy(1, { x: 190, y: 260 });
    const again = noisy(2, { x: 190, y: 260 });
    const moved = noisy(2, { x: 184, y: 260 });
    const still = zonePixelChange(resting, again, width, height, zone)!;
    const moving = zonePixelChange(resting, moved, width, height, zone)!;
    expect(still).toBeLessThan(5);
    // 72 of the zone's 30,000 pixels changed by 100 levels; the share averaged is 60 pixels.
    expect(moving).toBeGreaterThan(90);
    // A move outside the zone does not count.
    const outside = noisy(2, { x: 20, y: 20 });
    const restingOutside = noisy(1, { x: 26, y: 20 });
    expect(zonePixelChange(restingOutside, outside, width, height, zone)!).toBeLessThan(5);
  });

  it('has nothing to say about a zone outside the frame, or one of no numbers', () => {
    const off = { left: 1.2, right: 1.5, top: 0, bottom: 1 };
    expect(zonePixelChange(noisy(1), noisy(2), width, height, off)).toBeNull();
    const unknown = { left: NaN, right: NaN, top: NaN, bottom: NaN };
    expect(zonePixelChange(noisy(1), noisy(2), width, height, unknown)).toBeNull();
  });
});
