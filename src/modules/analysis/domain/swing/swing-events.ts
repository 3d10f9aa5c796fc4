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
  /** "High" hands: above this share of the clip's highest hand position (top and finish). */
  highShareOfMax: 0.6,
  /** The top is the middle of the hands' highest plateau: within this share of the drop. */
  topPlateauShare: 0.01,
  /** Hands slower than this share of the swing's peak speed are still (address, finish). */
  stillShareOfPeak: 0.05,
};

/**
 * The swing is the biggest fall of the hands from a high segment (the top) to a low point
 * (impact) before they rise high again (the finish). Practice swings fall less far.
 */
function findSwing(h: number[]): { top: number; impact: number } | null {
  const n = h.length;
  const high = EVENT_TUNING.highShareOfMax * Math.max(...h);
  if (!(high > 0)) return null;
  let best: { top: number; impact: number; drop: number } | null = null;
  let i = 0;
  while (i < n) {
    if (h[i]! <= high) {
      i++;
      continue;
    }
    let j = i;
    while (j < n && h[j]! > high) j++;
    let k = j;
    while (k < n && h[k]! <= high) k++;
    if (j < n) {
      const impact = argMin(h, j, k - 1);
      const peak = Math.max(...h.slice(i, j));
      const drop = peak - h[impact]!;
      const level = peak - EVENT_TUNING.topPlateauShare * drop;
      const plateau = h.slice(i, j).flatMap((v, q) => (v >= level ? [i + q] : []));
      const top = Math.round((plateau[0]! + plateau[plateau.length - 1]!) / 2);
      if (!best || drop > best.drop) best = { top, impact, drop };
    }
    i = j;
  }
  return best;
}

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
  const h = s.handHeight;
  const swing = findSwing(h);
  if (!swing) {
    throw new SwingNotFoundError(
      'No swing was found in the video: the hands never go from above the shoulders down to the ball and up again.',
    );
  }
  const { top, impact } = swing;
  // Speeds relative to this swing's own peak, so slow-motion clips work like real-time ones.
  const speed = s.handSpeed.map((v, i) => (s.valid[i] ? v : 0));
  const within = (from: number, seconds: number, dir: 1 | -1) => {
    let i = from;
    while (i + dir >= 0 && i + dir < n && Math.abs(t[i + dir]! - t[from]!) <= seconds) i += dir;
    return i;
  };
  const swingSeconds = Math.max(t[impact]! - t[top]!, 0.05);
  const peakSpeed = Math.max(...speed.slice(within(top, swingSeconds * 8, -1), impact + 1));
  const still = EVENT_TUNING.stillShareOfPeak * peakSpeed;

  // The hands pause at the top too: start from the fastest backswing frame, then walk back.
  let address = argMax(speed, within(top, swingSeconds * 8, -1), top);
  while (address > 0 && !(speed[address]! < still && s.valid[address])) address--;
  // Finish: the follow-through's highest point, then the first frame the hands are still.
  const followPeak = argMax(h, impact, within(impact, swingSeconds * 4, 1));
  let finish = followPeak;
  while (finish < n - 1 && !(speed[finish]! < still && s.valid[finish])) finish++;

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
