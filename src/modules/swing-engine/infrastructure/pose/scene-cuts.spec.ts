import { changeSignature, frameSignature, isCut, pictureChange } from './scene-cuts';

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

  it('measures a moving golfer as a change, a repeated frame with noise as almost none', () => {
    const still = frame(w, h, 150, 40);
    const noisy = still.map((v, i) => v + (i % 7 === 0 ? 2 : 0));
    const moved = frame(w, h, 150, 48);
    const at = (data: Uint8Array) => changeSignature(data, w, h);
    expect(pictureChange(at(still), at(noisy))).toBeLessThan(1);
    // The block's edges move by 8 of 160 pixels: whole cells of the finer grid change.
    expect(pictureChange(at(still), at(moved))).toBeGreaterThan(20);
  });
});
