import type { PoseFrame, PoseTrack } from '../pose-track';

/**
 * Pulldown: film shot at 24 or 25 frames a second and stored at 30 shows one frame in every five
 * (or six) twice. The hands then stop for a frame in a steady rhythm, which breaks every speed
 * the events are read from (decision 0007). Frames repeated that way are dropped and the rest
 * retimed to the rate they were filmed at.
 */

/** Repeat periods looked for: every 5th frame (24 shown as 30), every 6th (25 as 30, 50 as 60). */
const PERIODS = [5, 6];
/**
 * A frame repeats its predecessor when its picture changed less than this share of the change
 * into the frame before and out to the frame after (on pulldown copies 0.03-0.3; real
 * neighbouring frames in a swing 0.7 and more)...
 */
const STILL_SHARE = 0.4;
/** ...while those changed at least this much (grey levels): something moves there. */
const MOVING_CHANGE = 3;
/** Frames of the rhythm in moving stretches that must be repeats, and how many at least. */
const RHYTHM_SHARE = 0.75;
const MIN_REPEATS = 4;

export interface Pulldown {
  period: number;
  /** Frames whose index modulo `period` is this are the repeats. */
  phase: number;
}

/** The track without pulldown's repeated frames, retimed; the track itself when none is seen. */
export function withoutRepeatedFrames(track: PoseTrack): PoseTrack {
  const pulldown = findPulldown(track.frames);
  if (!pulldown) return track;
  const { period, phase } = pulldown;
  const fps = (track.fps * (period - 1)) / period;
  const first = track.frames[0]?.time ?? 0;
  const firstIndex = track.frames[0]?.index ?? 0;
  const filmed = (index: number) => index - Math.floor((index - phase + period) / period);
  // Only a frame whose predecessor was posed too: a coarse pose outside the dense window is
  // the only pose of its picture.
  const posed = new Set(track.frames.map((f) => f.index));
  const frames = track.frames
    .filter((f) => f.index % period !== phase || !posed.has(f.index - 1))
    .map((f) => ({ ...f, time: first + (filmed(f.index) - filmed(firstIndex)) / fps }));
  return { ...track, fps, frames };
}

/**
 * The rhythm of repeated frames, if the moving stretches show one: a repeat is a frame whose
 * picture hardly changed from the frame before while the pictures around it change.
 */
export function findPulldown(frames: PoseFrame[]): Pulldown | null {
  const judged: Array<{ index: number; repeat: boolean }> = [];
  for (let i = 1; i + 1 < frames.length; i++) {
    const index = frames[i]!.index;
    if (frames[i - 1]!.index !== index - 1 || frames[i + 1]!.index !== index + 1) continue;
    const before = frames[i - 1]!.change;
    const own = frames[i]!.change;
    const after = frames[i + 1]!.change;
    if (before === undefined || own === undefined || after === undefined) continue;
    if (Math.min(before, after) < MOVING_CHANGE) continue;
    judged.push({ index, repeat: own < STILL_SHARE * Math.min(before, after) });
  }
  let best: (Pulldown & { repeats: number }) | null = null;
  for (const period of PERIODS) {
    for (let phase = 0; phase < period; phase++) {
      const inRhythm = judged.filter((j) => j.index % period === phase);
      const repeats = inRhythm.filter((j) => j.repeat).length;
      const outOfRhythm = judged.filter((j) => j.index % period !== phase && j.repeat).length;
      if (repeats < MIN_REPEATS || repeats < RHYTHM_SHARE * inRhythm.length) continue;
      // Still frames off the rhythm (a pause, a blend) must be rare against the rhythm's.
      if (outOfRhythm > repeats / 4) continue;
      if (!best || repeats > best.repeats) best = { period, phase, repeats };
    }
  }
  return best && { period: best.period, phase: best.phase };
}

/**
 * A slow-motion replay made from real-time footage and joined after it shows each frame two to
 * four times: most of its frames are still while the frames around them change. A frame is
 * held when its picture changed less than STILL_SHARE of the most any frame changed within this
 * many frames either side (a frame shown four times sits among three held ones)...
 */
const HOLD_REACH = 4;
/**
 * ...and footage is a replay where at least this share of the frames judged within HELD_WINDOW
 * either side (MIN_JUDGED at least) are held: 3 in 4 on a replay at a quarter of the speed, 1
 * in 2 at half; pulldown's 1 in 5 or 6 is real-time footage.
 */
const HELD_SHARE = 0.4;
const HELD_WINDOW = 8;
const MIN_JUDGED = 6;
/**
 * A replay lasts at least this long (clip seconds): a whole swing, 1.5 s from takeaway to
 * finish, at half speed. Shorter held stretches (a screen recording's stalls, a broadcast's
 * brief slow-down) are left alone.
 */
const REPLAY_MIN_SECONDS = 3;

/** A run of frames a track holds, as positions in its frames: [first, last]. */
export type FrameRun = [first: number, last: number];

/**
 * The frame-repeated replays joined after real-time footage, from the join (the picture that
 * opens the replay) to the replay's last frame. A clip held throughout (slow motion as
 * filmed, or as exported) has no real-time footage before it and no replay.
 */
export function findReplays(frames: PoseFrame[]): FrameRun[] {
  const held = heldFrames(frames);
  const footage = footageAround(held);
  const replays: FrameRun[] = [];
  for (let i = 0; i < frames.length; i++) {
    if (footage[i] !== 'replay') continue;
    let end = i;
    while (end + 1 < frames.length && footage[end + 1] !== 'real') end++;
    let before = i - 1;
    while (before >= 0 && footage[before] === null) before--;
    const firstHeld = held.findIndex((h, q) => q >= i && q <= end && h === true);
    if (before >= 0 && footage[before] === 'real' && firstHeld >= 0) {
      // The join: the biggest change from the last real-time frames to the first held one.
      // The replay may open on a still golfer, where no frame can be judged, and the frames
      // just before the join read as real-time through the join's own change.
      let join = firstHeld - 1;
      const earliest = Math.max(before - HELD_WINDOW, (replays.at(-1)?.[1] ?? -1) + 1, 0);
      for (let q = earliest; q < firstHeld; q++) {
        if ((frames[q]!.change ?? 0) > (frames[join]!.change ?? 0)) join = q;
      }
      if (frames[end]!.time - frames[join]!.time >= REPLAY_MIN_SECONDS) replays.push([join, end]);
    }
    i = end;
  }
  return replays;
}

/** Whether each frame is held, where that can be judged (the pictures around it change). */
function heldFrames(frames: PoseFrame[]): Array<boolean | null> {
  const n = frames.length;
  // Posed frame by frame, bar the single frames pulldown's removal leaves out.
  const posedInARow = (a: number, b: number) =>
    a >= 0 &&
    b < n &&
    frames.slice(a + 1, b + 1).every((f, q) => f.index - frames[a + q]!.index <= 2);
  const mostChange = (from: number, to: number) =>
    Math.max(...frames.slice(from, to + 1).map((f) => f.change ?? 0));
  return frames.map((frame, i) => {
    if (frame.change === undefined || !posedInARow(i - HOLD_REACH, i + HOLD_REACH)) return null;
    const moving = Math.min(mostChange(i - HOLD_REACH, i - 1), mostChange(i + 1, i + HOLD_REACH));
    if (moving < MOVING_CHANGE) return null;
    return frame.change < STILL_SHARE * moving;
  });
}

/** Each frame's footage from the frames judged around it; null where too little moves. */
function footageAround(held: Array<boolean | null>): Array<'replay' | 'real' | null> {
  return held.map((_, i) => {
    const around = held
      .slice(Math.max(0, i - HELD_WINDOW), i + HELD_WINDOW + 1)
      .filter((h) => h !== null);
    if (around.length < MIN_JUDGED) return null;
    return around.filter(Boolean).length >= HELD_SHARE * around.length ? 'replay' : 'real';
  });
}
