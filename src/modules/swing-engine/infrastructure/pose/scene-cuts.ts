/**
 * Cuts between shots, from the decoded frames themselves: an edited clip (a replay, a second
 * camera, a logo card) changes the whole picture at once, while a swing changes a small part
 * of it. Each frame is reduced to a coarse grid of mean brightness and compared with the
 * previous frame posed; measured on our clips, neighbouring frames of one shot differ by at most
 * 2.7 grey levels on average (7.4 in a phone's slow-motion blend), a cut by 7.6 and more, and
 * frames a coarse step apart by up to 11 with a hand-held camera following the ball.
 */
const GRID = 8;
/** Mean absolute difference (grey levels) that marks a cut between neighbouring frames... */
const CUT_DIFFERENCE = 7.5;
/** ...and between frames posed further apart than NEIGHBOUR_SECONDS (the coarse pass). */
const CUT_DIFFERENCE_APART = 18;
const NEIGHBOUR_SECONDS = 0.05;

export type FrameSignature = Float32Array;

/** Mean brightness of each cell of a GRID x GRID grid over an RGB24 frame (sampled sparsely). */
export function frameSignature(data: Uint8Array, width: number, height: number): FrameSignature {
  const sums = new Float32Array(GRID * GRID);
  const counts = new Uint32Array(GRID * GRID);
  const stride = Math.max(1, Math.floor(Math.min(width, height) / 64));
  for (let y = 0; y < height; y += stride) {
    const row = Math.min(GRID - 1, Math.floor((y * GRID) / height));
    for (let x = 0; x < width; x += stride) {
      const cell = row * GRID + Math.min(GRID - 1, Math.floor((x * GRID) / width));
      const p = (y * width + x) * 3;
      sums[cell]! += (data[p]! + data[p + 1]! + data[p + 2]!) / 3;
      counts[cell]!++;
    }
  }
  return sums.map((sum, cell) => (counts[cell] ? sum / counts[cell]! : 0));
}

/** Whether the picture changed as a cut changes it, between two frames `seconds` apart. */
export function isCut(before: FrameSignature, after: FrameSignature, seconds: number): boolean {
  let difference = 0;
  for (let cell = 0; cell < before.length; cell++) {
    difference += Math.abs(after[cell]! - before[cell]!);
  }
  difference /= before.length;
  return difference > (seconds <= NEIGHBOUR_SECONDS ? CUT_DIFFERENCE : CUT_DIFFERENCE_APART);
}
