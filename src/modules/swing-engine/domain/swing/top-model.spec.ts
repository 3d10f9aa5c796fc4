import type { PoseTrack } from '../pose-track';
import { detectSwingEvents, EVENT_TUNING } from './swing-events';
import { swingSignals } from './swing-signals';
import { DEFAULT_SWING, syntheticTrack } from './synthetic-swing';
import {
  learnedTop,
  TOP_CANDIDATE_SECONDS,
  TOP_FEATURES,
  topCandidates,
  topScore,
} from './top-model';
import trainedTrees from './top-model.json';

/** The swing's context as detectSwingEvents gives it to the model: around the hands' rule top. */
function ruleContext(track: PoseTrack) {
  const s = swingSignals(track);
  const learned = EVENT_TUNING.learnedTop;
  EVENT_TUNING.learnedTop = false;
  try {
    const { top, impact } = detectSwingEvents(track, s).positions;
    return { s, context: { shot: s.shots[0]!, top, impact } };
  } finally {
    EVENT_TUNING.learnedTop = learned;
  }
}

describe('the learned top', () => {
  it('ships trees trained on the features the engine computes, in their order', () => {
    expect(trainedTrees.features).toEqual(TOP_FEATURES);
    expect(trainedTrees.trees.length).toBeGreaterThan(0);
  });

  it('chooses among the frames within 0.15 s (real time) of the rule top, each with every feature', () => {
    const { s, context } = ruleContext(syntheticTrack());
    const { frames, features } = topCandidates(s, context);
    // Real time: the downswing's length over a real one's 0.3 s (here about 1.1, no slow motion).
    const slowMotion = Math.max(1, (s.times[context.impact]! - s.times[context.top]!) / 0.3);
    const reach = TOP_CANDIDATE_SECONDS * slowMotion;
    const seconds = frames.map((i) => s.times[i]! - s.times[context.top]!);
    expect(Math.max(...seconds.map(Math.abs))).toBeLessThanOrEqual(reach + 1e-9);
    expect(frames).toEqual(frames.map((_, k) => frames[0]! + k)); // every frame in reach
    expect(frames[0]).toBeLessThan(context.top);
    expect(frames[frames.length - 1]).toBeGreaterThan(context.top);
    expect(features.every((row) => row.length === TOP_FEATURES.length)).toBe(true);
    expect(frames).toContain(learnedTop(s, context));
  });

  it('scores a mirrored swing (a left-handed golfer) as the swing itself', () => {
    const plain = ruleContext(syntheticTrack());
    const mirrored = ruleContext(syntheticTrack(DEFAULT_SWING, { mirrored: true }));
    const a = topCandidates(plain.s, plain.context).features;
    const b = topCandidates(mirrored.s, mirrored.context).features;
    expect(b).toHaveLength(a.length);
    a.forEach((row, k) => row.forEach((v, f) => expect(b[k]![f]).toBeCloseTo(v, 9)));
    expect(learnedTop(mirrored.s, mirrored.context)).toBe(learnedTop(plain.s, plain.context));
  });

  it("scores a candidate whose body points are missing (NaN) by the trees' own route", () => {
    const { s, context } = ruleContext(syntheticTrack());
    const [row] = topCandidates(s, context).features;
    const body = TOP_FEATURES.flatMap((name, f) => (name.startsWith('body') ? [f] : []));
    const blind = row!.map((v, f) => (body.includes(f) ? NaN : v));
    expect(Number.isFinite(topScore(blind))).toBe(true);
    // The trees read the body: without it the score is another.
    expect(topScore(blind)).not.toBe(topScore(row!));
  });
});
