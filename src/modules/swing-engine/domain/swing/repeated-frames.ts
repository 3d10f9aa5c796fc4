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
