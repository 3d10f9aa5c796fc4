import { LANDMARK_COUNT, LANDMARK as L, type PoseFrame, type PoseTrack } from '../pose-track';

/**
 * A stick-figure golfer with a known swing, for testing the swing rules without video.
 * Face-on camera, right-handed unless mirrored. Times in seconds.
 */
export interface SyntheticSwing {
  fps: number;
  address: number;
  top: number;
  impact: number;
  finish: number;
  duration: number;
  shoulderTurn: number;
  hipTurn: number;
  /** Spine forward bend (degrees) at address and impact. */
  spineAddress: number;
  spineImpact: number;
}

export const DEFAULT_SWING: SyntheticSwing = {
  fps: 30,
  address: 1.0,
  top: 1.9,
  impact: 2.2,
  finish: 2.6,
  duration: 3.0,
  shoulderTurn: 95,
  hipTurn: 45,
  spineAddress: 30,
  spineImpact: 24,
};

const ease = (u: number) => 0.5 - 0.5 * Math.cos(Math.PI * Math.max(0, Math.min(1, u)));

/** Piecewise-smooth value through (time, value) keys. */
function keyed(t: number, keys: Array<[number, number]>): number {
  if (t <= keys[0]![0]) return keys[0]![1];
  for (let i = 1; i < keys.length; i++) {
    const [t0, v0] = keys[i - 1]!;
    const [t1, v1] = keys[i]!;
    if (t <= t1) return v0 + (v1 - v0) * ease((t - t0) / (t1 - t0));
  }
  return keys[keys.length - 1]![1];
}

export interface SyntheticOptions {
  mirrored?: boolean;
  /** The golfer stands at address throughout. */
  still?: boolean;
  /** Face-on (default) or from behind, looking down the target line. */
  view?: 'face-on' | 'down-the-line';
  /**
   * Seconds after address before the hands start to rise: until then the takeaway moves them
   * only along the target line, which a down-the-line camera looks along.
   */
  liftDelay?: number;
}

export function syntheticTrack(
  swing: SyntheticSwing = DEFAULT_SWING,
  options: SyntheticOptions = {},
): PoseTrack {
  const s = swing;
  const frames: PoseFrame[] = [];
  const count = Math.round(s.duration * s.fps);
  const motion = options.still ? 0 : 1;
  for (let index = 0; index < count; index++) {
    const t = index / s.fps;
    const keys = (values: [number, number, number, number]) =>
      motion *
      keyed(t, [
        [s.address, values[0]],
        [s.top, values[1]],
        [s.impact, values[2]],
        [s.finish, values[3]],
      ]);
    const shoulderYaw = (keys([0, s.shoulderTurn, 0, -100]) * Math.PI) / 180;
    const hipYaw = (keys([0, s.hipTurn, -30, -80]) * Math.PI) / 180;
    const bend =
      (keyed(t, [
        [s.address, s.spineAddress],
        [s.impact, options.still ? s.spineAddress : s.spineImpact],
      ]) *
        Math.PI) /
      180;
    // Hands (world metres, y down, +x = golfer's left for a golfer facing the camera).
    const handX = keys([0, -0.35, 0.02, 0.4]);
    const lift = options.liftDelay ?? 0;
    const handY =
      0.35 +
      motion *
        keyed(t, [
          [s.address + lift, 0],
          [s.top, -1.05],
          [s.impact, 0],
          [s.finish, -0.95],
        ]);
    const world = new Array(LANDMARK_COUNT).fill(null).map(() => ({ x: 0, y: 0, z: 0 }));
    const spineTop = { x: 0, y: -0.5 * Math.cos(bend), z: 0.5 * Math.sin(bend) };
    const line = (centre: { x: number; y: number; z: number }, half: number, yaw: number) => ({
      left: { x: centre.x + half * Math.cos(yaw), y: centre.y, z: centre.z + half * Math.sin(yaw) },
      right: {
        x: centre.x - half * Math.cos(yaw),
        y: centre.y,
        z: centre.z - half * Math.sin(yaw),
      },
    });
    const shoulders = line(spineTop, 0.2, shoulderYaw);
    const hips = line({ x: 0, y: 0, z: 0 }, 0.15, hipYaw);
    world[L.leftShoulder] = shoulders.left;
    world[L.rightShoulder] = shoulders.right;
    world[L.leftHip] = hips.left;
    world[L.rightHip] = hips.right;
    const hands = { x: handX, y: handY, z: 0.3 };
    world[L.leftWrist] = { ...hands };
    world[L.rightWrist] = { ...hands, x: hands.x - 0.02 };
    for (const [shoulder, elbow, wrist] of [
      [L.leftShoulder, L.leftElbow, L.leftWrist],
      [L.rightShoulder, L.rightElbow, L.rightWrist],
    ] as const) {
      const a = world[shoulder]!;
      const b = world[wrist]!;
      world[elbow] = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, z: (a.z + b.z) / 2 };
    }
    world[L.leftKnee] = { x: 0.18, y: 0.45, z: 0.08 };
    world[L.rightKnee] = { x: -0.18, y: 0.45, z: 0.08 };
    world[L.leftAnkle] = { x: 0.22, y: 0.9, z: 0 };
    world[L.rightAnkle] = { x: -0.22, y: 0.9, z: 0 };
    world[L.nose] = { x: spineTop.x, y: spineTop.y - 0.25, z: spineTop.z + 0.1 };

    const mirroredWorld = options.mirrored ? mirror(world) : world;
    // Image: orthographic projection, 400 px per metre, centred at (640, 400); down the line
    // the camera looks along the target line (world x), so image x shows depth.
    const downTheLine = options.view === 'down-the-line';
    const landmarks = mirroredWorld.map((p) => ({
      x: 640 + (downTheLine ? p.z : p.x) * 400,
      y: 400 + p.y * 400,
      // The model's image depth is on the x scale: face-on it is the world depth, down the
      // line the camera looks along x.
      z: (downTheLine ? -p.x : p.z) * 400,
      visibility: 0.99,
      presence: 0.99,
    }));
    frames.push({ index, time: t, score: 0.99, landmarks, world: mirroredWorld });
  }
  return { width: 1280, height: 720, fps: s.fps, frames };
}

/** What a horizontally flipped video shows: x negated, and left and right body parts swapped. */
function mirror(world: Array<{ x: number; y: number; z: number }>) {
  const flipped = world.map((p) => ({ ...p, x: -p.x }));
  const out = flipped.slice();
  for (let i = 1; i < LANDMARK_COUNT; i++) {
    const partner = mirrorIndex(i);
    out[i] = flipped[partner]!;
  }
  return out;
}

/** BlazePose pairs: 1-3 <-> 4-6, 7<->8, 9<->10, then odd (left) <-> even (right) from 11. */
function mirrorIndex(i: number): number {
  if (i >= 1 && i <= 3) return i + 3;
  if (i >= 4 && i <= 6) return i - 3;
  if (i === 7 || i === 9) return i + 1;
  if (i === 8 || i === 10) return i - 1;
  if (i >= 11) return i % 2 ? i + 1 : i - 1;
  return i;
}

/**
 * The picture change the decoder would measure: compression noise of half a grey level, plus
 * the hands' move since the frame before (one grey level a pixel); the club's zone the same.
 */
export function withPictureChange(track: PoseTrack): PoseTrack {
  const hands = (k: number) => track.frames[k]!.landmarks![L.leftWrist]!;
  const frames = track.frames.map((f, k) => {
    if (k === 0) return f;
    const change = 0.5 + Math.hypot(hands(k).x - hands(k - 1).x, hands(k).y - hands(k - 1).y);
    return { ...f, change, clubChange: change, clubPixelChange: change };
  });
  return { ...track, frames };
}

/**
 * `frames` (any of `track`'s, repeated or reordered) as a video shows them: numbered on at
 * `fps` frames a second, with the picture changes the decoder would measure.
 */
export function shownAs(track: PoseTrack, frames: PoseFrame[], fps = track.fps): PoseTrack {
  const shown = frames.map((f, index) => ({ ...f, index, time: index / fps }));
  return withPictureChange({ ...track, fps, frames: shown });
}

/** `filmed` shown at 30 frames a second: after every `every`-th frame, that frame again. */
export function withPulldown(filmed: PoseTrack, every: number): PoseTrack {
  return shownAs(
    filmed,
    filmed.frames.flatMap((f, n) => ((n + 1) % every === 0 ? [f, f] : [f])),
    30,
  );
}

/**
 * `track` followed by a slow-motion replay of all of it (or of `replayed`), each frame shown
 * `slowdown` times, as an editor makes one from real-time footage; with picture changes.
 */
export function withReplay(track: PoseTrack, slowdown: number, replayed = track): PoseTrack {
  const replay = replayed.frames.flatMap((f) => Array.from({ length: slowdown }, () => f));
  return shownAs(track, [...track.frames, ...replay]);
}
