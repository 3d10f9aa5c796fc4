import {
  cameraJerked,
  changeSignature,
  frameSignature,
  isCut,
  pictureChange,
  zoneChange,
} from './scene-cuts';

/** An RGB24 frame: a grey background with a darker block (the golfer) at `x`. */
function frame(width: number, height: number, background: number, x: number): Uint8Array {
  const data = new Uint8Array(width * height * 3).fill(background);
  for (let row = height / 4; row < (3 * height) / 4; row++) {
    for (let col = x; col < x + width / 8; col++)
      data.fill(40, (row * width + col) * 3, (row * width + col) * 3 + 3);
  }
  return data;
}

describe('scene cuts', () => {
  const [w, h] = [160, 120];
  it('does not see a cut where the golfer moves within one shot', () => {
    const before = frameSignature(frame(w, h, 150, 40), w, h);
    const after = frameSignature(frame(w, h, 150, 48), w, h);
    expect(isCut(before, after, 1 / 30)).toBe(false);
    expect(isCut(before, after, 0.2)).toBe(false);
  });

  it('sees a cut where the whole picture changes', () => {
    const before = frameSignature(frame(w, h, 150, 40), w, h);
    const after = frameSignature(frame(w, h, 60, 100), w, h);
    expect(isCut(before, after, 1 / 30)).toBe(true);
    expect(isCut(before, after, 0.2)).toBe(true);
  });

  it('tells a jerk of the camera, which a shift of the whole picture matches, from a cut', () => {
    // A textured scene: a grey ramp across and down, the golfer's block on it.
    const scene = (dx: number, dy: number, background = 150) => {
      const data = frame(w, h, background, 40 + dx);
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const at = (y * w + x) * 3;
          const shade = (((x - dx) * 7 + (y - dy) * 3) % 64) + (data[at]! === 40 ? 0 : 40);
          data.fill(data[at]! === 40 ? 40 : shade, at, at + 3);
        }
      }
      return data;
    };
    const at = (data: Uint8Array) => changeSignature(data, w, h);
    // Shifted by 4% of the frame across and 3% down: a hand-held camera jerked.
    expect(cameraJerked(at(scene(0, 0)), at(scene(6, 4)))).toBe(true);
    // Another picture altogether: a cut.
    expect(cameraJerked(at(scene(0, 0)), at(frame(w, h, 60, 100)))).toBe(false);
  });

  it('matches a jerk of half a cell of the grid, which no whole-cell shift matches', () => {
    // A smooth ramp across a 320-pixel frame (cells of 10 pixels), shifted by 5 pixels.
    const [width, height] = [320, 240];
    const ramp = (dx: number) => {
      const data = new Uint8Array(width * height * 3);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const at = (y * width + x) * 3;
          data.fill(Math.round(20 + 0.7 * (x - dx)), at, at + 3);
        }
      }
      return data;
    };
    const at = (data: Uint8Array) => changeSignature(data, width, height);
    expect(cameraJerked(at(ramp(0)), at(ramp(5)))).toBe(true);
  });

  it('measures a moving golfer as a change, a repeated frame with noise as almost none', () => {
    const still = frame(w, h, 150, 40);
    const noisy = still.map((v, i) => v + (i % 7 === 0 ? 2 : 0));
    const moved = frame(w, h, 150, 48);
    const at = (data: Uint8Array) => changeSignature(data, w, h);
    expect(pictureChange(at(still), at(noisy))).toBeLessThan(1);
    // The block's edges move by 8 of 160 pixels: whole cells of the finer grid change.
    expect(pictureChange(at(still), at(moved))).toBeGreaterThan(20);
  });

  it('measures a small move inside a zone, and none from outside it', () => {
    // A club head: a dark 6-pixel square near the bottom left, moved by 6 pixels.
    const head = (x: number) => {
      const data = new Uint8Array(w * h * 3).fill(150);
      for (let row = 100; row < 106; row++) data.fill(40, (row * w + x) * 3, (row * w + x + 6) * 3);
      return data;
    };
    const at = (data: Uint8Array) => changeSignature(data, w, h);
    const [before, after] = [at(head(20)), at(head(26))];
    const zone = { left: 0, top: 0.6, right: 0.5, bottom: 1 };
    const elsewhere = { left: 0.5, top: 0, right: 1, bottom: 0.5 };
    expect(zoneChange(before, after, zone)).toBeGreaterThan(10);
    expect(zoneChange(before, after, elsewhere)).toBe(0);
    // The whole picture's most changed 5% take in cells that did not change.
    expect(pictureChange(before, after)).toBeLessThan(zoneChange(before, after, zone)! / 2);
    // A zone between the cells' centres holds none of them.
    expect(
      zoneChange(before, after, { left: 0.5, top: 0.5, right: 0.51, bottom: 0.51 }),
    ).toBeNull();
  });
});
