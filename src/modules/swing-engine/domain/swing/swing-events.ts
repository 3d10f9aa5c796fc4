import { SWING_EVENTS, type PoseTrack, type SwingEventName } from '../pose-track';
import { detectView } from './handedness-and-view';
import { argMax, argMin, median } from './signal';
import type { SwingSignals } from './swing-signals';

/** Positions (into track.frames) of GolfDB's eight events, and how each was found. */
export interface SwingEvents {
  positions: Record<SwingEventName, number>;
  basis: Record<SwingEventName, 'detected' | 'interpolated'>;
}

export class SwingNotFoundError extends Error {
  constructor(
    readonly reason: 'no-golfer' | 'no-swing',
    message: string,
  ) {
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
  /** Real-time downswing duration, to recognise slow motion. */
  realDownswingSeconds: 0.3,
  /** Speeds are measured over this span (real time), which keeps 120 fps jitter out. */
  speedWindowSeconds: 0.08,
  /** At address the hands move slower than this (torso lengths per real second)... */
  stillHandSpeed: 0.2,
  /** ...for this long. */
  addressStillSeconds: 0.1,
  /**
   * Down the line, the image shows the takeaway this much (real time) after it starts: both
   * real-time down-the-line clips put the hands' first visible move 67 ms after the labelled
   * address (2 frames at 30 fps, 8 at 120 fps), while the face-on clips show it at once.
   */
  hiddenTakeawaySeconds: 0.07,
  /**
   * At the finish most of the upper body (the median of BODY_POINTS) moves slower than this,
   * torso lengths per real second...
   */
  finishBodySpeed: 0.45,
  /** ...measured over this span (real time)... */
  finishSpeedWindowSeconds: 0.14,
  /**
   * ...within this long (real time) of the follow-through's high point; a golfer who walks off
   * at once never comes to rest, and then the finish is the stillest moment in that time.
   */
  finishWithinSeconds: 1,
  /**
   * The top is where the hands start down: the first frame after the last one whose falling
   * speed is below this share of the downswing's fastest fall (the club reverses as the hands
   * start down).
   */
  topFallShare: 0.05,
  /**
   * Impact is the last frame of the hands' lowest stretch: within this share of the drop from
   * the top (slow-motion and 30 fps clips show the hands at the bottom for several frames; the
   * club reaches the ball as they leave it).
   */
  impactPlateauShare: 0.02,
};

/**
 * A real downswing (top to impact) takes about 0.3 s; longer means slow motion, and every span or speed given
 * here per real second is scaled by this factor.
 */
export function slowMotionFactor(downswingSeconds: number): number {
  return Math.max(1, downswingSeconds / EVENT_TUNING.realDownswingSeconds);
}

/**
 * Frames need not be evenly spaced (the pose runs densely only around the swing), so every
 * window here is in seconds. First index whose time is at least `time`.
 */
function indexAt(times: number[], time: number): number {
  let lo = 0;
  let hi = times.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Indices spanning +-half seconds around i, at least one neighbour each side. */
function spanAround(times: number[], i: number, half: number): [number, number] {
  const n = times.length;
  const a = Math.min(Math.max(0, i - 1), indexAt(times, times[i]! - half));
  let b = indexAt(times, times[i]! + half);
  if (b < n - 1 && times[b]! > times[i]! + half) b--;
  return [a, Math.min(n - 1, Math.max(b, i + 1))];
}

/** Hand speed (torso lengths per second) by differences over +-window/2. */
function handSpeedOver(s: SwingSignals, windowSeconds: number): number[] {
  return s.times.map((_, i) => {
    const [a, b] = spanAround(s.times, i, windowSeconds / 2);
    const dt = s.times[b]! - s.times[a]!;
    return dt > 0 ? Math.hypot(s.handX[b]! - s.handX[a]!, s.handY[b]! - s.handY[a]!) / dt : 0;
  });
}

/**
 * How fast most of the upper body moves: the median over the body points of their speed
 * (torso lengths per second) by differences over +-window/2; Infinity without a pose there.
 */
function bodySpeedOver(s: SwingSignals, windowSeconds: number): number[] {
  return s.times.map((_, i) => {
    const [a, b] = spanAround(s.times, i, windowSeconds / 2);
    const from = s.body[a];
    const to = s.body[b];
    const dt = s.times[b]! - s.times[a]!;
    if (!from || !to || !(dt > 0)) return Infinity;
    return median(from.map((p, k) => Math.hypot(to[k]!.x - p.x, to[k]!.y - p.y) / dt));
  });
}

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

/** The last frame after `low` whose hands stay within the plateau share of the drop. */
function endOfLowStretch(h: number[], top: number, low: number): number {
  const level = h[low]! + EVENT_TUNING.impactPlateauShare * (h[top]! - h[low]!);
  let end = low;
  while (end < h.length - 1 && h[end + 1]! <= level) end++;
  return end;
}

/**
 * The first frame of the hands' fall: going back from the fastest fall between the top and
 * impact, the frame after the first one whose falling speed is below the top share of it (the
 * club changes direction as the hands start down, not while they hang at the top).
 */
function startOfFall(s: SwingSignals, top: number, impact: number): number {
  const t = s.times;
  const h = s.handHeight;
  const slowMotion = slowMotionFactor(t[impact]! - t[top]!);
  const half = (EVENT_TUNING.speedWindowSeconds * slowMotion) / 2;
  const fall = (i: number) => {
    const [a, b] = spanAround(t, i, half);
    return t[b]! > t[a]! ? (h[a]! - h[b]!) / (t[b]! - t[a]!) : 0;
  };
  let fastest = top;
  for (let i = top; i <= impact; i++) if (fall(i) > fall(fastest)) fastest = i;
  const slow = EVENT_TUNING.topFallShare * fall(fastest);
  let start = fastest;
  while (start > 0 && fall(start) > slow) start--;
  return Math.min(start + 1, fastest);
}

/**
 * GolfDB's events from the hands' path: impact is the end of the hands' lowest stretch of the
 * downswing, top the moment the hands start down from their highest stretch, address the last still
 * frame before the takeaway, finish the first still frame after the follow-through. The four
 * unlabelled in-between events are placed by the hands' height (arm and shaft parallel
 * positions), marked 'interpolated'.
 */
export function detectSwingEvents(track: PoseTrack, s: SwingSignals): SwingEvents {
  const n = track.frames.length;
  const validCount = s.valid.filter(Boolean).length;
  if (validCount < Math.max(5, n * 0.3)) {
    throw new SwingNotFoundError(
      'no-golfer',
      'No golfer was found in the video. Film the whole body, well lit.',
    );
  }
  const t = s.times;
  const h = s.handHeight;
  const swing = findSwing(h);
  if (!swing) {
    throw new SwingNotFoundError(
      'no-swing',
      'No swing was found in the video: the hands never go from above the shoulders down to the ball and up again.',
    );
  }
  const impact = endOfLowStretch(h, swing.top, swing.impact);
  const top = startOfFall(s, swing.top, impact);
  const slowMotion = slowMotionFactor(t[impact]! - t[top]!);
  const speed = handSpeedOver(s, EVENT_TUNING.speedWindowSeconds * slowMotion);
  const after = (i: number, seconds: number) => indexAt(t, t[i]! + seconds * slowMotion);
  const isStill = (i: number, threshold: number) =>
    s.valid[i] && speed[i]! < threshold / slowMotion;

  // Address: from the fastest backswing frame, back to the first moment the hands have been
  // still for a while (the hands also pause at the top, so the search starts below it).
  const backswingStart = after(top, -3);
  let address = argMax(speed, backswingStart, top);
  const run = EVENT_TUNING.addressStillSeconds * slowMotion;
  while (address > 0 && t[address]! - t[0]! >= run) {
    let still = true;
    for (let q = address; q >= 0 && t[q]! > t[address]! - run; q--) {
      still &&= isStill(q, EVENT_TUNING.stillHandSpeed);
    }
    if (still) break;
    address--;
  }
  // Down the line, the takeaway starts along the line of sight (the hands move back along the
  // target line, towards or away from the camera) and the image shows the hands move later.
  if (detectView(track, address).view === 'down-the-line') {
    address = after(address, -EVENT_TUNING.hiddenTakeawaySeconds);
  }
  // Finish: from the follow-through's highest point, the first frame where most of the upper
  // body has come to rest. The hands alone mislead here: they pause at the high point while the
  // body still turns, and many golfers let the club drop at once, so they never hold still.
  const followPeak = argMax(h, impact, Math.min(n - 1, after(impact, 1.5)));
  const bodySpeed = bodySpeedOver(s, EVENT_TUNING.finishSpeedWindowSeconds * slowMotion);
  const finishBy = Math.min(n - 1, after(followPeak, EVENT_TUNING.finishWithinSeconds));
  const atRest = (i: number) => bodySpeed[i]! < EVENT_TUNING.finishBodySpeed / slowMotion;
  let finish = followPeak;
  while (finish < finishBy && !atRest(finish)) finish++;
  if (!atRest(finish)) finish = argMin(bodySpeed, followPeak, finishBy);

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
