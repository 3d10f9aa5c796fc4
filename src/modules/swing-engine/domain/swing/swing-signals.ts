import { LANDMARK, type PoseTrack, type ImageLandmark } from '../pose-track';
import { derivative, fillGaps, median, smooth } from './signal';
import { findReplays, type FrameRun } from './repeated-frames';

/**
 * Per-frame signals the swing rules read, computed once from the pose track. Image quantities
 * are normalised by the golfer's torso length (mid-shoulder to mid-hip, the median over the
 * frame's shot: torsoAt), so thresholds work at any resolution and distance.
 */
export type Shot = [first: number, last: number];

export interface SwingSignals {
  times: number[];
  /**
   * Torso length in pixels at each frame: the median over its shot, the unit of every image
   * quantity here, so a cut to another camera keeps the scale right.
   */
  torsoAt: number[];
  /** Hands (mid-wrist) position in torso units, image axes (y down). */
  handX: number[];
  handY: number[];
  /** Hands height above the mid-hip, torso units (positive = above the hips). */
  handHeight: number[];
  /**
   * The hands where they would be had the camera held still (its pan and zoom, read off the
   * background, taken off: PoseFrame.camera); as handX and handY where it was not followed.
   */
  steadyHandX: number[];
  steadyHandY: number[];
  /** Whether the camera's motion is known at each frame (steadyHandX is handX where not). */
  cameraFollowed: boolean[];
  /** Hands speed, torso lengths per second. */
  handSpeed: number[];
  /** Mid-hip position, torso units. */
  hipX: number[];
  hipY: number[];
  /** Frames with a usable pose (the hands and torso visible). */
  valid: boolean[];
  /**
   * The clip's shots: [first, last] frame of each stretch between cuts, or where the golfer's
   * size in the picture changes for good (a zoom or a whip pan to another view).
   */
  shots: Shot[];
  /**
   * Per shot: whether it is a frame-repeated slow-motion replay joined after real-time footage
   * (findReplays); its shots are split off at the join.
   */
  replayShots: boolean[];
  /**
   * The upper body's points (BODY_POINTS) in torso units, unsmoothed, or null where the frame
   * has no pose: how much of the golfer still moves, for the finish.
   */
  body: Array<Array<{ x: number; y: number }> | null>;
  /**
   * How much the picture changed since the frame before (PoseFrame.change, grey levels), NaN
   * where the frame before was not decoded (the coarse pass; a clip over 60 fps, posed at every
   * other frame): the club moves there, which no landmark shows.
   */
  pictureChange: number[];
  /** The same where the club rests at address (PoseFrame.clubChange), NaN where unmeasured. */
  clubChange: number[];
  /** Its most changed pixels (PoseFrame.clubPixelChange), NaN where unmeasured. */
  clubPixelChange: number[];
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
/**
 * Another shot when the golfer's median size before and after a frame differs by this factor:
 * within one shot a turning torso looks up to 1.6 times shorter (a swing filmed from behind).
 */
const SHOT_SCALE = 2.5;
/** The hands are at most this many torso lengths from the mid-shoulder (the arms' reach). */
const MAX_REACH = 2;
/** Known poses each side of a size change, at least. */
const SHOT_MIN_POSES = 15;
/**
 * A splice within one camera's picture (another take joined on, an app's slow-motion replay of
 * the same footage) changes too little of the picture to be seen as a cut, but the whole golfer
 * jumps between two neighbouring frames: the nose, the shoulders, the hips and the hands all
 * move at least this many torso lengths. Measured as the least of those four moves: within the
 * fixtures' swings at most 0.09 from one frame to the next, in the corpus's other clips up to
 * 0.23 where the pose slips on a small golfer. Three corpus clips that end on a frame of
 * another take jump 0.32-0.49 there, and face-on fixtures joined to a replay of themselves
 * 0.36-0.61 (down the line, where the golfer shifts along the line of sight, 0.15-0.21: not
 * found).
 */
const SPLICE_JUMP = 0.3;
/**
 * ...and this many times as far as between the frames either side (a pan moves everything too,
 * but alike over several frames).
 */
const SPLICE_RATIO = 4;
/** Only neighbouring frames of the dense pass are compared; coarse poses are far apart in time. */
const SPLICE_MAX_GAP_SECONDS = 0.05;
/**
 * A frame or two without a pose may separate the two sides of a jump: the person followed was
 * lost and the detector found someone else (one of two golfers in a split-screen). Compared over
 * up to this many frames, the bar scaled by the frames between.
 */
const SPLICE_MAX_STEPS = 3;

function mid(a: ImageLandmark, b: ImageLandmark) {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

export function swingSignals(track: PoseTrack): SwingSignals {
  const times = track.frames.map((f) => f.time);
  const posed = track.frames.map((frame) => {
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
  const torsoLengths = posed.map((r) => (r ? r.torso : NaN));
  const torsoPx = median(torsoLengths) || 1;
  const replays = findReplays(track.frames);
  const shots = shotsOf(track.frames)
    .flatMap((shot) => splitAtReplays(replays, shot))
    .flatMap((shot) => splitAtSplices(track.frames, torsoLengths, shot))
    .flatMap((shot) => splitByScale(torsoLengths, shot));
  const torsoAt = shotTorso(shots, torsoLengths, torsoPx);
  // Hands further from the shoulders than arms reach are the model's mistake (a far golfer's
  // hands found at the feet), not a pose: such frames count as unposed.
  const raw = posed.map((r, i) =>
    r && Math.hypot(r.hands.x - r.shoulders.x, r.hands.y - r.shoulders.y) <= MAX_REACH * torsoAt[i]!
      ? r
      : null,
  );
  const valid = raw.map((r) => r !== null);
  // About 1/40 s of smoothing each side: removes landmark jitter, keeps the downswing's peak.
  // (in samples at the posed rate: the swing is posed densely, up to 60 fps, whatever the clip's)
  const spacing = median(times.slice(1).map((t, i) => t - times[i]!));
  const posedRate = spacing > 0 ? 1 / spacing : track.fps;
  const radius = Math.max(0, Math.round(posedRate / 40));
  // Each shot on its own: smoothing or a derivative across a cut would make the picture's jump
  // from one shot to the next look like the hands moving (a fall as fast as a downswing).
  const perShot = (values: number[], each: (shotValues: number[], from: number) => number[]) =>
    shots.flatMap(([first, last]) => each(values.slice(first, last + 1), first));
  const series = (pick: (r: NonNullable<(typeof raw)[number]>, i: number) => number) => {
    const values = raw.map((r, i) => (r ? pick(r, i) / torsoAt[i]! : NaN));
    // A shot without a pose (an end card) takes its neighbours' values, as one track would.
    let whole: number[] | undefined;
    return perShot(values, (shot, first) =>
      smooth(
        shot.some(Number.isFinite)
          ? fillGaps(shot)
          : (whole ??= fillGaps(values)).slice(first, first + shot.length),
        radius,
      ),
    );
  };

  const handX = series((r) => r.hands.x);
  const handY = series((r) => r.hands.y);
  const camera = (i: number) => track.frames[i]!.camera ?? { x: 0, y: 0, scale: 1 };
  const steadyHandX = series((r, i) => (r.hands.x - camera(i).x) / camera(i).scale);
  const steadyHandY = series((r, i) => (r.hands.y - camera(i).y) / camera(i).scale);
  const hipX = series((r) => r.hips.x);
  const hipY = series((r) => r.hips.y);
  const vx = perShot(handX, (x, first) => derivative(x, times.slice(first, first + x.length)));
  const vy = perShot(handY, (y, first) => derivative(y, times.slice(first, first + y.length)));
  return {
    times,
    torsoAt,
    handX,
    handY,
    steadyHandX,
    steadyHandY,
    cameraFollowed: track.frames.map((frame) => frame.camera !== undefined),
    handHeight: handY.map((y, i) => hipY[i]! - y),
    handSpeed: vx.map((x, i) => Math.hypot(x, vy[i]!)),
    hipX,
    hipY,
    valid,
    shots,
    replayShots: shots.map(([first]) => replays.some(([a, b]) => first >= a && first <= b)),
    body: track.frames.map((frame, i) =>
      frame.landmarks
        ? BODY_POINTS.map((k) => ({
            x: frame.landmarks![k]!.x / torsoAt[i]!,
            y: frame.landmarks![k]!.y / torsoAt[i]!,
          }))
        : null,
    ),
    pictureChange: track.frames.map((frame) => frame.change ?? NaN),
    clubChange: track.frames.map((frame) => frame.clubChange ?? NaN),
    clubPixelChange: track.frames.map((frame) => frame.clubPixelChange ?? NaN),
  };
}

/** Each frame's torso length: the median over its shot (a turning torso looks shorter). */
function shotTorso(shots: Shot[], torso: number[], fallback: number): number[] {
  return shots.flatMap(([first, last]) => {
    const length = median(torso.slice(first, last + 1)) || fallback;
    return torso.slice(first, last + 1).map(() => length);
  });
}

/** Splits the frames at the cuts the decoder marked; a clip without one is a single shot. */
function shotsOf(frames: PoseTrack['frames']): Shot[] {
  const starts = [0, ...frames.flatMap((f, i) => (f.cut && i > 0 ? [i] : []))];
  return starts.map((first, k) => [first, (starts[k + 1] ?? frames.length) - 1]);
}

/**
 * Splits a shot where a replay starts and ends: the fall from the real swing's finish to the
 * replay's address is no downswing.
 */
function splitAtReplays(replays: FrameRun[], [first, last]: Shot): Shot[] {
  const bounds = [...new Set(replays.flatMap(([a, b]) => [a, b + 1]))]
    .filter((q) => q > first && q <= last)
    .sort((x, y) => x - y);
  const starts = [first, ...bounds];
  return starts.map((from, k) => [from, (starts[k + 1] ?? last + 1) - 1] as Shot);
}

/** Splits a shot where the whole golfer jumps between two frames (see SPLICE_JUMP). */
function splitAtSplices(frames: PoseTrack['frames'], torso: number[], [first, last]: Shot): Shot[] {
  const unit = median(torso.slice(first, last + 1));
  if (!(unit > 0)) return [[first, last]];
  const points = (lm: ImageLandmark[]) => [
    lm[LANDMARK.nose]!,
    mid(lm[LANDMARK.leftShoulder]!, lm[LANDMARK.rightShoulder]!),
    mid(lm[LANDMARK.leftHip]!, lm[LANDMARK.rightHip]!),
    mid(lm[LANDMARK.leftWrist]!, lm[LANDMARK.rightWrist]!),
  ];
  // jump[i]: the least move of the four points from the last posed frame before i (at most
  // SPLICE_MAX_STEPS back) to frame i, in torso lengths per frame between.
  const jump = Array.from({ length: last - first + 2 }, (_, q) => {
    const i = first + q;
    const after = frames[i]?.landmarks;
    if (i <= first || i > last || !after) return 0;
    let from = i - 1;
    while (from > first && i - from < SPLICE_MAX_STEPS && !frames[from]!.landmarks) from--;
    const before = frames[from]!.landmarks;
    if (!before) return 0;
    const steps = i - from;
    if (frames[i]!.time - frames[from]!.time > SPLICE_MAX_GAP_SECONDS * steps) return 0;
    const [a, b] = [points(before), points(after)];
    return Math.min(...a.map((p, k) => Math.hypot(b[k]!.x - p.x, b[k]!.y - p.y))) / unit / steps;
  });
  for (let q = 1; q <= last - first; q++) {
    const move = jump[q]!;
    if (move >= SPLICE_JUMP && move >= SPLICE_RATIO * Math.max(jump[q - 1]!, jump[q + 1]!)) {
      return [[first, first + q - 1], ...splitAtSplices(frames, torso, [first + q, last])];
    }
  }
  return [[first, last]];
}

/**
 * Splits a shot where the golfer's size changes for good: the split that best fits one size
 * before and one after it (least squares on the log of the torso length), kept when the two
 * sizes differ by SHOT_SCALE, then each side again.
 */
function splitByScale(torso: number[], [first, last]: Shot): Shot[] {
  const known = torso.slice(first, last + 1).flatMap((v, i) => (v > 0 ? [first + i] : []));
  if (known.length < 2 * SHOT_MIN_POSES) return [[first, last]];
  const logs = known.map((i) => Math.log(torso[i]!));
  const sum = [0];
  const squares = [0];
  for (const v of logs) {
    sum.push(sum[sum.length - 1]! + v);
    squares.push(squares[squares.length - 1]! + v * v);
  }
  // Sum of squared deviations from the mean over logs[a, b).
  const spread = (a: number, b: number) =>
    squares[b]! - squares[a]! - (sum[b]! - sum[a]!) ** 2 / (b - a);
  let best = -1;
  for (let k = SHOT_MIN_POSES; k <= logs.length - SHOT_MIN_POSES; k++) {
    if (
      best < 0 ||
      spread(0, k) + spread(k, logs.length) < spread(0, best) + spread(best, logs.length)
    ) {
      best = k;
    }
  }
  const n = logs.length;
  const change = Math.abs(sum[best]! / best - (sum[n]! - sum[best]!) / (n - best));
  if (change < Math.log(SHOT_SCALE)) return [[first, last]];
  const at = known[best]!;
  return [...splitByScale(torso, [first, at - 1]), ...splitByScale(torso, [at, last])];
}
