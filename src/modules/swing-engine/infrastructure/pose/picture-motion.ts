import type { Roi } from './image-ops';
import type { PictureBox } from './scene-cuts';

/** Samples across and down a box: enough to average out compression noise, cheap per frame. */
const GRID = 24;
/** The share of a body box (centred on the hips) that bodyCore keeps. */
const CORE_SHARE = 0.5;

/**
 * The middle of a person's body box: hips, torso and thighs, which a swing's hands and arms
 * cross and a bystander's fidgeting barely moves (the full box also takes in the background and,
 * beside a golfer, their club). fo_pro_iron_a's golfer against a person rocking through the
 * golfer's set-up frames: 0.15 of their bursts (burstShare) on the core, 0.28 on the full box;
 * against their mirror image swinging, 1.17 and 1.29.
 */
export function bodyCore(roi: Roi): Roi {
  return { ...roi, size: roi.size * CORE_SHARE };
}

/**
 * How much the picture changed inside `roi`'s upright box (its rotation ignored) between two RGB
 * frames of `width` x `height`: the mean absolute difference of the green channel over a grid of
 * samples, 0-255. The box is clipped to the frame; null when none of it is inside.
 */
export function motionInside(
  previous: Uint8Array,
  current: Uint8Array,
  width: number,
  height: number,
  roi: Roi,
): number | null {
  const half = roi.size / 2;
  const x0 = Math.max(0, Math.round(roi.cx - half));
  const x1 = Math.min(width - 1, Math.round(roi.cx + half));
  const y0 = Math.max(0, Math.round(roi.cy - half));
  const y1 = Math.min(height - 1, Math.round(roi.cy + half));
  if (x1 < x0 || y1 < y0) return null;
  let sum = 0;
  let count = 0;
  for (let j = 0; j < GRID; j++) {
    const y = Math.round(y0 + ((y1 - y0) * (j + 0.5)) / GRID);
    for (let i = 0; i < GRID; i++) {
      const x = Math.round(x0 + ((x1 - x0) * (i + 0.5)) / GRID);
      const at = (y * width + x) * 3 + 1;
      sum += Math.abs(current[at]! - previous[at]!);
      count++;
    }
  }
  return sum / count;
}

/**
 * `changes`' burst over `reference`'s, each the most change over `span` measures running: a
 * swing is a burst, so a bystander who shifts their weight all clip long still reads low beside
 * the golfer who swings. Null when the reference shows no change.
 */
export function burstShare(changes: number[], reference: number[], span: number): number | null {
  const burst = (series: number[]) => {
    const n = Math.max(1, Math.min(span, series.length));
    let sum = series.slice(0, n).reduce((a, b) => a + b, 0);
    let best = sum;
    for (let i = n; i < series.length; i++) {
      sum += series[i]! - series[i - n]!;
      best = Math.max(best, sum);
    }
    return best / n;
  };
  const base = burst(reference);
  return base > 0 ? burst(changes) / base : null;
}

/** The share of the club's zone that a club head's move changes: its few most changed pixels. */
const CLUB_HEAD_SHARE = 0.002;
/** Fewest pixels averaged, on a zone too small for the share to make sense. */
const CLUB_HEAD_MIN_PIXELS = 8;

/**
 * How much the most changed pixels inside `box` (shares of the frame, as addressClubZone gives
 * it) changed between two neighbouring RGB24 frames: the mean grey-level difference of the
 * CLUB_HEAD_SHARE most changed pixels. The club head is a few pixels in a 360-pixel frame, and
 * the change grid's cells (zoneChange, a 32nd of the frame each) average its first creep away;
 * pixel by pixel it stands out of the compression noise. Null when the box holds too few pixels.
 */
export function zonePixelChange(
  previous: Uint8Array,
  current: Uint8Array,
  width: number,
  height: number,
  box: PictureBox,
): number | null {
  const x0 = Math.max(0, Math.ceil(box.left * width));
  const x1 = Math.min(width - 1, Math.floor(box.right * width));
  const y0 = Math.max(0, Math.ceil(box.top * height));
  const y1 = Math.min(height - 1, Math.floor(box.bottom * height));
  const pixels = (x1 - x0 + 1) * (y1 - y0 + 1);
  // Written so that a box of NaN (a pose without numbers) is none too.
  if (!(x1 >= x0 && y1 >= y0 && pixels >= CLUB_HEAD_MIN_PIXELS)) return null;
  // A histogram of three times the grey change (0-765), read from the top: no sort of the
  // zone's pixels.
  const histogram = new Uint32Array(766);
  for (let y = y0; y <= y1; y++) {
    const row = y * width * 3;
    for (let p = row + x0 * 3, end = row + x1 * 3; p <= end; p += 3) {
      const change =
        current[p]! +
        current[p + 1]! +
        current[p + 2]! -
        previous[p]! -
        previous[p + 1]! -
        previous[p + 2]!;
      histogram[change < 0 ? -change : change]!++;
    }
  }
  const count = Math.max(CLUB_HEAD_MIN_PIXELS, Math.round(CLUB_HEAD_SHARE * pixels));
  let left = count;
  let sum = 0;
  for (let level = 765; level >= 0 && left > 0; level--) {
    const taken = Math.min(left, histogram[level]!);
    sum += taken * level;
    left -= taken;
  }
  return sum / count / 3;
}
