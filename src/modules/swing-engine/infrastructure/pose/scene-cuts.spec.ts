import { frameSignature, isCut } from './scene-cuts';

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
});
