import {
  FULL_FRAME,
  golferCrop,
  turnedPictureStyle,
  turnedSize,
  viewerLayout,
} from './golfer-crop';
import type { OverlayPoint, OverlayTrack } from './pose-overlay';

/** A 1920x1080 track of a golfer standing between x 860-1060 and y 300-900 px. */
function track(points: (frame: number) => OverlayPoint[] | null, frames = 30): OverlayTrack {
  return {
    width: 1920,
    height: 1080,
    fps: 30,
    frames: Array.from({ length: frames }, (_, i) => ({
      index: i,
      time: i / 30,
      points: points(i),
    })),
  };
}

const body = (dx = 0): OverlayPoint[] =>
  Array.from({ length: 33 }, (_, i) => {
    const row = i < 11 ? 0 : (i - 11) / 21; // head at the top, feet at the bottom
    return [860 + dx + (i % 2) * 200, 300 + row * 600, 0.9] as const;
  });

describe('golferCrop', () => {
  it('boxes the golfer with room for the club, inside the frame', () => {
    const crop = golferCrop(track(() => body()))!;
    expect(crop).not.toBeNull();
    // The body (300-900 px of 1080) is 600/1080 of the frame high; the crop adds 30%.
    expect(crop.h).toBeCloseTo((600 / 1080) * 1.3, 2);
    expect(crop.y).toBeCloseTo((300 - 0.22 * 600) / 1080, 2);
    expect(crop.x).toBeGreaterThanOrEqual(0);
    expect(crop.x + crop.w).toBeLessThanOrEqual(1);
    // The golfer is most of the crop's height: over 60% of the viewer when zoomed.
    expect(600 / 1080 / crop.h).toBeGreaterThan(0.75);
  });

  it('is one stable box for the clip, not following a stray landmark', () => {
    const crop = golferCrop(
      track((i) => {
        const points = body(i * 2).slice();
        if (i === 7) points[15] = [1900, 20, 0.9]; // one wild wrist
        return points;
      }),
    )!;
    expect(crop.y).toBeGreaterThan(0.1);
    expect(crop.x + crop.w).toBeLessThan(0.8);
  });

  it('ignores hidden landmarks and gives no crop without a golfer', () => {
    expect(golferCrop(track(() => null))).toBeNull();
    expect(golferCrop(track(() => body().map(([x, y]) => [x, y, 0.1] as const)))).toBeNull();
  });

  it('gives no crop when the golfer already fills the frame', () => {
    const big = track(() =>
      Array.from({ length: 33 }, (_, i) => [(i % 2) * 1900, 10 + (i / 33) * 1060, 0.9] as const),
    );
    expect(golferCrop(big)).toBeNull();
  });

  it('boxes a golfer stored on its side where they show, the picture turned upright', () => {
    // The 1920x1080 clip above stored a quarter turn anticlockwise (1080x1920, the golfer lying
    // with their head to the left): shown turned clockwise, it is the clip above again.
    const upright = golferCrop(track(() => body()))!;
    const stored: OverlayTrack = {
      ...track(() => body().map(([x, y, v]) => [y, 1920 - x, v] as const)),
      width: 1080,
      height: 1920,
    };
    const shown = golferCrop(stored, 90)!;
    expect(shown.x).toBeCloseTo(upright.x, 5);
    expect(shown.y).toBeCloseTo(upright.y, 5);
    expect(shown.w).toBeCloseTo(upright.w, 5);
    expect(shown.h).toBeCloseTo(upright.h, 5);
    // Read as stored, the same landmarks give another box: the golfer's length across it.
    expect(golferCrop(stored)!.w).toBeGreaterThan(golferCrop(stored)!.h);
  });

  it('shifts a box that overhangs the frame back inside', () => {
    const crop = golferCrop(
      track(() => body().map(([x, y, v]) => [x - 850, y - 280, v] as const)),
    )!;
    expect(crop.x).toBe(0);
    expect(crop.y).toBe(0);
  });
});

describe('viewerLayout', () => {
  it('takes the clip aspect when not zoomed', () => {
    const { box, layer } = viewerLayout({ width: 1920, height: 1080 }, FULL_FRAME);
    expect(Number(box.aspectRatio)).toBeCloseTo(16 / 9, 5);
    expect(layer).toEqual({ width: '100%', height: '100%', left: '0%', top: '0%' });
  });

  it('scales and shifts the whole frame so the crop fills the box', () => {
    const { box, layer } = viewerLayout(
      { width: 1920, height: 1080 },
      { x: 0.25, y: 0.1, w: 0.5, h: 0.8 },
    );
    expect(Number(box.aspectRatio)).toBeCloseTo((0.5 * 1920) / (0.8 * 1080), 5);
    expect(layer).toEqual({ width: '200%', height: '125%', left: '-50%', top: '-12.5%' });
  });
});

describe('a picture stored on its side', () => {
  it('shows with its sides swapped by a quarter turn', () => {
    const stored = { width: 1080, height: 1920 };
    expect(turnedSize(stored, 90)).toEqual({ width: 1920, height: 1080 });
    expect(turnedSize(stored, 270)).toEqual({ width: 1920, height: 1080 });
    expect(turnedSize(stored, 180)).toEqual(stored);
    expect(turnedSize(stored, 0)).toEqual(stored);
  });

  it('is turned about the layer centre at its stored size, and left alone when upright', () => {
    expect(turnedPictureStyle({ width: 1080, height: 1920 }, 0)).toEqual({ inset: 0 });
    // The layer is 1920 wide by 1080 high (as shown): the stored picture is 1080 by 1920.
    expect(turnedPictureStyle({ width: 1080, height: 1920 }, 90)).toEqual({
      left: '50%',
      top: '50%',
      width: '56.25%',
      height: '177.77777777777777%',
      transform: 'translate(-50%, -50%) rotate(90deg)',
    });
    expect(turnedPictureStyle({ width: 1080, height: 1920 }, 180)).toMatchObject({
      width: '100%',
      height: '100%',
      transform: 'translate(-50%, -50%) rotate(180deg)',
    });
  });
});
