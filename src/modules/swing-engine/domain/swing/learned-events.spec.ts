import type { PoseTrack } from '../pose-track';
import {
  candidates,
  CANDIDATE_SECONDS,
  eventScore,
  KEEP_RULE_SECONDS,
  LEARNED_FEATURES,
  learnedEvent,
  mostLikelyAround,
  type LearnedEvent,
} from './learned-events';
import finishTrees from './learned/finish.json';
import topTrees from './learned/top.json';
import { detectSwingEvents, EVENT_TUNING } from './swing-events';
import { swingSignals } from './swing-signals';
import { DEFAULT_SWING, syntheticTrack } from './synthetic-swing';

const EVENTS: LearnedEvent[] = ['top', 'finish'];

/** The event's context as detectSwingEvents gives it to the model: around the rule's frame. */
function ruleContext(event: LearnedEvent, track: PoseTrack) {
  const s = swingSignals(track);
  const learned = EVENT_TUNING.learned[event];
  EVENT_TUNING.learned[event] = false;
  try {
    const positions = detectSwingEvents(track, s).positions;
    const { top, impact } = positions;
    return { s, context: { shot: s.shots[0]!, rule: positions[event], top, impact } };
  } finally {
    EVENT_TUNING.learned[event] = learned;
  }
}

describe('the learned top and finish', () => {
  it('ship trees trained on the features the engine computes, in their order', () => {
    for (const trees of [topTrees, finishTrees]) {
      expect(trees.features).toEqual(LEARNED_FEATURES);
      expect(trees.trees.length).toBeGreaterThan(0);
    }
  });

  it.each(EVENTS)(
    'the %s is chosen among the frames in reach (real time) of the rule, on its side of impact',
    (event) => {
      const { s, context } = ruleContext(event, syntheticTrack());
      const { frames, features } = candidates(event, s, context);
      // Real time: the downswing's length over a real one's 0.3 s (here about 1.1).
      const slowMotion = Math.max(1, (s.times[context.impact]! - s.times[context.top]!) / 0.3);
      const reach = CANDIDATE_SECONDS[event] * slowMotion;
      const seconds = frames.map((i) => s.times[i]! - s.times[context.rule]!);
      expect(Math.max(...seconds.map(Math.abs))).toBeLessThanOrEqual(reach + 1e-9);
      expect(frames).toEqual(frames.map((_, k) => frames[0]! + k)); // every frame in reach
      expect(frames).toContain(context.rule);
      if (event === 'top') expect(frames[frames.length - 1]).toBeLessThan(context.impact);
      else expect(frames[0]).toBeGreaterThan(context.impact);
      expect(features.every((row) => row.length === LEARNED_FEATURES.length)).toBe(true);
      const { frame: chosen, likelihood } = learnedEvent(event, s, context)!;
      expect(frames).toContain(chosen);
      expect(likelihood).toBeGreaterThan(0);
      expect(likelihood).toBeLessThan(1);
      // Near the rule's frame, the rule's frame.
      const away = Math.abs(s.times[chosen]! - s.times[context.rule]!) / slowMotion;
      if (away <= KEEP_RULE_SECONDS[event]) expect(chosen).toBe(context.rule);
    },
  );

  it.each(EVENTS)(
    'scores a mirrored swing (a left-handed golfer) as the swing itself: %s',
    (event) => {
      const plain = ruleContext(event, syntheticTrack());
      const mirrored = ruleContext(event, syntheticTrack(DEFAULT_SWING, { mirrored: true }));
      const a = candidates(event, plain.s, plain.context).features;
      const b = candidates(event, mirrored.s, mirrored.context).features;
      expect(b).toHaveLength(a.length);
      a.forEach((row, k) => row.forEach((v, f) => expect(b[k]![f]).toBeCloseTo(v, 9)));
      expect(learnedEvent(event, mirrored.s, mirrored.context)).toEqual(
        learnedEvent(event, plain.s, plain.context),
      );
    },
  );

  it.each(EVENTS)('scores a %s candidate whose body points are missing (NaN)', (event) => {
    const { s, context } = ruleContext(event, syntheticTrack());
    const [row] = candidates(event, s, context).features;
    const body = LEARNED_FEATURES.flatMap((name, f) => (name.startsWith('body') ? [f] : []));
    const blind = row!.map((v, f) => (body.includes(f) ? NaN : v));
    expect(Number.isFinite(eventScore(event, blind))).toBe(true);
    // The trees read the body: without it the score is another.
    expect(eventScore(event, blind)).not.toBe(eventScore(event, row!));
  });

  it('chooses the frame whose neighbours score high too, at 24 fps as at 30', () => {
    // A lone peak beside a plateau of two frames: the plateau's later frame wins, its
    // neighbours counted, at a film's 24 frames a second (0.042 s apart) as at 30.
    const likelihood = [0.1, 0.9, 0.2, 0.8, 0.85, 0.3];
    for (const fps of [24, 25, 30]) {
      const offsets = likelihood.map((_, k) => (k - 2) / fps);
      expect(mostLikelyAround(offsets, likelihood)).toBe(4);
    }
  });
});
