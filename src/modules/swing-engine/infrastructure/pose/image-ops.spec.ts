import {
  cropRoi,
  fromCrop,
  letterbox,
  roiFromAlignment,
  zoomWindows,
  type RgbImage,
} from './image-ops';

function gradient(width: number, height: number): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      data[i] = x % 256;
      data[i + 1] = y % 256;
      data[i + 2] = 100;
    }
  }
  return { width, height, data };
}

describe('image ops', () => {
  it('letterboxes a wide frame with a black border above and below', () => {
    const lb = letterbox(gradient(200, 100), 100, 1 / 127.5, -1);
    expect(lb.scale).toBeCloseTo(0.5);
    expect(lb.padY).toBe(25);
    expect(lb.tensor[0]).toBe(-1); // top-left corner is border
    const centre = (50 * 100 + 50) * 3;
    expect(lb.tensor[centre + 2]).toBeCloseTo(100 / 127.5 - 1);
  });

  it('letterboxes a region of the frame, for a closer look', () => {
    const lb = letterbox(gradient(200, 100), 100, 1, 0, { x: 120, y: 40, width: 50, height: 50 });
    expect(lb.scale).toBeCloseTo(2);
    expect([lb.padX, lb.padY]).toEqual([0, 0]);
    expect([lb.tensor[0], lb.tensor[1]]).toEqual([120, 40]); // the region's top-left pixel
    const last = (99 * 100 + 99) * 3;
    expect([lb.tensor[last], lb.tensor[last + 1]]).toEqual([169, 89]);
  });

  it('covers a frame with squares overlapping by half, the last flush with the edges', () => {
    const windows = zoomWindows(640, 360, 180);
    expect(new Set(windows.map((w) => w.x))).toEqual(new Set([0, 90, 180, 270, 360, 450, 460]));
    expect(new Set(windows.map((w) => w.y))).toEqual(new Set([0, 90, 180]));
    expect(windows).toHaveLength(21);
    expect(windows.every((w) => w.width === 180 && w.height === 180)).toBe(true);
    expect(zoomWindows(100, 80, 120)).toEqual([{ x: 0, y: 0, width: 100, height: 80 }]);
  });

  it('crops an upright ROI so that crop centre maps to the ROI centre', () => {
    const image = gradient(200, 200);
    const roi = { cx: 120, cy: 80, size: 64, rotation: 0 };
    const crop = cropRoi(image, roi, 64, 1, 0);
    const mid = (32 * 64 + 32) * 3;
    expect(crop[mid]).toBeCloseTo(120, 0);
    expect(crop[mid + 1]).toBeCloseTo(80, 0);
    expect(fromCrop(roi, 64, 32, 32)).toEqual({ x: 120, y: 80 });
  });

  it('maps crop points back through a rotation', () => {
    const roi = { cx: 100, cy: 100, size: 50, rotation: Math.PI / 2 };
    const p = fromCrop(roi, 50, 50, 25); // right edge middle of the crop
    expect(p.x).toBeCloseTo(100);
    expect(p.y).toBeCloseTo(125);
  });

  it('builds an upright ROI for a standing person (scale point above the hips)', () => {
    const roi = roiFromAlignment({ x: 100, y: 200 }, { x: 100, y: 100 });
    expect(roi.rotation).toBeCloseTo(0);
    expect(roi.size).toBeCloseTo(250);
    expect(roiFromAlignment({ x: 100, y: 200 }, { x: 200, y: 200 }).rotation).toBeCloseTo(
      Math.PI / 2,
    );
  });
});
