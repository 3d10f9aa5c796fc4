import { median } from './signal';
import type { Shot, SwingSignals } from './swing-signals';
import topTrees from './learned/top.json';
import finishTrees from './learned/finish.json';
import addressTrees from './learned/address.json';

/**
 * The address, the top and the finish, chosen by a learned score among the frames around where
 * the hand and body rules put them (decision 0007). The rules find the moment to a frame or two
 * (the top) or a few tenths of a second (the address, the finish); how the arms, shoulders and
 * hips move around it tells more, and for the address and the finish how much the picture
 * changes (the club, which no landmark follows, starting back or coming to rest). Each score is
 * a boosted tree ensemble trained on the corpus's tuning clips (`npm run learned-events:data`,
 * then scripts/train-learned-events.py); the validation clips never reach it.
 */
export type LearnedEvent = 'address' | 'top' | 'finish';

/**
 * How far (real time) from the rule's frame the candidates reach: the top's rule is off by a
 * frame or two, the finish's by up to half a second (a golfer who settles slowly), the
 * address's by a few tenths (the club head moves before the hands; a waggle reads as the rest).
 */
export const CANDIDATE_SECONDS: Record<LearnedEvent, number> = {
  address: 0.5,
  top: 0.15,
  finish: 0.8,
};
/**
 * The peak (CHOSEN_BY) is the candidate with the most likelihood within this long (real time)
 * of it, its own included: a frame whose neighbours score high too, not a lone peak (at 24 to 30
 * fps, +-1 frame: the tolerance most clips are judged with). At 0.04 s a 24 fps clip's
 * neighbours (0.042 s away; broadcast pulldown read at its filmed rate) were left out and the
 * frame voted alone; at 0.045 every top that moved came nearer its label (research note 0007).
 */
export const VOTE_SECONDS = 0.045;
/**
 * How each event's frame is chosen among its candidates: the peak (the most likelihood within
 * VOTE_SECONDS, mostLikelyAround) for the moments the trees pin to a frame or two, or the middle
 * (middleOfLikelihood) for the finish, a gradual event whose likelihood lies over a plateau of
 * several frames: there the peak falls anywhere on it with the picture's noise. In
 * cross-validation on the tuning clips (three 5-fold runs), the finish within three tolerances:
 * 97.3 of 137 by the middle, 89.3 by the peak (89.0 with the rule kept within 0.1), within the
 * tolerance 51.3 and 50.3; the address loses by it (66.7 against 70.0 of 144).
 */
export const CHOSEN_BY: Record<LearnedEvent, 'peak' | 'middle'> = {
  address: 'peak',
  top: 'peak',
  finish: 'middle',
};
/**
 * The rule's frame stays unless the chosen frame is this much more likely than it (the mean
 * likelihood within VOTE_SECONDS of each), or null: the chosen frame always (the top, and the
 * finish chosen by the middle of its likelihood, see CHOSEN_BY: a margin there kept the rule's
 * frame where the middle's neighbours were less likely than the rule's, 87.3 of 137 against 97.3
 * without). The address's trees learn the corpus's labels, which sit a tolerance before the owner's
 * on the shared fixtures: in cross-validation, 70.0 of 144 tuning addresses right with no margin,
 * 67.0 at 0.1, 57.7 at 0.3 (the rule 45); 0.1 is the least at which every fixture keeps its address
 * or comes nearer the owner's label.
 */
export const RULE_KEPT_WITHIN: Record<LearnedEvent, number | null> = {
  address: 0.1,
  top: null,
  finish: null,
};

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
/**
 * The picture's change (how much of it moves: the club, which no landmark follows) around a
 * frame, and over this span (real seconds) after it and, for the address, before it; each over
 * its median among the candidates. The finish is where the club comes to rest and stays so; the
 * address where a still picture starts to move.
 */
const PICTURE_NEAR_SECONDS = 0.04;
const PICTURE_SPAN_SECONDS = 0.17;
/** Grey levels added to the picture's change before the ratio: a still picture's noise. */
const PICTURE_FLOOR = 0.5;
/** BODY_POINTS' order (swing-signals): nose, then left/right pairs to swap for a mirrored swing. */
const MIRRORED_BODY = [0, 2, 1, 4, 3, 6, 5, 8, 7];

/** What every event's trees read: the pose around the candidate. */
const POSE_FEATURES: readonly string[] = [
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

/** The address's five measures of a change series (see changeFeatures), under a name. */
const addressChangeFeatures = (name: string) => [
  `${name}.change@${PICTURE_NEAR_SECONDS}`,
  `${name}.changeAhead@${PICTURE_SPAN_SECONDS}`,
  `${name}.changeBehind@${PICTURE_SPAN_SECONDS}`,
  `${name}.medianAhead@${PICTURE_SPAN_SECONDS}`,
  `${name}.medianBehind@${PICTURE_SPAN_SECONDS}`,
];

/**
 * Each event's feature names, in order: written beside its trees and checked against them. The
 * finish reads the picture's change as well (the club coming to rest: in cross-validation on
 * the tuning clips it raised the finishes right); the top's trees did no better with it. The
 * address reads it before and after the frame too: still, then the club starting back; and the
 * same in the zone where the club rests at address (PoseFrame.clubChange), where the club
 * head's first move shows (in cross-validation 67.0 of 144 tuning addresses right against 59.3
 * without it; the finish did no better with it), and that zone again pixel by pixel
 * (PoseFrame.clubPixelChange: 75.0 against 66.7 without it, decision 0007).
 */
export const LEARNED_FEATURES: Record<LearnedEvent, readonly string[]> = {
  address: [
    ...POSE_FEATURES,
    ...addressChangeFeatures('picture'),
    ...addressChangeFeatures('picture.club'),
    ...addressChangeFeatures('picture.clubPixels'),
  ],
  top: POSE_FEATURES,
  finish: [
    ...POSE_FEATURES,
    `picture.change@${PICTURE_NEAR_SECONDS}`,
    `picture.changeAhead@${PICTURE_SPAN_SECONDS}`,
  ],
};

const MODELS: Record<LearnedEvent, TreeEnsemble> = {
  address: addressTrees,
  top: topTrees,
  finish: finishTrees,
};

/**
 * The event's trees, checked against the features the engine computes when first used (not at
 * load: `learned-events:data` writes the data to retrain them with the event's model off).
 */
function modelOf(event: LearnedEvent): TreeEnsemble {
  const model = MODELS[event];
  if (model.features.join() !== LEARNED_FEATURES[event].join()) {
    throw new Error(`learned/${event}.json was trained on other features: retrain it`);
  }
  return model;
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
 * the rule's frame, before the top for the address, before impact for the top and after it for
 * the finish. Mirror-free: across the image is measured from the top towards impact's side, and
 * the body's left and right points swap with it, so a left-handed golfer's swing scores like a
 * right-handed one's.
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

  const [from, to] = {
    address: [first, top - 1],
    top: [first, impact - 1],
    finish: [impact + 1, last],
  }[event];
  const frames: number[] = [];
  for (let i = from; i <= to; i++) {
    if (Math.abs(s.times[i]! - s.times[rule]!) / slowMotion <= CANDIDATE_SECONDS[event]) {
      frames.push(i);
    }
  }
  const changes = (series: number[]) => changeFeatures(series, s.times, shot, frames, slowMotion);
  const picture = event === 'top' ? null : changes(s.pictureChange);
  const club = event === 'address' ? changes(s.clubChange) : null;
  const clubPixels = event === 'address' ? changes(s.clubPixelChange) : null;
  const features = frames.map((i) => {
    const time = s.times[i]!;
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
    // The finish reads the first two of the picture's measures, the address all five of each.
    if (picture) row.push(...(event === 'finish' ? picture(i).slice(0, 2) : picture(i)));
    if (club) row.push(...club(i));
    if (clubPixels) row.push(...clubPixels(i));
    return row;
  });
  return { frames, features };
}

/**
 * A change series' measures at a candidate frame, each as the log of its ratio to the series'
 * median over the candidates: around the frame (PICTURE_NEAR_SECONDS); the most and the median
 * over the span (PICTURE_SPAN_SECONDS) after it and before it, in the order the most after, the
 * most before, the median after, the median before. NaN (a missing value to the trees) where
 * nothing was measured.
 */
function changeFeatures(
  series: number[],
  times: number[],
  shot: Shot,
  frames: number[],
  slowMotion: number,
): (i: number) => number[] {
  const usual = median(frames.map((i) => series[i]!));
  const ratio = (change: number) => Math.log((change + PICTURE_FLOOR) / (usual + PICTURE_FLOOR));
  const most = (changes: number[]) => (changes.length > 0 ? ratio(Math.max(...changes)) : NaN);
  const near = PICTURE_NEAR_SECONDS * slowMotion;
  const span = PICTURE_SPAN_SECONDS * slowMotion;
  return (i) => {
    const around = (from: number, to: number) => changesNear(series, times, shot, i, from, to);
    const ahead = around(1e-9, span);
    const behind = around(-span, -1e-9);
    return [
      ratio(median(around(-near, near))),
      most(ahead),
      most(behind),
      // The median of none is NaN.
      ratio(median(ahead)),
      ratio(median(behind)),
    ];
  };
}

/**
 * A series' values measured at the frames of the shot from `from` to `to` seconds (inclusive)
 * after frame i, walking out from i only as far as the span reaches.
 */
function changesNear(
  series: number[],
  times: number[],
  [first, last]: Shot,
  i: number,
  from: number,
  to: number,
): number[] {
  const [start, end] = [times[i]! + from, times[i]! + to];
  let lo = i;
  while (lo > first && times[lo - 1]! >= start) lo--;
  if (times[lo]! < start) lo++;
  let hi = i;
  while (hi < last && times[hi + 1]! <= end) hi++;
  if (times[hi]! > end) hi--;
  return series.slice(lo, hi + 1).filter(Number.isFinite);
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
  const model = modelOf(event);
  return model.trees.reduce((sum, tree) => sum + treeValue(tree, x), model.baseline);
}

/** A learned event's frame, and how likely the model found the frames around it. */
export interface LearnedFrame {
  frame: number;
  /**
   * The mean likelihood of the candidates within VOTE_SECONDS of the frame, 0..1. Below
   * the event's UNSURE_LIKELIHOOD it is marked uncertain.
   */
  likelihood: number;
}

/**
 * Below this likelihood around the chosen frame, the event is uncertain. In cross-validation on
 * the tuning clips (three 5-fold runs): 14 of 306 tops fell below 0.3 and 5 of those were right
 * (250 of the other 292); 15 of 411 finishes (chosen by the middle), 5 right within three
 * tolerances (287 of the other 396); 92 of 432 addresses below 0.2, 24 right (177 of the
 * other 340). The address is right half as often as the others, so its bar sits lower: at 0.3
 * it would mark 166 uncertain, 51 of them right.
 */
export const UNSURE_LIKELIHOOD: Record<LearnedEvent, number> = {
  address: 0.2,
  top: 0.3,
  finish: 0.3,
};

/**
 * The event's frame: the candidate with the most likelihood around it (VOTE_SECONDS) or at its
 * middle (CHOSEN_BY), or the rule's own unless that one is clearly more likely
 * (RULE_KEPT_WITHIN); null when the rule's frame has no candidates round it, or the picture's
 * change the trees read was not measured there (a clip over 60 fps, posed at every other frame):
 * the rule's frame then stands, judged by the rule alone.
 */
export function learnedEvent(
  event: LearnedEvent,
  s: SwingSignals,
  context: LearnedEventContext,
): LearnedFrame | null {
  const { frames, features } = candidates(event, s, context);
  const picture = LEARNED_FEATURES[event].flatMap((name, f) =>
    name.startsWith('picture.') ? [f] : [],
  );
  if (picture.length > 0 && !features.some((row) => picture.some((f) => Number.isFinite(row[f])))) {
    return null;
  }
  // The first feature is the candidate's real-time offset from the rule's frame.
  const offsets = features.map((row) => row[0]!);
  const likelihood = features.map((row) => 1 / (1 + Math.exp(-eventScore(event, row))));
  const meanAround = (k: number) => {
    const near = likelihoodsAround(offsets, likelihood, k);
    return near.reduce((sum, p) => sum + p, 0) / near.length;
  };
  const best =
    CHOSEN_BY[event] === 'peak'
      ? mostLikelyAround(offsets, likelihood)
      : middleOfLikelihood(likelihood);
  const rule = frames.indexOf(context.rule);
  const margin = RULE_KEPT_WITHIN[event];
  const chosen =
    best >= 0 && (margin === null || rule < 0 || meanAround(best) - meanAround(rule) >= margin)
      ? best
      : rule;
  if (chosen < 0) return null;
  return { frame: frames[chosen]!, likelihood: meanAround(chosen) };
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

/**
 * The candidate (by position, in time order) at the median of the likelihood's square: the
 * middle of where the trees place the event, the flat low tails weighing little; -1 without
 * candidates.
 */
export function middleOfLikelihood(likelihood: number[]): number {
  const weights = likelihood.map((p) => p * p);
  const half = weights.reduce((sum, w) => sum + w, 0) / 2;
  let below = 0;
  for (let k = 0; k < weights.length; k++) {
    below += weights[k]!;
    if (below >= half) return k;
  }
  return -1; // no candidates: otherwise the running total reaches half within the loop
}
