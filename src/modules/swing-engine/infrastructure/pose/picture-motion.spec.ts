import { bodyCore, burstShare, motionInside } from './picture-motion';

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
