import { LANDMARK, type PoseTrack, type ImageLandmark } from '../pose-track';
import { derivative, fillGaps, median, smooth } from './signal';

/**
 * Per-frame signals the swing rules read, computed once from the pose track. Image quantities
 * are normalised by the golfer's torso length (mid-shoulder to mid-hip at the median frame), so
 * thresholds work at any resolution and distance.
 */
export interface SwingSignals {
  times: number[];
  /** Torso length in pixels (median). */
  torsoPx: number;
  /** Hands (mid-wrist) position in torso units, image axes (y down). */
  handX: number[];
  handY: number[];
  /** Hands height above the mid-hip, torso units (positive = above the hips). */
  handHeight: number[];
  /** Hands speed, torso lengths per second. */
  handSpeed: number[];
  /** Mid-hip position, torso units. */
  hipX: number[];
  hipY: number[];
  /** Frames with a usable pose (the hands and torso visible). */
  valid: boolean[];
  /**
   * The upper body's points (BODY_POINTS) in torso units, unsmoothed, or null where the frame
   * has no pose: how much of the golfer still moves, for the finish.
   */
  body: Array<Array<{ x: number; y: number }> | null>;
}

/** Nose, shoulders, elbows, wrists and hips. */
const BODY_POINTS = [
  LANDMARK.nose,
  LANDMARK.leftShoulder,
  LANDMARK.rightShoulder,
  LANDMARK.leftElbow,
  LANDMARK.rightElbow,
  LANDMARK.leftWrist,
  LANDMARK.rightWrist,
  LANDMARK.leftHip,
  LANDMARK.rightHip,
];

const MIN_VISIBILITY = 0.3;

function mid(a: ImageLandmark, b: ImageLandmark) {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

export function swingSignals(track: PoseTrack): SwingSignals {
  const times = track.frames.map((f) => f.time);
  const raw = track.frames.map((frame) => {
    const lm = frame.landmarks;
    if (!lm) return null;
    const needed = [
      LANDMARK.leftShoulder,
      LANDMARK.rightShoulder,
      LANDMARK.leftHip,
      LANDMARK.rightHip,
      LANDMARK.leftWrist,
      LANDMARK.rightWrist,
    ];
    if (
      needed.some((i) => lm[i]!.visibility < MIN_VISIBILITY && lm[i]!.presence < MIN_VISIBILITY)
    ) {
      return null;
    }
    const shoulders = mid(lm[LANDMARK.leftShoulder]!, lm[LANDMARK.rightShoulder]!);
    const hips = mid(lm[LANDMARK.leftHip]!, lm[LANDMARK.rightHip]!);
    const hands = mid(lm[LANDMARK.leftWrist]!, lm[LANDMARK.rightWrist]!);
    return {
      shoulders,
      hips,
      hands,
      torso: Math.hypot(shoulders.x - hips.x, shoulders.y - hips.y),
    };
  });
  const valid = raw.map((r) => r !== null);
  const torsoPx = median(raw.map((r) => (r ? r.torso : NaN))) || 1;
  // About 1/40 s of smoothing each side: removes landmark jitter, keeps the downswing's peak.
  // (in samples at the posed rate: the swing is posed densely, up to 60 fps, whatever the clip's)
  const spacing = median(times.slice(1).map((t, i) => t - times[i]!));
  const posedRate = spacing > 0 ? 1 / spacing : track.fps;
  const radius = Math.max(0, Math.round(posedRate / 40));
  const series = (pick: (r: NonNullable<(typeof raw)[number]>) => number) =>
    smooth(fillGaps(raw.map((r) => (r ? pick(r) / torsoPx : NaN))), radius);

  const handX = series((r) => r.hands.x);
  const handY = series((r) => r.hands.y);
  const hipX = series((r) => r.hips.x);
  const hipY = series((r) => r.hips.y);
  const vx = derivative(handX, times);
  const vy = derivative(handY, times);
  return {
    times,
    torsoPx,
    handX,
    handY,
    handHeight: handY.map((y, i) => hipY[i]! - y),
    handSpeed: vx.map((x, i) => Math.hypot(x, vy[i]!)),
    hipX,
    hipY,
    valid,
    body: track.frames.map((frame) =>
      frame.landmarks
        ? BODY_POINTS.map((k) => ({
            x: frame.landmarks![k]!.x / torsoPx,
            y: frame.landmarks![k]!.y / torsoPx,
          }))
        : null,
    ),
  };
}
