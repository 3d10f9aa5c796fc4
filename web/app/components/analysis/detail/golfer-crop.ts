/** Where the golfer is in the video, for the viewer's 'Zoom to golfer' (issue 13). */
import { pictureTurn, type UprightTurn } from '../../../../../src/modules/swing-engine/rules';
import type { OverlayTrack } from './pose-overlay';

/** A rectangle in fractions of the frame (0..1): what the zoomed viewer shows. */
export interface Crop {
  x: number;
  y: number;
  w: number;
  h: number;
}

export const FULL_FRAME: Crop = { x: 0, y: 0, w: 1, h: 1 };

const MIN_VISIBILITY = 0.3;
/** Of the body's height: room above the head for the club at the top, less below the feet. */
const PAD_TOP = 0.22;
const PAD_BOTTOM = 0.08;
/** Of the body's height, each side: the arms and club swing wide of the body's box. */
const PAD_SIDE = 0.3;
/** The share of landmark positions ignored at each edge: a stray landmark must not widen it. */
const TRIM = 0.01;

/**
 * One stable box for the whole clip (the view never pans while the video plays): the body's
 * landmarks over every posed frame, trimmed of strays, padded, clamped to the frame. Null when
 * the track has no golfer, or the golfer already fills most of the frame (zooming adds nothing).
 * With a turn (a video stored on its side), the box is in the picture turned upright, as shown.
 */
export function golferCrop(track: OverlayTrack, turn: UprightTurn = 0): Crop | null {
  if (track.width <= 0 || track.height <= 0) return null;
  const shown = pictureTurn(turn, track.width, track.height);
  const xs: number[] = [];
  const ys: number[] = [];
  for (const frame of track.frames) {
    // Body landmarks only (11+): the face's many points would weigh the head too much.
    frame.points?.forEach(([x, y, visibility], i) => {
      if (i < 11 && i !== 0) return;
      if (visibility < MIN_VISIBILITY || !Number.isFinite(x) || !Number.isFinite(y)) return;
      const [px, py] = shown.point(x, y);
      xs.push(px / shown.width);
      ys.push(py / shown.height);
    });
  }
  if (xs.length < 10) return null;
  const [left, right] = trimmedRange(xs);
  const [top, bottom] = trimmedRange(ys);
  const bodyHeight = bottom - top;
  if (bodyHeight <= 0) return null;
  // The body's height in pixels sets the padding on both axes.
  const sidePad = (PAD_SIDE * bodyHeight * shown.height) / shown.width;
  const box = clamp({
    x: left - sidePad,
    y: top - PAD_TOP * bodyHeight,
    w: right - left + 2 * sidePad,
    h: bodyHeight * (1 + PAD_TOP + PAD_BOTTOM),
  });
  return box.w * box.h > 0.8 ? null : box;
}

/** The frame's size once the picture is turned (a quarter turn swaps its sides). */
export function turnedSize(
  frame: { width: number; height: number },
  turn: UprightTurn,
): { width: number; height: number } {
  const { width, height } = pictureTurn(turn, frame.width, frame.height);
  return { width, height };
}

/**
 * Where the video and its skeleton sit inside the viewer's layer (which holds the picture as
 * shown) so that the stored picture shows turned upright: turned about the layer's centre, its
 * sides swapped by a quarter turn. Both stay in the stored picture's own coordinates, so the
 * skeleton is drawn as posed.
 */
export function turnedPictureStyle(frame: { width: number; height: number }, turn: UprightTurn) {
  if (turn === 0) return { inset: 0 };
  const quarter = turn !== 180;
  return {
    left: '50%',
    top: '50%',
    width: quarter ? `${(frame.width / frame.height) * 100}%` : '100%',
    height: quarter ? `${(frame.height / frame.width) * 100}%` : '100%',
    transform: `translate(-50%, -50%) rotate(${turn}deg)`,
  };
}

function trimmedRange(values: number[]): [number, number] {
  const sorted = values.slice().sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return [at(TRIM), at(1 - TRIM)];
}

/** Inside the frame: shifted in where it overhangs, cut to the frame where it is larger. */
function clamp(box: Crop): Crop {
  const w = Math.min(1, box.w);
  const h = Math.min(1, box.h);
  const x = Math.min(Math.max(0, box.x + (box.w - w) / 2), 1 - w);
  const y = Math.min(Math.max(0, box.y + (box.h - h) / 2), 1 - h);
  return { x, y, w, h };
}

/**
 * The viewer's box and the zoomed layer inside it, as CSS: the box takes the crop's aspect ratio
 * (the clip's own when not zoomed) within the card's width and 75% of the screen's height; the
 * layer holds the whole frame (video, skeleton) scaled and shifted so the crop fills the box.
 * Percentages of the box, so nothing needs measuring and the skeleton stays on the body.
 */
export function viewerLayout(frame: { width: number; height: number }, crop: Crop) {
  const aspect = (crop.w * frame.width) / (crop.h * frame.height);
  return {
    box: {
      aspectRatio: `${aspect}`,
      width: `min(100%, calc(75dvh * ${aspect}))`,
    },
    layer: {
      width: `${100 / crop.w}%`,
      height: `${100 / crop.h}%`,
      left: `${(-crop.x / crop.w) * 100}%`,
      top: `${(-crop.y / crop.h) * 100}%`,
    },
  };
}
