import { LANDMARK, type PoseFrame, type PoseTrack } from '../pose-track';
import { toDegrees } from './geometry';
import { median, unwrapDegrees } from './signal';

/** Seconds of video before the address frame that the address reading is taken over. */
const ADDRESS_WINDOW_S = 0.4;

/** The track positions the address reading is taken over: within ADDRESS_WINDOW_S up to it. */
function addressWindow(track: PoseTrack, address: number): number[] {
  const start = track.frames[address]!.time - ADDRESS_WINDOW_S;
  const positions: number[] = [];
  for (let j = address; j >= 0 && track.frames[j]!.time >= start; j--) positions.unshift(j);
  return positions;
}

/**
 * The track positions the top reading is the mean of: the top and its neighbours. Not more: a
 * wider mean reads a turn short where the shoulders unwind fast after the top.
 */
function topWindow(track: PoseTrack, top: number): number[] {
  return [top - 1, top, top + 1].filter((j) => j >= 0 && j < track.frames.length);
}

/**
 * The frames the face-on turns are read from. The engine poses them from both mirror images
 * (like the events' frames) and faceOnTurnsAtTop reads only those: single-view poses carry the
 * landmark model's left-right bias (decision 0013).
 */
export function faceOnReadingFrames(track: PoseTrack, address: number, top: number): number[] {
  return [...addressWindow(track, address), ...topWindow(track, top)];
}

/** Whether series[j] may be read (finite, and a mirror-averaged frame where the engine made them). */
export type UsableFrame = (series: number[], j: number) => boolean;

export interface FaceOnTurns {
  shoulder: number;
  hip: number;
}

/**
 * Shoulder and hip turn at the top from a face-on video, read from the image (decision 0013).
 *
 * Shoulders: the heading of the shoulder line from the image landmarks' own depth (z, on the
 * x scale) against their horizontal spread. The world landmarks flatten the turn to about half;
 * the image depth keeps it (within 3 degrees of the down-the-line reading on the 120 fps pair).
 *
 * Hips: the hip line's projected width against its width at address, cos(turn) = width ratio
 * (a negative ratio means the line turned past side-on). The image depth of the hips is poor
 * (it read the pair's 40-degree hip turn as 72), their projected width is not.
 */
export function faceOnTurnsAtTop(
  track: PoseTrack,
  address: number,
  top: number,
  usable: UsableFrame,
): FaceOnTurns {
  const shoulderYaw = unwrapDegrees(
    track.frames.map((f) => imageYaw(f, LANDMARK.leftShoulder, LANDMARK.rightShoulder)),
  );
  const hipWidth = track.frames.map((f) => signedWidth(f, LANDMARK.leftHip, LANDMARK.rightHip));
  const usableAt = (series: number[], positions: number[]) =>
    positions.filter((j) => usable(series, j)).map((j) => series[j]!);
  const atTop = (series: number[]) => {
    const values = usableAt(series, topWindow(track, top));
    return values.length ? values.reduce((sum, v) => sum + v, 0) / values.length : NaN;
  };
  // At address the golfer stands still; the model's depth there jitters by +-5 degrees from
  // frame to frame, so the reference is the median over the still moment before the takeaway.
  const atAddress = (series: number[]) => {
    const values = usableAt(series, addressWindow(track, address));
    return values.length ? median(values) : NaN;
  };
  const shoulder = Math.abs(atTop(shoulderYaw) - atAddress(shoulderYaw));
  return { shoulder, hip: turnFromWidths(atAddress(hipWidth), atTop(hipWidth)) };
}

/** Turn in degrees from a line's projected width at address and at the event. */
export function turnFromWidths(atAddress: number, atEvent: number): number {
  // Under a pixel at address the line was side-on already: no face-on reading.
  if (!Number.isFinite(atAddress) || !Number.isFinite(atEvent) || Math.abs(atAddress) < 1) {
    return NaN;
  }
  const ratio = Math.max(-1, Math.min(1, atEvent / atAddress));
  return toDegrees(Math.acos(ratio));
}

function imageYaw(frame: PoseFrame, a: number, b: number): number {
  const lm = frame.landmarks;
  if (!lm) return NaN;
  return toDegrees(Math.atan2(lm[a]!.z - lm[b]!.z, lm[a]!.x - lm[b]!.x));
}

function signedWidth(frame: PoseFrame, a: number, b: number): number {
  const lm = frame.landmarks;
  return lm ? lm[a]!.x - lm[b]!.x : NaN;
}
