import type { PoseTrack } from '../pose-track';
import {
  detectSwingEvents,
  slowMotionFactor,
  SwingNotFoundError,
  type SeenSwing,
} from './swing-events';
import { swingSignals, type SwingSignals } from './swing-signals';

/**
 * Real seconds posed densely before the top and after impact: backswings take 0.7-1.1 s and
 * finishes come 0.4-0.8 s after impact on our footage; the rest covers the still moments the
 * address and finish rules look for.
 */
const BEFORE_TOP_SECONDS = 1.6;
const AFTER_IMPACT_SECONDS = 1.2;
/**
 * Clip seconds the other swings seen may stretch the dense window to, at most (nearest first):
 * a 4x replay after a real-time swing fits; a minute of range practice is not posed densely
 * whole (up to 3,600 poses, near the 60 s the loading screen waits on a slow machine).
 */
const MAX_DENSE_SECONDS = 20;

/**
 * How far the hands move about the hips between neighbouring coarse poses (torso lengths) for
 * the dense pass to look there too: five poses a second can straddle a real-time downswing
 * (0.25 s) so that no pose shows its fall, but the hands cross from the top to the follow-
 * through between two poses.
 */
const FAST_MOVE_TORSOS = 0.6;

export type SwingWindow =
  | {
      kind: 'swing';
      start: number;
      end: number;
      /**
       * Other swings the coarse pass saw that lie outside the window (MAX_DENSE_SECONDS), so the
       * swings counted on the dense frames are not all the video holds.
       */
      swingsLeftOut: number;
    }
  | { kind: 'no-golfer' }
  | { kind: 'not-found' };

/**
 * Where to pose densely, from a coarse pose track (a few poses a second): around the rough top
 * and impact (the coarse pass finds those well; address and finish need the dense frames),
 * scaled for slow motion, with two coarse steps either side. Around every swing seen, not only
 * the clearest: five poses a second catch a real-time downswing's top and impact on one pose or
 * none, so a slow-motion replay of it can look clearer; posed densely, the clearer one shows
 * (within MAX_DENSE_SECONDS). For the same reason around every fast move of the hands
 * (FAST_MOVE_TORSOS), where a downswing may have fallen between two poses unseen.
 */
export function swingWindow(coarse: PoseTrack): SwingWindow {
  let events;
  const signals = swingSignals(coarse);
  try {
    events = detectSwingEvents(coarse, signals);
  } catch (error) {
    if (error instanceof SwingNotFoundError) {
      return error.reason === 'no-golfer' ? { kind: 'no-golfer' } : { kind: 'not-found' };
    }
    throw error;
  }
  const time = (position: number) => coarse.frames[position]!.time;
  const frames = coarse.frames;
  const spacing = frames.length > 1 ? (time(frames.length - 1) - time(0)) / (frames.length - 1) : 0;
  const around = ({ top, impact }: SeenSwing) => {
    const slowMotion = slowMotionFactor(time(impact) - time(top));
    return {
      start: Math.max(0, time(top) - BEFORE_TOP_SECONDS * slowMotion - 2 * spacing),
      end: time(impact) + AFTER_IMPACT_SECONDS * slowMotion + 2 * spacing,
    };
  };
  const window = around(events.positions);
  const fast = fastMoves(signals).map((at) => ({ top: at, impact: at, seenAsSwing: false }));
  const others = events.otherSwings.map((other) => ({ ...other, seenAsSwing: true }));
  const nearestFirst = [...others, ...fast].sort(
    (a, b) =>
      Math.abs(time(a.impact) - time(events.positions.impact)) -
      Math.abs(time(b.impact) - time(events.positions.impact)),
  );
  let swingsLeftOut = 0;
  for (const other of nearestFirst) {
    const wider = around(other);
    const start = Math.min(window.start, wider.start);
    const end = Math.max(window.end, wider.end);
    if (end - start > Math.max(MAX_DENSE_SECONDS, window.end - window.start)) {
      if (other.seenAsSwing) swingsLeftOut++;
      continue;
    }
    window.start = start;
    window.end = end;
  }
  return { kind: 'swing', ...window, swingsLeftOut };
}

/** Positions where the hands moved FAST_MOVE_TORSOS about the hips since the pose before. */
function fastMoves(s: SwingSignals): number[] {
  return s.shots.flatMap(([first, last]) => {
    const found: number[] = [];
    for (let i = first + 1; i <= last; i++) {
      if (!s.valid[i] || !s.valid[i - 1]) continue;
      const dx = s.handX[i]! - s.hipX[i]! - (s.handX[i - 1]! - s.hipX[i - 1]!);
      const dy = s.handY[i]! - s.hipY[i]! - (s.handY[i - 1]! - s.hipY[i - 1]!);
      if (Math.hypot(dx, dy) >= FAST_MOVE_TORSOS) found.push(i);
    }
    return found;
  });
}
