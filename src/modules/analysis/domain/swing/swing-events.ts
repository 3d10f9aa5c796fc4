import { SWING_EVENTS, type PoseTrack, type SwingEventName } from '../pose-track';
import { argMax, argMin } from './signal';
import type { SwingSignals } from './swing-signals';

/** Positions (into track.frames) of GolfDB's eight events, and how each was found. */
export interface SwingEvents {
  positions: Record<SwingEventName, number>;
  basis: Record<SwingEventName, 'detected' | 'interpolated'>;
}

export class SwingNotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SwingNotFoundError';
  }
}

/** Tunables, in torso lengths and seconds; see docs/decisions for how they were chosen. */
export const EVENT_TUNING = {
  /** A downswing moves the hands faster than this (torso lengths per second). */
  minPeakHandSpeed: 3,
  /** Hands slower than this are "still" (address, finish). */
  stillHandSpeed: 0.6,
  /** The top lies at most this long before impact. */
  maxDownswingSeconds: 1.2,
  /** And at least this long. */
  minDownswingSeconds: 0.08,
  /** The takeaway starts at most this long before the top. */
  maxBackswingSeconds: 2.5,
  /** Finish is searched from this long after impact. */
  minFollowThroughSeconds: 0.2,
};

/**
 * GolfDB's events from the hands' path: impact is the lowest point of the hands around the
 * fastest downswing frame, top the highest point of the hands before it, address the last still
 * frame before the takeaway, finish the first still frame after the follow-through. The four
 * unlabelled in-between events are placed by the hands' height (arm and shaft parallel
 * positions), marked 'interpolated'.
 */
export function detectSwingEvents(track: PoseTrack, s: SwingSignals): SwingEvents {
  const n = track.frames.length;
  const validCount = s.valid.filter(Boolean).length;
  if (validCount < Math.max(5, n * 0.3)) {
    throw new SwingNotFoundError(
      'No golfer was found in the video. Film the whole body, well lit.',
    );
  }
  const t = s.times;
  const speed = s.handSpeed.map((v, i) => (s.valid[i] ? v : 0));
  const peak = argMax(speed);
  if (speed[peak]! < EVENT_TUNING.minPeakHandSpeed) {
    throw new SwingNotFoundError(
      'No swing was found in the video: the golfer does not swing the club fast enough to measure.',
    );
  }
  const within = (from: number, seconds: number, dir: 1 | -1) => {
    let i = from;
    while (i + dir >= 0 && i + dir < n && Math.abs(t[i + dir]! - t[from]!) <= seconds) i += dir;
    return i;
  };

  const impact = argMin(s.handHeight, within(peak, 0.15, -1), within(peak, 0.15, 1));
  const topFrom = within(impact, EVENT_TUNING.maxDownswingSeconds, -1);
  const topTo = within(impact, EVENT_TUNING.minDownswingSeconds, -1);
  const top = argMax(s.handHeight, topFrom, Math.max(topFrom, topTo));
  if (top >= impact) throw new SwingNotFoundError('The backswing could not be found in the video.');

  // The hands pause at the top too: start from the fastest backswing frame, then walk back.
  let address = argMax(speed, within(top, EVENT_TUNING.maxBackswingSeconds, -1), top);
  while (address > 0 && !(speed[address]! < EVENT_TUNING.stillHandSpeed && s.valid[address])) {
    address--;
  }
  let finish = within(impact, EVENT_TUNING.minFollowThroughSeconds, 1);
  while (finish < n - 1 && !(speed[finish]! < EVENT_TUNING.stillHandSpeed && s.valid[finish])) {
    finish++;
  }

  const h = s.handHeight;
  const firstAtLeast = (from: number, to: number, level: number) => {
    for (let i = from; i <= to; i++) if (h[i]! >= level) return i;
    return to;
  };
  const firstAtMost = (from: number, to: number, level: number) => {
    for (let i = from; i <= to; i++) if (h[i]! <= level) return i;
    return to;
  };
  const rise = h[top]! - h[address]!;
  const toeUp = firstAtLeast(address, top, h[address]! + 0.25 * rise);
  const midBackswing = firstAtLeast(address, top, h[address]! + 0.6 * rise);
  const midDownswing = firstAtMost(top, impact, h[address]! + 0.6 * rise);
  const followRise = h[finish]! - h[impact]!;
  const midFollowThrough = firstAtLeast(impact, finish, h[impact]! + 0.25 * followRise);

  const positions: Record<SwingEventName, number> = {
    address,
    toeUp,
    midBackswing,
    top,
    midDownswing,
    impact,
    midFollowThrough,
    finish,
  };
  const basis = Object.fromEntries(
    SWING_EVENTS.map((e) => [
      e,
      ['address', 'top', 'impact', 'finish'].includes(e) ? 'detected' : 'interpolated',
    ]),
  ) as SwingEvents['basis'];
  return { positions, basis };
}
