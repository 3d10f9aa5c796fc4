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

/**
 * How much of the picture moved between neighbouring frames (pictureChange): a finer grid, so
 * that a golfer's arms and club fill a few cells.
 */
const CHANGE_GRID = 32;
/** The share of cells, the most changed, that pictureChange averages. */
const CHANGED_SHARE = 0.05;
/** Cells of the finer grid (each a 32nd of the frame) the whole picture may shift by, at most, */
const SHAKE_CELLS = 2;
/** ...in steps of this many cells (a jerk seldom moves the picture by whole cells)... */
const SHAKE_STEP = 0.5;
/**
 * ...and the share of the frames' difference that must remain at the best shift for it to be a
 * cut. A camera jerked by up to 3% of the frame between frames leaves 0.04-0.64 of the
 * difference; cuts between two golf clips 0.89-0.94 (research note 0007, fifteenth session).
 */
const CUT_AFTER_SHIFT = 0.75;

/** Mean brightness of each cell of a grid x grid grid over an RGB24 frame (sampled sparsely). */
export function frameSignature(
  data: Uint8Array,
  width: number,
  height: number,
  grid = GRID,
): FrameSignature {
  const sums = new Float32Array(grid * grid);
  const counts = new Uint32Array(grid * grid);
  // 64 samples across the short side at least; four a cell on finer grids.
  const stride = Math.max(1, Math.floor(Math.min(width, height) / Math.max(64, 4 * grid)));
  for (let y = 0; y < height; y += stride) {
    const row = Math.min(grid - 1, Math.floor((y * grid) / height));
    for (let x = 0; x < width; x += stride) {
      const cell = row * grid + Math.min(grid - 1, Math.floor((x * grid) / width));
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

/**
 * Whether a jerk of the camera explains the change between two neighbouring frames' change
 * signatures: a cut changes what is filmed, and no shift matches it; a hand-held camera's jerk
 * moves the whole picture, which a shift matches (shiftedShare under CUT_AFTER_SHIFT).
 */
export function cameraJerked(before: FrameSignature, after: FrameSignature): boolean {
  return shiftedShare(before, after) < CUT_AFTER_SHIFT;
}

/**
 * The share of two change signatures' difference left when `before` is shifted to match `after`
 * best: by up to SHAKE_CELLS cells either way (bilinear, in SHAKE_STEP steps), over the cells
 * every shift keeps inside the grid. 1 when they do not differ.
 */
export function shiftedShare(before: FrameSignature, after: FrameSignature): number {
  const grid = Math.round(Math.sqrt(before.length));
  const margin = Math.ceil(SHAKE_CELLS);
  const at = (x: number, y: number) => before[y * grid + x]!;
  /** `before` at the fractional cell (x, y), bilinear. */
  const sample = (x: number, y: number) => {
    const [x0, y0] = [Math.floor(x), Math.floor(y)];
    const [x1, y1] = [Math.min(x0 + 1, grid - 1), Math.min(y0 + 1, grid - 1)];
    const [fx, fy] = [x - x0, y - y0];
    const top = (1 - fx) * at(x0, y0) + fx * at(x1, y0);
    const bottom = (1 - fx) * at(x0, y1) + fx * at(x1, y1);
    return (1 - fy) * top + fy * bottom;
  };
  const difference = (dx: number, dy: number) => {
    let sum = 0;
    let count = 0;
    for (let y = margin; y < grid - margin; y++) {
      for (let x = margin; x < grid - margin; x++) {
        sum += Math.abs(after[y * grid + x]! - sample(x - dx, y - dy));
        count++;
      }
    }
    return count ? sum / count : 0;
  };
  const unshifted = difference(0, 0);
  let best = unshifted;
  for (let dy = -SHAKE_CELLS; dy <= SHAKE_CELLS; dy += SHAKE_STEP) {
    for (let dx = -SHAKE_CELLS; dx <= SHAKE_CELLS; dx += SHAKE_STEP) {
      best = Math.min(best, difference(dx, dy));
    }
  }
  return unshifted > 0 ? best / unshifted : 1;
}

/** The finer signature pictureChange compares. */
export function changeSignature(data: Uint8Array, width: number, height: number): FrameSignature {
  return frameSignature(data, width, height, CHANGE_GRID);
}

/**
 * How much the picture changed between two neighbouring frames' change signatures: the mean
 * grey-level difference of the most-changed cells (CHANGED_SHARE), where a moving golfer shows
 * while the rest of the picture only carries compression noise. A repeated frame (pulldown)
 * changes by about one grey level; a swing's frames by 5-40 (repeated-frames.ts).
 */
export function pictureChange(before: FrameSignature, after: FrameSignature): number {
  const differences = after.map((v, cell) => Math.abs(v - before[cell]!)).sort();
  const count = Math.max(1, Math.round(CHANGED_SHARE * differences.length));
  return mean(differences.subarray(differences.length - count));
}

/** The mean of the values, added in the order given. */
function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let k = 0; k < values.length; k++) sum += values[k]!;
  return sum / values.length;
}

/** A part of the picture, in shares of its width and height (0 to 1 from the left and top). */
export interface PictureBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The cells zoneChange averages: the most changed few, so that a club head filling a cell or two
 * shows above the rest of the zone's noise (the whole picture's most changed 5% drown it).
 */
const ZONE_CELLS = 3;

/**
 * How much a part of the picture changed between two neighbouring frames' change signatures:
 * the mean grey-level difference of the ZONE_CELLS most changed cells whose centres lie in the
 * box; null when no cell's centre does.
 */
export function zoneChange(
  before: FrameSignature,
  after: FrameSignature,
  box: PictureBox,
): number | null {
  const grid = Math.round(Math.sqrt(before.length));
  const differences: number[] = [];
  for (let y = 0; y < grid; y++) {
    const centreY = (y + 0.5) / grid;
    if (centreY < box.top || centreY > box.bottom) continue;
    for (let x = 0; x < grid; x++) {
      const centreX = (x + 0.5) / grid;
      if (centreX < box.left || centreX > box.right) continue;
      const cell = y * grid + x;
      differences.push(Math.abs(after[cell]! - before[cell]!));
    }
  }
  if (differences.length === 0) return null;
  return mean(differences.sort((a, b) => b - a).slice(0, ZONE_CELLS));
}
