/**
 * The camera's own motion (a hand-held phone drifting, a broadcast camera panning or zooming),
 * read off the background: each decoded frame is reduced to a small grey picture, and its shift
 * and scale against a reference picture are found by Lucas-Kanade (least squares on the image
 * gradients), with the golfer's box left out. No rotation: phones are held level enough, and a
 * rotation would cost a fourth unknown on the same few background pixels.
 */
import type { CameraMotion, ImageLandmark } from '../../domain/pose-track';

/** The grey picture's short side, in pixels. */
const THUMB_SHORT_SIDE = 90;
/** Gauss-Newton steps per frame. */
const ITERATIONS = 8;
/** A step this small (thumb pixels) ends the iteration. */
const CONVERGED = 0.005;
/** Pixels whose grey level differs by more than this after alignment are moving things. */
const OUTLIER_GREY = 24;
/** A new reference picture once the shift from the old one reaches this (thumb pixels)... */
const REFERENCE_SHIFT = 3;
/** ...or it is this many frames old (what the golfer's box hides changes). */
const REFERENCE_FRAMES = 90;
/**
 * Too little texture outside the golfer (sky, an even green, a wall): the least eigenvalue of
 * the gradients' matrix per pixel used, below which the shift is not measured.
 */
const MIN_TEXTURE = 4;
/**
 * The most the picture can move from one posed frame to the next and still be followed: a shift
 * of this share of the copy's short side, or a change of scale by this share. The fit starts
 * from the last frame's motion and diverges on a faster move (a whip pan after the ball); the
 * corpus's and fixtures' cameras moved at most 0.04 and 0.05 a frame.
 */
const MAX_STEP = 0.1;
/** The golfer's box is widened by this share of its height (golferBox). */
const GOLFER_MARGIN = 0.25;
/** Pixels outside the golfer's box needed to measure a shift. */
const MIN_BACKGROUND_PIXELS = 400;

interface Thumb {
  width: number;
  height: number;
  grey: Float32Array;
}

/** A reference thumb with its gradients (central differences), computed once. */
interface Reference extends Thumb {
  gx: Float32Array;
  gy: Float32Array;
}

function withGradients(t: Thumb): Reference {
  const { width: w, height: h, grey: g } = t;
  const gx = new Float32Array(w * h);
  const gy = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const p = y * w + x;
      gx[p] = (g[p + 1]! - g[p - 1]!) / 2;
      gy[p] = (g[p + w]! - g[p - w]!) / 2;
    }
  }
  return { ...t, gx, gy };
}

/** The golfer's box in thumb pixels, widened for the club: [x0, y0, x1, y1]. */
type Box = [number, number, number, number];

/** An RGB24 frame averaged down to a grey thumb. */
function thumbOf(data: Uint8Array, width: number, height: number, factor: number): Thumb {
  const w = Math.floor(width / factor);
  const h = Math.floor(height / factor);
  const grey = new Float32Array(w * h);
  const area = factor * factor * 3;
  for (let ty = 0; ty < h; ty++) {
    for (let tx = 0; tx < w; tx++) {
      let sum = 0;
      for (let y = ty * factor; y < (ty + 1) * factor; y++) {
        let p = (y * width + tx * factor) * 3;
        for (let x = 0; x < factor; x++, p += 3) sum += data[p]! + data[p + 1]! + data[p + 2]!;
      }
      grey[ty * w + tx] = sum / area;
    }
  }
  return { width: w, height: h, grey };
}

/**
 * The golfer's landmarks' box in thumb pixels, widened by a quarter of the golfer's height each
 * side and above (the club's head beyond it is thin, and its pixels fail the outlier test),
 * a little below the feet.
 */
function golferBox(landmarks: ImageLandmark[] | null, factor: number): Box | null {
  if (!landmarks) return null;
  const xs = landmarks.map((l) => l.x / factor);
  const ys = landmarks.map((l) => l.y / factor);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const reach = GOLFER_MARGIN * (y1 - y0);
  return [x0 - reach, y0 - reach, x1 + reach, y1 + 0.1 * (y1 - y0)];
}

function inside(box: Box | null, x: number, y: number): boolean {
  return box !== null && x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3];
}

/** Bilinear sample of a thumb; NaN outside it. */
function sample(t: Thumb, x: number, y: number): number {
  if (x < 0 || y < 0 || x > t.width - 1 || y > t.height - 1) return NaN;
  const x0 = Math.min(Math.floor(x), t.width - 2);
  const y0 = Math.min(Math.floor(y), t.height - 2);
  const fx = x - x0;
  const fy = y - y0;
  const p = y0 * t.width + x0;
  const g = t.grey;
  return (
    (g[p]! * (1 - fx) + g[p + 1]! * fx) * (1 - fy) +
    (g[p + t.width]! * (1 - fx) + g[p + t.width + 1]! * fx) * fy
  );
}

/** A similarity without rotation: p = c + scale (q - c) + (x, y), c the thumb's centre. */
interface Motion {
  x: number;
  y: number;
  scale: number;
}

/**
 * The motion that best maps the reference onto the frame, I(motion(p)) = R(p), over the
 * reference's pixels outside both golfer boxes (Gauss-Newton from `start`); null where the
 * background has too little texture to tell.
 */
function motionBetween(
  reference: Reference,
  referenceBox: Box | null,
  frame: Thumb,
  frameBox: Box | null,
  start: Motion,
): Motion | null {
  const { width: w, height: h, grey: r, gx: gxs, gy: gys } = reference;
  const [cx, cy] = [(w - 1) / 2, (h - 1) / 2];
  let m = { ...start };
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    // Normal equations of the three parameters (x, y, scale), accumulated.
    const a = new Float64Array(9);
    const b = new Float64Array(3);
    let used = 0;
    for (let y = 1; y < h - 1; y++) {
      for (let x = 1; x < w - 1; x++) {
        const mx = cx + m.scale * (x - cx) + m.x;
        const my = cy + m.scale * (y - cy) + m.y;
        if (inside(referenceBox, x, y) || inside(frameBox, mx, my)) continue;
        const moved = sample(frame, mx, my);
        if (Number.isNaN(moved)) continue;
        const p = y * w + x;
        const e = moved - r[p]!;
        if (Math.abs(e) > OUTLIER_GREY) continue;
        const gx = gxs[p]!;
        const gy = gys[p]!;
        const gs = gx * (x - cx) + gy * (y - cy);
        a[0]! += gx * gx;
        a[1]! += gx * gy;
        a[2]! += gx * gs;
        a[4]! += gy * gy;
        a[5]! += gy * gs;
        a[8]! += gs * gs;
        b[0]! += gx * e;
        b[1]! += gy * e;
        b[2]! += gs * e;
        used++;
      }
    }
    if (used < MIN_BACKGROUND_PIXELS) return null;
    [a[3], a[6], a[7]] = [a[1]!, a[2]!, a[5]!];
    const translation = [a[0]!, a[1]!, a[3]!, a[4]!];
    const leastEigen =
      (translation[0]! + translation[3]!) / 2 -
      Math.sqrt(((translation[0]! - translation[3]!) / 2) ** 2 + translation[1]! ** 2);
    if (leastEigen / used < MIN_TEXTURE) return null;
    const step = solve3(a, b);
    if (!step) return null;
    // Minimise sum (e + J . step)^2, in the reference's gradients (as if the frame were it).
    m = { x: m.x - step[0]!, y: m.y - step[1]!, scale: m.scale - step[2]! };
    if (Math.hypot(step[0]!, step[1]!, step[2]! * Math.max(w, h)) < CONVERGED) break;
  }
  return m;
}

/** Solves a x = b for a 3 x 3 matrix (row-major) by Cramer's rule; null when singular. */
function solve3(a: Float64Array, b: Float64Array): number[] | null {
  const det3 = (m: ArrayLike<number>) =>
    m[0]! * (m[4]! * m[8]! - m[5]! * m[7]!) -
    m[1]! * (m[3]! * m[8]! - m[5]! * m[6]!) +
    m[2]! * (m[3]! * m[7]! - m[4]! * m[6]!);
  const det = det3(a);
  if (!(Math.abs(det) > 1e-9)) return null;
  return [0, 1, 2].map((column) => {
    const m = Array.from(a);
    for (let row = 0; row < 3; row++) m[3 * row + column] = b[row]!;
    return det3(m) / det;
  });
}

/** Whether the move from one frame's motion to the next is within MAX_STEP. */
function followable(before: Motion, after: Motion, thumb: Thumb): boolean {
  const [cx, cy] = [(thumb.width - 1) / 2, (thumb.height - 1) / 2];
  const shift = Math.hypot(after.x - before.x, after.y - before.y);
  const zoom = Math.abs(after.scale / before.scale - 1);
  // Scale about the centre moves the corners too: counted at the copy's half short side.
  const reach = Math.min(cx, cy);
  return shift + zoom * reach <= MAX_STEP * 2 * reach && zoom <= MAX_STEP;
}

/**
 * Follows the camera over a run of neighbouring decoded frames; `reset` starts a new run (a cut,
 * a gap in the frames). A frame whose background cannot be matched has no motion (null).
 */
export class CameraFollower {
  private reference: { thumb: Reference; box: Box | null; motion: Motion } | null = null;
  private sinceReference: Motion = { x: 0, y: 0, scale: 1 };
  private age = 0;
  private lastBox: Box | null = null;

  reset(): void {
    this.reference = null;
    this.lastBox = null;
  }

  next(
    data: Uint8Array,
    width: number,
    height: number,
    landmarks: ImageLandmark[] | null,
  ): CameraMotion | null {
    const factor = Math.max(1, Math.round(Math.min(width, height) / THUMB_SHORT_SIDE));
    const thumb = thumbOf(data, width, height, factor);
    const box = golferBox(landmarks, factor) ?? this.lastBox;
    this.lastBox = box;
    const still = { x: 0, y: 0, scale: 1 };
    if (!this.reference) {
      this.reference = { thumb: withGradients(thumb), box, motion: still };
      this.sinceReference = still;
      this.age = 0;
      return still;
    }
    const ref = this.reference;
    const measured = motionBetween(ref.thumb, ref.box, thumb, box, this.sinceReference);
    // Unmeasurable (too little background, or no texture in it) or diverged: unknown here.
    if (!measured || !followable(this.sinceReference, measured, thumb)) return null;
    const s = (this.sinceReference = measured);
    this.age++;
    // Composed with the reference's own motion (thumb pixels, about the thumb's centre).
    const [cx, cy] = [(thumb.width - 1) / 2, (thumb.height - 1) / 2];
    const motion = {
      scale: s.scale * ref.motion.scale,
      x: s.scale * ref.motion.x + s.x,
      y: s.scale * ref.motion.y + s.y,
    };
    const drift = Math.hypot(s.x, s.y) + Math.abs(s.scale - 1) * Math.max(cx, cy);
    if (drift >= REFERENCE_SHIFT || this.age >= REFERENCE_FRAMES) {
      this.reference = { thumb: withGradients(thumb), box, motion };
      this.sinceReference = still;
      this.age = 0;
    }
    // In decoded pixels, about the origin: p = c + S (q - c) + t becomes P = S Q + T, where a
    // thumb pixel p spans decoded pixels factor p to factor p + factor - 1 (P = factor p + h).
    const h = (factor - 1) / 2;
    const shift = (c: number, t: number) =>
      factor * ((1 - motion.scale) * c + t) + (1 - motion.scale) * h;
    return { scale: motion.scale, x: shift(cx, motion.x), y: shift(cy, motion.y) };
  }
}
