import type { Shot, SwingSignals } from './swing-signals';
import topTrees from './learned/top.json';
import finishTrees from './learned/finish.json';

/**
 * The top and the finish, chosen by a learned score among the frames around where the hand and
 * body rules put them (decision 0007). The rules find the moment to a frame or two (the top) or
 * a few tenths of a second (the finish); how the arms, shoulders and hips move around it tells
 * more. Each score is a boosted tree ensemble trained on the corpus's tuning clips
 * (`npm run learned-events:data`, then scripts/train-learned-events.py); the validation clips
 * never reach it.
 */
export type LearnedEvent = 'top' | 'finish';

/**
 * How far (real time) from the rule's frame the candidates reach: the top's rule is off by a
 * frame or two, the finish's by up to half a second (a golfer who settles slowly).
 */
export const CANDIDATE_SECONDS: Record<LearnedEvent, number> = { top: 0.15, finish: 0.8 };
/**
 * The chosen frame is the candidate with the most likelihood within this long (real time) of
 * it, its own included: a frame whose neighbours score high too, not a lone peak (at 24 to 30
 * fps, +-1 frame: the tolerance most clips are judged with). At 0.04 s a 24 fps clip's
 * neighbours (0.042 s away; broadcast pulldown read at its filmed rate) were left out and the
 * frame voted alone; at 0.045 every top that moved came nearer its label (research note 0007).
 */
export const VOTE_SECONDS = 0.045;
/**
 * The rule's frame stays when the chosen one is within this long (real time) of it. The finish
 * model learned from candidates right within three tolerances, a few tenths of a second: it
 * finds a finish the rule missed by more, while nearer the rule's frame, where the body comes
 * to rest, is the more precise (in cross-validation on the tuning clips, within three
 * tolerances 53 of 92 finishes against the rule's 46; with no such margin 56.5, but the shared
 * clips' finishes fell from 5 of 6 to 2 within one tolerance).
 */
export const KEEP_RULE_SECONDS: Record<LearnedEvent, number> = { top: 0, finish: 0.3 };

/** The rule's frame for the event, in its swing: what candidates and features are relative to. */
export interface LearnedEventContext {
  shot: Shot;
  /** The rule's frame, the swing's top and impact (indices into the track's frames). */
  rule: number;
  top: number;
  impact: number;
}

/** One regression tree, as flat arrays by node; a leaf has left === -1. */
interface Tree {
  feature: number[];
  threshold: number[];
  /** Where a missing (NaN) value goes: 1 left, 0 right. */
  missingLeft: number[];
  left: number[];
  right: number[];
  value: number[];
}

interface TreeEnsemble {
  /** The order features are computed in (LEARNED_FEATURES), checked at load. */
  features: string[];
  baseline: number;
  trees: Tree[];
}

/**
 * Real time here is the clip's time over the downswing's (top to impact) share of a real one's
 * 0.3 s, as in swing-events' slowMotionFactor. Fixed here, not read from EVENT_TUNING: the trees
 * were trained on features measured so.
 */
const REAL_DOWNSWING_SECONDS = 0.3;
/** Time spans (real seconds, each side) of the hands' and the body's speeds. */
const HAND_SPANS = [0.02, 0.04, 0.08, 0.16];
const BODY_SPANS = [0.04, 0.12];
/** BODY_POINTS' order (swing-signals): nose, then left/right pairs to swap for a mirrored swing. */
const MIRRORED_BODY = [0, 2, 1, 4, 3, 6, 5, 8, 7];

/** The feature names, in order: written beside the trees and checked against them. */
export const LEARNED_FEATURES: readonly string[] = [
  'secondsFromRule',
  'secondsFromImpact',
  'handHeightOfDrop',
  ...HAND_SPANS.flatMap((span) =>
    ['height', 'across', 'down'].flatMap((axis) => [
      `hand.${axis}.speed@${span}`,
      `hand.${axis}.acceleration@${span}`,
    ]),
  ),
  ...MIRRORED_BODY.flatMap((_, k) =>
    BODY_SPANS.flatMap((span) => [`body${k}.across.speed@${span}`, `body${k}.down.speed@${span}`]),
  ),
];

const MODELS: Record<LearnedEvent, TreeEnsemble> = { top: topTrees, finish: finishTrees };
for (const [event, model] of Object.entries(MODELS)) {
  if (model.features.join() !== LEARNED_FEATURES.join()) {
    throw new Error(`learned/${event}.json was trained on other features: retrain it`);
  }
}

/** A series sampled at sorted times, read at any time by linear interpolation (held at the ends). */
class Series {
  constructor(
    private readonly times: number[],
    private readonly values: number[],
  ) {}

  at(time: number): number {
    const { times, values } = this;
    const n = times.length;
    if (time <= times[0]!) return values[0]!;
    if (time >= times[n - 1]!) return values[n - 1]!;
    let lo = 0;
    let hi = n - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (times[mid]! <= time) lo = mid;
      else hi = mid;
    }
    const f = (time - times[lo]!) / (times[hi]! - times[lo]!);
    return values[lo]! + f * (values[hi]! - values[lo]!);
  }
}

/**
 * The frames the event is chosen among and each one's features: within CANDIDATE_SECONDS of
 * the rule's frame, before impact for the top and after it for the finish. Mirror-free: across
 * the image is measured from the top towards impact's side, and the body's left and right
 * points swap with it, so a left-handed golfer's swing scores like a right-handed one's.
 */
export function candidates(
  event: LearnedEvent,
  s: SwingSignals,
  { shot, rule, top, impact }: LearnedEventContext,
): { frames: number[]; features: number[][] } {
  const [first, last] = shot;
  const t = s.times.slice(first, last + 1);
  const slowMotion = Math.max(1, (s.times[impact]! - s.times[top]!) / REAL_DOWNSWING_SECONDS);
  const drop = Math.max(s.handHeight[top]! - s.handHeight[impact]!, 1e-3);
  const across = Math.sign(s.handX[impact]! - s.handX[top]!) || 1;
  const shotSeries = (values: number[]) => new Series(t, values.slice(first, last + 1));
  const hands = [
    shotSeries(s.handHeight),
    shotSeries(s.handX.map((x) => across * x)),
    shotSeries(s.handY),
  ];
  const body = MIRRORED_BODY.map((from, k) => {
    const point = across > 0 ? k : from;
    const posed = t.flatMap((time, q) => {
      const p = s.body[first + q]?.[point];
      return p ? [{ time, x: across * p.x, y: p.y }] : [];
    });
    if (posed.length === 0) return null;
    const times = posed.map((p) => p.time);
    return [
      new Series(
        times,
        posed.map((p) => p.x),
      ),
      new Series(
        times,
        posed.map((p) => p.y),
      ),
    ];
  });

  const [from, to] = event === 'top' ? [first, impact - 1] : [impact + 1, last];
  const frames: number[] = [];
  const features: number[][] = [];
  for (let i = from; i <= to; i++) {
    const time = s.times[i]!;
    if (Math.abs(time - s.times[rule]!) / slowMotion > CANDIDATE_SECONDS[event]) continue;
    const row = [
      (time - s.times[rule]!) / slowMotion,
      (time - s.times[impact]!) / slowMotion,
      (s.handHeight[i]! - s.handHeight[impact]!) / drop,
    ];
    for (const span of HAND_SPANS) {
      const dt = span * slowMotion;
      for (const series of hands) {
        const [before, now, after] = [series.at(time - dt), series.at(time), series.at(time + dt)];
        row.push((after - before) / (2 * span) / drop);
        row.push((after - 2 * now + before) / (span * span) / drop / 100);
      }
    }
    for (const point of body) {
      for (const span of BODY_SPANS) {
        const dt = span * slowMotion;
        if (!point) row.push(NaN, NaN);
        else
          for (const series of point) {
            row.push((series.at(time + dt) - series.at(time - dt)) / (2 * span));
          }
      }
    }
    frames.push(i);
    features.push(row);
  }
  return { frames, features };
}

function treeValue(tree: Tree, x: number[]): number {
  let node = 0;
  while (tree.left[node] !== -1) {
    const v = x[tree.feature[node]!]!;
    const goLeft = Number.isNaN(v) ? tree.missingLeft[node] === 1 : v <= tree.threshold[node]!;
    node = goLeft ? tree.left[node]! : tree.right[node]!;
  }
  return tree.value[node]!;
}

/** How likely a candidate is the event (log-odds): the ensemble's raw score. */
export function eventScore(event: LearnedEvent, x: number[]): number {
  const model = MODELS[event];
  return model.trees.reduce((sum, tree) => sum + treeValue(tree, x), model.baseline);
}

/** A learned event's frame, and how likely the model found the frames around it. */
export interface LearnedFrame {
  frame: number;
  /**
   * The mean likelihood of the candidates within VOTE_SECONDS of the frame, 0..1. Below
   * UNSURE_LIKELIHOOD the event is marked uncertain.
   */
  likelihood: number;
}

/**
 * Below this likelihood around the chosen frame, the event is uncertain: in cross-validation on
 * the tuning clips, 14 of 306 tops fell below it and 5 of those were right (250 of the other
 * 292); 31 of 276 finishes, 8 right within three tolerances (147 of the other 245).
 */
export const UNSURE_LIKELIHOOD = 0.3;

/**
 * The event's frame: the candidate with the most likelihood around it (VOTE_SECONDS), or the
 * rule's own when the chosen one is near it (KEEP_RULE_SECONDS); null when the rule's frame has
 * no candidates round it (it then stands, judged by the rule alone).
 */
export function learnedEvent(
  event: LearnedEvent,
  s: SwingSignals,
  context: LearnedEventContext,
): LearnedFrame | null {
  const { frames, features } = candidates(event, s, context);
  // The first feature is the candidate's real-time offset from the rule's frame.
  const offsets = features.map((row) => row[0]!);
  const likelihood = features.map((row) => 1 / (1 + Math.exp(-eventScore(event, row))));
  const best = mostLikelyAround(offsets, likelihood);
  const chosen =
    best >= 0 && Math.abs(offsets[best]!) > KEEP_RULE_SECONDS[event]
      ? best
      : frames.indexOf(context.rule);
  if (chosen < 0) return null;
  const near = likelihoodsAround(offsets, likelihood, chosen);
  return { frame: frames[chosen]!, likelihood: near.reduce((sum, p) => sum + p, 0) / near.length };
}

/** The likelihoods of the candidates within VOTE_SECONDS (real time) of candidate `k`. */
function likelihoodsAround(offsets: number[], likelihood: number[], k: number): number[] {
  return likelihood.filter((_, q) => Math.abs(offsets[q]! - offsets[k]!) <= VOTE_SECONDS + 1e-9);
}

/**
 * The candidate (by position) with the most likelihood within VOTE_SECONDS of it; -1 without
 * candidates. `offsets` are the candidates' real times, `likelihood` their scores (0..1).
 */
export function mostLikelyAround(offsets: number[], likelihood: number[]): number {
  const votes = offsets.map((_, k) =>
    likelihoodsAround(offsets, likelihood, k).reduce((sum, p) => sum + p, 0),
  );
  return votes.indexOf(Math.max(...votes));
}
