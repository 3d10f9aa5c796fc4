import type { Shot, SwingSignals } from './swing-signals';
import trainedTrees from './top-model.json';

/**
 * The top, chosen by a learned score among the frames around the hand rule's top (decision
 * 0007): the club changes direction at the top, which the hands alone pin down only to a frame
 * or two; how the arms, shoulders and hips move around that moment tells more. The score is a
 * boosted tree ensemble trained on the corpus's tuning clips (`npm run top-model:data`, then
 * scripts/train-top-model.py); the validation clips never reach it.
 */

/** Candidates lie within this long (real time) of the hand rule's top. */
export const TOP_CANDIDATE_SECONDS = 0.15;
/**
 * The top is the candidate with the most likelihood within this long (real time) of it, its
 * own included: a frame whose neighbours score high too, not a lone peak (at 30 fps, +-1 frame:
 * the tolerance most clips are judged with).
 */
export const TOP_VOTE_SECONDS = 0.04;

/** Where the rule put the top, in its swing: what the candidates and features are relative to. */
export interface TopContext {
  shot: Shot;
  /** The hand rule's top and the swing's impact (indices into the track's frames). */
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
  /** The order features are computed in (topFeatures), checked at load. */
  features: string[];
  baseline: number;
  trees: Tree[];
}

const MODEL: TreeEnsemble = trainedTrees;

/** Time spans (real seconds, each side) of the hands' and the body's speeds. */
const HAND_SPANS = [0.02, 0.04, 0.08, 0.16];
const BODY_SPANS = [0.04, 0.12];
/** BODY_POINTS' order (swing-signals): nose, then left/right pairs to swap for a mirrored swing. */
const MIRRORED_BODY = [0, 2, 1, 4, 3, 6, 5, 8, 7];

/** The feature names, in order: written beside the trees and checked against them. */
export const TOP_FEATURES: readonly string[] = [
  'secondsFromRuleTop',
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

if (MODEL.features.join() !== TOP_FEATURES.join()) {
  throw new Error('top-model.json was trained on other features: run scripts/train-top-model.py');
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
 * The frames the top is chosen among and each one's features. Mirror-free: across the image is
 * measured from the top towards impact's side, and the body's left and right points swap with
 * it, so a left-handed golfer's swing scores like a right-handed one's.
 */
export function topCandidates(
  s: SwingSignals,
  { shot, top, impact }: TopContext,
): { frames: number[]; features: number[][] } {
  const [first, last] = shot;
  const t = s.times.slice(first, last + 1);
  const slowMotion = Math.max(1, (s.times[impact]! - s.times[top]!) / 0.3);
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

  const frames: number[] = [];
  const features: number[][] = [];
  for (let i = first; i <= last; i++) {
    const time = s.times[i]!;
    if (Math.abs(time - s.times[top]!) / slowMotion > TOP_CANDIDATE_SECONDS) continue;
    const row = [
      (time - s.times[top]!) / slowMotion,
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
          for (const series of point)
            row.push((series.at(time + dt) - series.at(time - dt)) / (2 * span));
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

/** How likely a frame is the top (log-odds): the ensemble's raw score. */
export function topScore(x: number[]): number {
  return MODEL.trees.reduce((sum, tree) => sum + treeValue(tree, x), MODEL.baseline);
}

/** The top: the candidate with the most likelihood around it (TOP_VOTE_SECONDS). */
export function learnedTop(s: SwingSignals, context: TopContext): number {
  const { frames, features } = topCandidates(s, context);
  // The first feature is the candidate's real-time offset from the rule's top.
  const offsets = features.map((row) => row[0]!);
  const likelihood = features.map((row) => 1 / (1 + Math.exp(-topScore(row))));
  let best = context.top;
  let bestVotes = -Infinity;
  frames.forEach((frame, k) => {
    const votes = likelihood.reduce(
      (sum, p, q) =>
        Math.abs(offsets[q]! - offsets[k]!) <= TOP_VOTE_SECONDS + 1e-9 ? sum + p : sum,
      0,
    );
    if (votes > bestVotes) {
      best = frame;
      bestVotes = votes;
    }
  });
  return best;
}
