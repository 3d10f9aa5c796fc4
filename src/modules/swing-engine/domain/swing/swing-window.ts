import type { PoseTrack } from '../pose-track';
import { detectSwingEvents, slowMotionFactor, SwingNotFoundError } from './swing-events';
import { swingSignals } from './swing-signals';

/**
 * Real seconds posed densely before the top and after impact: backswings take 0.7-1.1 s and
 * finishes come 0.4-0.8 s after impact on our footage; the rest covers the still moments the
 * address and finish rules look for.
 */
const BEFORE_TOP_SECONDS = 1.6;
const AFTER_IMPACT_SECONDS = 1.2;

export type SwingWindow =
  { kind: 'swing'; start: number; end: number } | { kind: 'no-golfer' } | { kind: 'not-found' };

/**
 * Where to pose densely, from a coarse pose track (a few poses a second): around the rough top
 * and impact (the coarse pass finds those well; address and finish need the dense frames),
 * scaled for slow motion, with two coarse steps either side. Around every swing seen, not only
 * the clearest: five poses a second catch a real-time downswing's top and impact on one pose or
 * none, so a slow-motion replay of it can look clearer; posed densely, the clearer one shows.
 */
export function swingWindow(coarse: PoseTrack): SwingWindow {
  let events;
  try {
    events = detectSwingEvents(coarse, swingSignals(coarse));
  } catch (error) {
    if (error instanceof SwingNotFoundError) {
      return error.reason === 'no-golfer' ? { kind: 'no-golfer' } : { kind: 'not-found' };
    }
    throw error;
  }
  const time = (position: number) => coarse.frames[position]!.time;
  const frames = coarse.frames;
  const spacing = frames.length > 1 ? (time(frames.length - 1) - time(0)) / (frames.length - 1) : 0;
  const swings = [events.positions, ...events.otherSwings];
  const around = swings.map(({ top, impact }) => {
    const slowMotion = slowMotionFactor(time(impact) - time(top));
    return {
      start: time(top) - BEFORE_TOP_SECONDS * slowMotion - 2 * spacing,
      end: time(impact) + AFTER_IMPACT_SECONDS * slowMotion + 2 * spacing,
    };
  });
  return {
    kind: 'swing',
    start: Math.max(0, Math.min(...around.map((w) => w.start))),
    end: Math.max(...around.map((w) => w.end)),
  };
}
