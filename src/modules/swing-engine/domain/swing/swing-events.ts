import { SWING_EVENTS, type PoseTrack, type SwingEventName } from '../pose-track';
import { detectView } from './handedness-and-view';
import { argMax, argMin, median } from './signal';
import type { Shot, SwingSignals } from './swing-signals';
import {
  learnedEvent,
  UNSURE_LIKELIHOOD,
  type LearnedEvent,
  type LearnedFrame,
} from './learned-events';

/** Positions (into track.frames) of GolfDB's eight events, and how each was found. */
export interface SwingEvents {
  positions: Record<SwingEventName, number>;
  basis: Record<SwingEventName, 'detected' | 'interpolated'>;
  /**
   * How far each event's frame can be trusted, 0..1: low where the rule fell back (no resting
   * hands before the takeaway, a backswing that hardly showed) and where the learned top or
   * finish found its frame unlikely (learned-events.ts).
   */
  confidence: Record<SwingEventName, number>;
  /** Swings seen in the clip (over all its shots); the clearest one is analysed. */
  swingsFound: number;
  /** Where the other swings seen are (track positions; the analysed one left out). */
  otherSwings: SeenSwing[];
  /**
   * A frame-repeated replay follows the swing analysed, which was filmed in real time; the
   * replay's swings are not counted in swingsFound.
   */
  replaySeen: boolean;
}

/** A fall of the hands into a follow-through, at least a third as clear as the clearest. */
export interface SeenSwing {
  top: number;
  impact: number;
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
  /**
   * "High" hands: above this share of the clip's highest hand position, measured from their
   * lowest (top and finish).
   */
  highShareOfMax: 0.6,
  /** ...or of this share, when no fall starts above the first. */
  shortSwingHighShare: 0.35,
  /** The hands rise at least this far (torso lengths) in a swing, a chip included... */
  minSwingRise: 0.25,
  /** ...and this far in a full swing (below it, the short swing's path is used). */
  fullSwingRise: 1,
  /** The top is the middle of the hands' highest plateau: within this share of the drop. */
  topPlateauShare: 0.01,
  /** Real-time downswing duration, to recognise slow motion. */
  realDownswingSeconds: 0.3,
  /** Speeds are measured over this span (real time), which keeps 120 fps jitter out. */
  speedWindowSeconds: 0.08,
  /**
   * At address the hands rest: within this many torso lengths of where they sit for
   * addressStillSeconds (real time)...
   */
  addressStillRadius: 0.03,
  addressStillSeconds: 0.3,
  addressStillClipSeconds: 1,
  /**
   * ...and the takeaway starts when they have left that spot by this much. A distance, not a
   * speed: slow motion stretches a slow takeaway below any speed that landmark jitter allows.
   */
  addressLeaveRadius: 0.075,
  /**
   * The camera's pan or zoom, at the hands, that counts as moving (torso lengths) for the
   * address search (cameraMoved).
   */
  cameraDrift: 0.1,
  /**
   * Down the line, the image shows the takeaway this much (real time) after it starts: both
   * real-time down-the-line clips put the hands' first visible move 67 ms after the labelled
   * address (2 frames at 30 fps, 8 at 120 fps), while the face-on clips show it at once.
   */
  hiddenTakeawaySeconds: 0.07,
  /**
   * The address is looked for back from the hands' fastest backswing frame within this long
   * (real time) before the top: an amateur's backswing takes about a second, its fastest frame
   * sits half way, and a landmark jump where the golfer was first found (seen at the start of
   * a slow-motion clip with the golfer filmed from afar) is left out.
   */
  backswingSeconds: 1.5,
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
   * ...and within this long (real time) of impact: 90% of GolfDB's 758 real-time swings finish
   * within 0.9 s of impact (its golfDB.pkl). A golfer still turning then (walking off, a
   * follow-through that drifts) gets the stillest moment before it, marked uncertain.
   */
  finishByImpactSeconds: 0.9,
  /**
   * A finish is held: a rest that the body leaves again within this long (real time), faster
   * than finishLeaveShare times the bar, was a pause on the way (slow motion shows the body
   * stop for a frame or two at the follow-through's high point before the arms settle). The
   * first held rest after it is the finish...
   */
  finishHoldSeconds: 0.1,
  finishLeaveShare: 2,
  /**
   * ...unless the hands sit lower there than the pause by more than this share of their rise
   * from impact to the follow-through's high point: then the club was lowered after a brief
   * finish, and the pause is the finish.
   */
  finishSettleShare: 0.25,
  /**
   * The top is where the hands start down: the first frame after the last one whose falling
   * speed is below this share of the downswing's fastest fall (the club reverses as the hands
   * start down).
   */
  topFallShare: 0.05,
  /**
   * The top is placed halfway back from the start of the fall to the hands' highest frame, at
   * most this long (real time) before the fall: slow-motion clips show the club still going
   * back while the hands hang; at 30 fps it moves the top a frame at most.
   */
  topBeforeFallSeconds: 0.03,
  /**
   * The address, the top and the finish are then chosen by a learned score (learned-events.ts)
   * among the frames around the rules'; false leaves the rule's (as the models' training data
   * is made)...
   */
  learned: { address: true, top: true, finish: true } as Record<LearnedEvent, boolean>,
  /**
   * ...in real time only: below this slow-motion factor. The models saw few slow-motion swings
   * (15 of their 102 clips); on the shared slow-motion clip the learned top came 8-10 frames early.
   */
  learnedBelowSlowMotion: 2,
  /**
   * Impact is the last frame of the hands' lowest stretch: within this share of the drop from
   * the top (slow-motion and 30 fps clips show the hands at the bottom for several frames; the
   * club reaches the ball as they leave it).
   */
  impactPlateauShare: 0.02,
  /** A fall counts as another swing only when the hands come back within this share of the
   * path's range of their lowest point (to the ball). */
  swingBottomShare: 0.2,
  /**
   * A downswing flows into the follow-through: the hands rise halfway back up within this
   * many times the fall's middle 60% (at most 3.5 times on the corpus's and fixtures' swings,
   * 3 with five poses a second). A drop from a held finish to a held address (a replay or
   * another take joined on, in frames too far apart to show the splice) rests at the bottom,
   * 15 times and more.
   */
  followThroughWithinFalls: 8,
  /**
   * A fall whose top comes less than this long (clip seconds) after the low point of a swing
   * before it is that swing's follow-through mis-posed (the hands wrap round behind the head
   * and the landmarks drop to the hips): no backswing, from the ball to the top, is this quick.
   */
  minBackswingSeconds: 0.45,
  /** An event's confidence when its rule found what it looks for, and when it fell back. */
  detectedConfidence: 0.9,
  fallbackConfidence: 0.3,
  /**
   * The in-between events, at these shares of the hands' rise from address to top (toe-up and
   * mid-backswing, on the way up; mid-downswing on the way down) and from impact to finish
   * (mid-follow-through). Toe-up at 0.2, not a quarter: on GolfDB's labels the quarter placed it
   * a frame late (decision 0007).
   */
  toeUpShare: 0.2,
  midBackswingShare: 0.6,
  midDownswingShare: 0.6,
  midFollowThroughShare: 0.25,
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

/**
 * Indices spanning +-half seconds around i within its shot, at least one neighbour each side
 * where the shot has one. A span across a cut would read the jump between two pictures as
 * motion (the hands "moving" at the first frame of a shot that starts at address).
 */
function spanAround(
  times: number[],
  i: number,
  half: number,
  [first, last]: Shot,
): [number, number] {
  const a = Math.max(first, Math.min(i - 1, indexAt(times, times[i]! - half)));
  let b = indexAt(times, times[i]! + half);
  if (b < last && times[b]! > times[i]! + half) b--;
  return [a, Math.min(last, Math.max(b, i + 1))];
}

/** Each frame's shot. */
function shotOfEachFrame(s: SwingSignals): Shot[] {
  return s.shots.flatMap((shot) => Array.from({ length: shot[1] - shot[0] + 1 }, () => shot));
}

/** Hand speed (torso lengths per second) by differences over +-window/2. */
function handSpeedOver(s: SwingSignals, windowSeconds: number): number[] {
  const shotOf = shotOfEachFrame(s);
  return s.times.map((_, i) => {
    const [a, b] = spanAround(s.times, i, windowSeconds / 2, shotOf[i]!);
    const dt = s.times[b]! - s.times[a]!;
    return dt > 0 ? Math.hypot(s.handX[b]! - s.handX[a]!, s.handY[b]! - s.handY[a]!) / dt : 0;
  });
}

/**
 * How fast most of the upper body moves: the median over the body points of their speed
 * (torso lengths per second) by differences over +-window/2; Infinity without a pose there.
 */
function bodySpeedOver(s: SwingSignals, windowSeconds: number): number[] {
  const shotOf = shotOfEachFrame(s);
  return s.times.map((_, i) => {
    const [a, b] = spanAround(s.times, i, windowSeconds / 2, shotOf[i]!);
    const from = s.body[a];
    const to = s.body[b];
    const dt = s.times[b]! - s.times[a]!;
    if (!from || !to || !(dt > 0)) return Infinity;
    return median(from.map((p, k) => Math.hypot(to[k]!.x - p.x, to[k]!.y - p.y) / dt));
  });
}

/**
 * The paths the event rules can follow, one number a frame over a shot: the hands' height
 * above the hips, and their distance from where they are lowest (at the ball). A full swing is
 * followed by height; a short swing (a chip or a pitch) moves the hands more sideways than up,
 * and one whose hands never rise a torso length is followed by distance, as is any swing the
 * height finds none in (a chip with a long follow-through).
 */
function* swingPaths(s: SwingSignals, [from, to]: Shot): Generator<number[]> {
  const h = s.handHeight.slice(from, to + 1);
  const lowest = Math.min(...h);
  const range = Math.max(...h) - lowest;
  if (range >= EVENT_TUNING.fullSwingRise) yield h;
  // Made only when the height shows no swing.
  const atBall = h.flatMap((v, i) => (s.valid[from + i] && v <= lowest + 0.2 * range ? [i] : []));
  const ball = {
    x: median(atBall.map((i) => s.handX[from + i]!)),
    y: median(atBall.map((i) => s.handY[from + i]!)),
  };
  yield h.map((_, i) => Math.hypot(s.handX[from + i]! - ball.x, s.handY[from + i]! - ball.y));
}

interface SwingCandidate {
  top: number;
  impact: number;
  /** How clearly this is the swing: the fall's depth times its speed. */
  clarity: number;
  /** Every fall followed by a rise into a follow-through (the swings seen), how clear. */
  seen: Array<SeenSwing & { clarity: number }>;
  /** Found from the rise into the follow-through (the backswing hardly showed). */
  fromFollowThrough?: boolean;
}

/**
 * A swing is a fall of the hands from a high segment (the top) to a low point (impact); the
 * clearest is the deepest and fastest, as a downswing is the fastest move a golfer makes:
 * practice swings fall less far and slower, and lowering the club after the finish is slow.
 */
function findSwing(heights: number[], times: number[]): SwingCandidate | null {
  // Heights above the hands' lowest point, not the hips: a chip's top is below the hips.
  const lowest = Math.min(...heights);
  const h = heights.map((v) => v - lowest);
  const highest = Math.max(...h);
  if (!(highest >= EVENT_TUNING.minSwingRise)) return null;
  // A short swing's follow-through can go twice as far as its backswing, and a clip can end
  // in it: then only a lower bar finds the backswing's top. A swing rises into its
  // follow-through: a fall that never rises again (the club lowered after the finish as the
  // clip ends) is taken only when no fall at either bar rises after it (a clip cut at impact).
  for (const rising of [true, false]) {
    for (const share of [EVENT_TUNING.highShareOfMax, EVENT_TUNING.shortSwingHighShare]) {
      const swing = fallFrom(h, times, share * highest, rising);
      if (swing) return swing;
    }
  }
  return null;
}

/**
 * The clearest fall from above `high` to a low point (see findSwing); with `rising`, only a
 * fall after which the hands rise above `high` again, flowing on from the fall (see
 * followThroughWithinFalls).
 */
function fallFrom(
  h: number[],
  times: number[],
  high: number,
  rising: boolean,
): SwingCandidate | null {
  const n = h.length;
  const range = Math.max(...h);
  let best: SwingCandidate | null = null;
  const seen: SwingCandidate['seen'] = [];
  // The low point of the last fall seen into a follow-through (see minBackswingSeconds).
  let lastSwingLow = -Infinity;
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
      // The fall's speed through its middle 60%: one noisy pose cannot make it fast.
      let from = top;
      while (from < impact && h[from + 1]! > peak - 0.2 * drop) from++;
      let to = from;
      while (to < impact && h[to]! > peak - 0.8 * drop) to++;
      const seconds = Math.max(times[to]! - times[from]!, 1e-3);
      const clarity = (drop * (0.6 * drop)) / seconds;
      // How soon after the low point the hands are halfway back up (followThroughWithinFalls).
      let up = impact;
      while (up < n - 1 && h[up]! < h[impact]! + 0.5 * drop) up++;
      const flowsOn =
        h[up]! >= h[impact]! + 0.5 * drop &&
        times[up]! - times[impact]! <= EVENT_TUNING.followThroughWithinFalls * seconds;
      // Counted as a swing only when the hands come back to the ball and rise into a
      // follow-through after it: lowering the club, or the hands dipping as it wraps round in
      // the finish, are falls too.
      const intoFollowThrough = k < n && flowsOn;
      const wrapsRound = times[top]! - lastSwingLow < EVENT_TUNING.minBackswingSeconds;
      if (!wrapsRound) {
        if (intoFollowThrough && h[impact]! <= EVENT_TUNING.swingBottomShare * range) {
          seen.push({ top, impact, clarity });
          lastSwingLow = times[impact]!;
        }
        if ((!rising || intoFollowThrough) && (!best || clarity > best.clarity)) {
          best = { top, impact, clarity, seen };
        }
      }
    }
    i = j;
  }
  return best;
}

/**
 * A swing whose backswing hardly shows (a short swing filmed down the line: the hands go back
 * along the line of sight) still rises into its follow-through: found as that rise, the same
 * search run backwards in time; the top is the highest point before its impact. Ranked below
 * any swing found forwards.
 */
function swingFromFollowThrough(path: number[], times: number[]): SwingCandidate | null {
  const n = path.length;
  const back = findSwing([...path].reverse(), times.map((time) => -time).reverse());
  if (!back) return null;
  // The low point the rise starts from: back from the rise's midpoint while the hands descend
  // (the deepest point earlier in the clip may be another, slower move).
  const low = path[n - 1 - back.impact]!;
  const peak = path[n - 1 - back.top]!;
  let impact = n - 1 - back.impact;
  while (impact < n - 1 && path[impact]! < (low + peak) / 2) impact++;
  while (impact > 0 && path[impact - 1]! <= path[impact]!) impact--;
  if (impact < 1) return null;
  const top = argMax(path, 0, impact - 1);
  const clarity = back.clarity / 2;
  return { top, impact, clarity, seen: [{ top, impact, clarity }], fromFollowThrough: true };
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
function startOfFall(
  s: SwingSignals,
  h: number[],
  [top, impact]: [number, number],
  shot: Shot,
): number {
  const t = s.times;
  const slowMotion = slowMotionFactor(t[impact]! - t[top]!);
  const half = (EVENT_TUNING.speedWindowSeconds * slowMotion) / 2;
  const fall = (i: number) => {
    const [a, b] = spanAround(t, i, half, shot);
    return t[b]! > t[a]! ? (h[a]! - h[b]!) / (t[b]! - t[a]!) : 0;
  };
  let fastest = top;
  for (let i = top; i <= impact; i++) if (fall(i) > fall(fastest)) fastest = i;
  const slow = EVENT_TUNING.topFallShare * fall(fastest);
  let start = fastest;
  while (start > shot[0] && fall(start) > slow) start--;
  return Math.min(start + 1, fastest);
}

/**
 * The address: the last frame the hands rest at the ball before the takeaway. From the fastest
 * backswing frame, back to the nearest spell where the hands stay within the still radius of
 * their median for the still time (waggles and a forward press come before it and are passed
 * by); then forward from that spell to where the hands are past the leave radius, and back
 * from there while their distance from the spell keeps shrinking: where the departure began.
 * Without such a spell (the clip starts during the takeaway) the stillest frame before the
 * backswing stands in.
 *
 * Where the camera moved (cameraMoved), the spell is first looked for in the hands as a still
 * camera would have seen them, over the frames up to the backswing where the camera was
 * followed; failing that, in the hands as posed.
 */
function findAddress(
  s: SwingSignals,
  shotStart: number,
  backswing: number,
  slowMotion: number,
): { frame: number; rested: boolean } {
  const followed = followedFrom(s, shotStart, backswing);
  const steadied =
    followed !== null && cameraMoved(s, followed, backswing)
      ? departureFromRest(s, [s.steadyHandX, s.steadyHandY], followed, backswing, slowMotion)
      : null;
  const frame =
    steadied ?? departureFromRest(s, [s.handX, s.handY], shotStart, backswing, slowMotion);
  if (frame !== null) return { frame, rested: true };
  // Where no golfer was found the hands are held where they were last (or first) seen, which
  // reads as the stillest of all.
  const stillness = s.handSpeed.map((v, i) => (s.valid[i] ? v : Infinity));
  return { frame: argMin(stillness, shotStart, backswing), rested: false };
}

/** findAddress's rule on one reading of the hands, from `start` on; null without a rest. */
function departureFromRest(
  s: SwingSignals,
  [handX, handY]: [number[], number[]],
  start: number,
  backswing: number,
  slowMotion: number,
): number | null {
  const t = s.times;
  // Slow-motion clips are often cut close to the takeaway: the spell is capped in clip time.
  const spell = Math.min(
    EVENT_TUNING.addressStillSeconds * slowMotion,
    EVENT_TUNING.addressStillClipSeconds,
  );
  const restAt = (end: number) => {
    // The last frame at least the spell's length back, so the window spans the whole spell.
    const from = Math.max(start, indexAt(t, t[end]! - spell + 1e-6) - 1);
    if (t[end]! - t[from]! < spell - 1e-6) return null;
    const xs: number[] = [];
    const ys: number[] = [];
    for (let q = from; q <= end; q++) {
      if (!s.valid[q]) return null;
      xs.push(handX[q]!);
      ys.push(handY[q]!);
    }
    const centre = { x: median(xs), y: median(ys) };
    const offsets = xs.map((x, k) => Math.hypot(x - centre.x, ys[k]! - centre.y));
    // The landmarks' jitter at rest: how far the hands typically sit from the spell's centre.
    const jitter = median(offsets);
    return Math.max(...offsets) <= EVENT_TUNING.addressStillRadius
      ? { ...centre, from, jitter }
      : null;
  };
  for (let end = backswing; end >= start; end--) {
    const rest = restAt(end);
    if (!rest) continue;
    const from = (q: number) => Math.hypot(handX[q]! - rest.x, handY[q]! - rest.y);
    let left = end;
    while (left < backswing && from(left) <= EVENT_TUNING.addressLeaveRadius) left++;
    // The hands leave gradually: back from where they are clearly away to where the steady
    // departure began (the club head moves with the first of it), and no further than where
    // they are back within the spell's own jitter. Each frame's distance is the median of its
    // own and its neighbours': on a re-encoded clip one jittered frame a little below its
    // neighbour would end the walk mid-takeaway (decision 0007).
    const steady = (q: number) =>
      median([from(Math.max(rest.from, q - 1)), from(q), from(Math.min(backswing, q + 1))]);
    let address = left;
    while (
      address > rest.from &&
      steady(address) > rest.jitter &&
      steady(address - 1) < steady(address)
    ) {
      address--;
    }
    return address;
  }
  return null;
}

/**
 * The finish by the body (see detectSwingEvents): from the follow-through's high point, the
 * first frame where most of the upper body is at rest and stays so (finishHoldSeconds). Where
 * the hands sit lower at that frame than finishSettleShare allows (the club lowered after a
 * brief finish), the first frame at rest. Without a rest by `by`, the stillest frame, not
 * rested.
 */
function findFinish(
  h: number[],
  bodySpeed: number[],
  t: number[],
  {
    peak,
    impact,
    by,
    slowMotion,
  }: { peak: number; impact: number; by: number; slowMotion: number },
): { frame: number; rested: boolean } {
  const bar = EVENT_TUNING.finishBodySpeed / slowMotion;
  const atRest = (i: number) => bodySpeed[i]! < bar;
  let first = peak;
  while (first < by && !atRest(first)) first++;
  if (!atRest(first)) return { frame: argMin(bodySpeed, peak, by), rested: false };
  const holds = (i: number) => {
    const until = t[i]! + EVENT_TUNING.finishHoldSeconds * slowMotion;
    for (let j = i; j <= by && t[j]! <= until; j++) {
      if (bodySpeed[j]! > EVENT_TUNING.finishLeaveShare * bar) return false;
    }
    return true;
  };
  let held = first;
  while (held <= by && !(atRest(held) && holds(held))) held++;
  const settled = h[first]! - EVENT_TUNING.finishSettleShare * (h[peak]! - h[impact]!);
  return { frame: held <= by && h[held]! >= settled ? held : first, rested: true };
}

/**
 * The first frame of the run of frames up to the backswing whose camera motion is known (the
 * dense pass, where the background could be matched), within the shot; null if the
 * backswing's is not.
 */
function followedFrom(s: SwingSignals, shotStart: number, backswing: number): number | null {
  if (!s.cameraFollowed[backswing]) return null;
  let first = backswing;
  while (first > shotStart && s.cameraFollowed[first - 1]) first--;
  return first;
}

/**
 * Whether the camera moved (panned or zoomed) between `from` and the backswing by more than its
 * measure's own noise, where the hands are read. Below that the hands are read as posed, so the
 * camera's noise never moves the address of a clip filmed on a tripod.
 */
function cameraMoved(s: SwingSignals, from: number, backswing: number): boolean {
  const offset = (q: number) => ({
    x: s.handX[q]! - s.steadyHandX[q]!,
    y: s.handY[q]! - s.steadyHandY[q]!,
  });
  const end = offset(backswing);
  for (let q = from; q < backswing; q++) {
    const at = offset(q);
    if (Math.hypot(at.x - end.x, at.y - end.y) > EVENT_TUNING.cameraDrift) return true;
  }
  return false;
}

/**
 * GolfDB's events from the hands' path: impact is the end of the hands' lowest stretch of the
 * downswing, top the moment the hands start down from their highest stretch, address the last still
 * frame before the takeaway, finish the first still frame after the follow-through; in real
 * time, the top and the finish are then chosen by learned scores around those frames. The four
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
  // Each shot (the clip between cuts) is searched on the first of its paths that shows a swing
  // (h holds the path each shot used); the analysed swing is the clearest over all shots,
  // preferring one filmed in real time to a replay's.
  const h: number[] = [];
  const found = s.shots.flatMap((shot, k) => {
    const [from, to] = shot;
    const times = t.slice(from, to + 1);
    let swing: SwingCandidate | null = null;
    let first: number[] | null = null;
    let used: number[] = [];
    for (const path of swingPaths(s, shot)) {
      first ??= path;
      used = path;
      swing = findSwing(path, times);
      if (swing) break;
    }
    if (!swing) used = first!;
    h.push(...used);
    swing ??= swingFromFollowThrough(first!, times);
    if (!swing) return [];
    const seen = swing.seen.map((c) => ({ ...c, top: from + c.top, impact: from + c.impact }));
    return [{ ...swing, top: from + swing.top, impact: from + swing.impact, seen, k }];
  });
  const swing = found.reduce<(typeof found)[number] | undefined>((best, next) => {
    if (!best) return next;
    // A swing filmed in real time over any replay: its times are the swing's own.
    const [nextReplay, bestReplay] = [s.replayShots[next.k]!, s.replayShots[best.k]!];
    if (nextReplay !== bestReplay) return nextReplay ? best : next;
    return next.clarity > best.clarity ? next : best;
  }, undefined);
  if (!swing) {
    throw new SwingNotFoundError(
      'no-swing',
      'No swing was found in the video: the hands never go from above the shoulders down to the ball and up again.',
    );
  }
  const [shotStart, shotEnd] = s.shots[swing.k]!;
  const impact = Math.min(endOfLowStretch(h, swing.top, swing.impact), shotEnd);
  const fallStart = startOfFall(s, h, [swing.top, impact], [shotStart, shotEnd]);
  const slowMotion = slowMotionFactor(t[impact]! - t[fallStart]!);
  // The club changes direction while the hands hang at the top: halfway between their highest
  // frame and the start of their fall, but at most topBeforeFallSeconds before the fall.
  const highest = argMax(
    h,
    Math.max(shotStart, indexAt(t, t[fallStart]! - 1.5 * slowMotion)),
    fallStart,
  );
  const ruleTop = Math.max(
    indexAt(t, (t[highest]! + t[fallStart]!) / 2),
    indexAt(t, t[fallStart]! - EVENT_TUNING.topBeforeFallSeconds * slowMotion),
  );
  const shot: Shot = [shotStart, shotEnd];
  const learned = (event: LearnedEvent) =>
    EVENT_TUNING.learned[event] && slowMotion < EVENT_TUNING.learnedBelowSlowMotion;
  const learnedTop = learned('top')
    ? learnedEvent('top', s, { shot, rule: ruleTop, top: ruleTop, impact })
    : null;
  const top = learnedTop?.frame ?? ruleTop;
  const speed = handSpeedOver(s, EVENT_TUNING.speedWindowSeconds * slowMotion);
  // Within the swing's shot: nothing before a cut or after the next one belongs to it.
  const after = (i: number, seconds: number) =>
    Math.min(shotEnd, Math.max(shotStart, indexAt(t, t[i]! + seconds * slowMotion)));

  const backswing = argMax(speed, after(top, -EVENT_TUNING.backswingSeconds), top);
  const addressFound = findAddress(s, shotStart, backswing, slowMotion);
  let address = addressFound.frame;
  // Down the line, the takeaway starts along the line of sight (the hands move back along the
  // target line, towards or away from the camera) and the image shows the hands move later.
  if (detectView(track, address).view === 'down-the-line') {
    address = after(address, -EVENT_TUNING.hiddenTakeawaySeconds);
  }
  const learnedAddress = learned('address')
    ? learnedEvent('address', s, { shot, rule: address, top, impact })
    : null;
  if (learnedAddress) address = learnedAddress.frame;
  // Finish: from the follow-through's highest point, the first frame where most of the upper
  // body has come to rest and stays so (findFinish). The hands alone mislead here: they pause
  // at the high point while the body still turns, and many golfers let the club drop at once,
  // so they never hold still.
  const followPeak = argMax(h, impact, after(impact, 1.5));
  const bodySpeed = bodySpeedOver(s, EVENT_TUNING.finishSpeedWindowSeconds * slowMotion);
  const finishBy = Math.max(
    followPeak,
    Math.min(
      after(followPeak, EVENT_TUNING.finishWithinSeconds),
      after(impact, EVENT_TUNING.finishByImpactSeconds),
    ),
  );
  const finishFound = findFinish(h, bodySpeed, t, {
    peak: followPeak,
    impact,
    by: finishBy,
    slowMotion,
  });
  let finish = finishFound.frame;
  const cameToRest = finishFound.rested;
  const learnedFinish = learned('finish')
    ? learnedEvent('finish', s, { shot, rule: finish, top, impact })
    : null;
  if (learnedFinish) finish = learnedFinish.frame;

  const firstAtLeast = (from: number, to: number, level: number) => {
    for (let i = from; i <= to; i++) if (h[i]! >= level) return i;
    return to;
  };
  const firstAtMost = (from: number, to: number, level: number) => {
    for (let i = from; i <= to; i++) if (h[i]! <= level) return i;
    return to;
  };
  const rise = h[top]! - h[address]!;
  const { toeUpShare, midBackswingShare, midDownswingShare, midFollowThroughShare } = EVENT_TUNING;
  const toeUp = firstAtLeast(address, top, h[address]! + toeUpShare * rise);
  const midBackswing = firstAtLeast(address, top, h[address]! + midBackswingShare * rise);
  const midDownswing = firstAtMost(top, impact, h[address]! + midDownswingShare * rise);
  const followRise = h[finish]! - h[impact]!;
  const midFollowThrough = firstAtLeast(
    impact,
    finish,
    h[impact]! + midFollowThroughShare * followRise,
  );

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
  const guessed = EVENT_TUNING.fallbackConfidence;
  const sure = EVENT_TUNING.detectedConfidence;
  const backswingSeen = !swing.fromFollowThrough;
  const likely = (event: LearnedEvent, found: LearnedFrame | null) =>
    !found || found.likelihood >= UNSURE_LIKELIHOOD[event];
  const confidence: SwingEvents['confidence'] = {
    address:
      addressFound.rested && backswingSeen && likely('address', learnedAddress) ? sure : guessed,
    toeUp: backswingSeen ? sure : guessed,
    midBackswing: backswingSeen ? sure : guessed,
    top: backswingSeen && likely('top', learnedTop) ? sure : guessed,
    midDownswing: sure,
    impact: sure,
    midFollowThrough: sure,
    // The model's likelihood says more than whether the body came to rest (decision 0007).
    finish: (learnedFinish ? likely('finish', learnedFinish) : cameToRest) ? sure : guessed,
  };
  // Swings seen: falls into a follow-through at least a third as clear as the analysed one,
  // a replay's left out when the analysed swing was filmed in real time (it shows that swing).
  const replaySeen = !s.replayShots[swing.k] && s.replayShots.some(Boolean);
  const seen = found
    .filter((shot) => !replaySeen || !s.replayShots[shot.k])
    .flatMap((shot) => shot.seen)
    .filter((c) => c.clarity >= swing.clarity / 3);
  const swingsFound = Math.max(1, seen.length);
  const otherSwings = seen
    .filter((c) => c.impact !== swing.impact)
    .map(({ top, impact }) => ({ top, impact }));
  return { positions, basis, confidence, swingsFound, otherSwings, replaySeen };
}
