import type { PoseTrack } from '../pose-track';
import {
  candidates,
  CANDIDATE_SECONDS,
  CHOSEN_BY,
  eventScore,
  LEARNED_FEATURES,
  learnedEvent,
  middleOfLikelihood,
  mostLikelyAround,
  RULE_KEPT_WITHIN,
  UNSURE_LIKELIHOOD,
  VOTE_SECONDS,
  type LearnedEvent,
} from './learned-events';
import addressTrees from './learned/address.json';
import finishTrees from './learned/finish.json';
import topTrees from './learned/top.json';
import { detectSwingEvents, EVENT_TUNING } from './swing-events';
import { swingSignals } from './swing-signals';
import { DEFAULT_SWING, syntheticTrack, withPictureChange } from './synthetic-swing';

const EVENTS: LearnedEvent[] = ['address', 'top', 'finish'];

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

/** Where the event's features read the picture's change. */
function pictureFeatures(event: LearnedEvent): number[] {
  return LEARNED_FEATURES[event].flatMap((name, f) => (name.startsWith('picture.') ? [f] : []));
}

describe('the learned address, top and finish', () => {
  it('ship trees trained on the features the engine computes, in their order', () => {
    for (const [event, trees] of [
      ['address', addressTrees],
      ['top', topTrees],
      ['finish', finishTrees],
    ] as const) {
      expect(trees.features).toEqual(LEARNED_FEATURES[event]);
      expect(trees.trees.length).toBeGreaterThan(0);
    }
  });

  it.each(EVENTS)(
    'the %s is chosen among the frames in reach (real time) of the rule, on its side of the top',
    (event) => {
      const { s, context } = ruleContext(event, withPictureChange(syntheticTrack()));
      const { frames, features } = candidates(event, s, context);
      // Real time: the downswing's length over a real one's 0.3 s (here about 1.1).
      const slowMotion = Math.max(1, (s.times[context.impact]! - s.times[context.top]!) / 0.3);
      const reach = CANDIDATE_SECONDS[event] * slowMotion;
      const seconds = frames.map((i) => s.times[i]! - s.times[context.rule]!);
      expect(Math.max(...seconds.map(Math.abs))).toBeLessThanOrEqual(reach + 1e-9);
      expect(frames).toEqual(frames.map((_, k) => frames[0]! + k)); // every frame in reach
      expect(frames).toContain(context.rule);
      if (event === 'address') expect(frames[frames.length - 1]).toBeLessThan(context.top);
      if (event === 'top') expect(frames[frames.length - 1]).toBeLessThan(context.impact);
      if (event === 'finish') expect(frames[0]).toBeGreaterThan(context.impact);
      expect(features.every((row) => row.length === LEARNED_FEATURES[event].length)).toBe(true);
      const { frame: chosen, likelihood } = learnedEvent(event, s, context)!;
      expect(frames).toContain(chosen);
      expect(likelihood).toBeGreaterThan(0);
      expect(likelihood).toBeLessThan(1);
      // The rule's frame stays unless the chosen one is clearly more likely.
      const margin = RULE_KEPT_WITHIN[event];
      if (margin !== null && chosen !== context.rule) {
        const offsets = features.map((row) => row[0]!);
        const around = (k: number) => {
          const near = features.filter(
            (row) => Math.abs(row[0]! - offsets[k]!) <= VOTE_SECONDS + 1e-9,
          );
          const scores = near.map((row) => 1 / (1 + Math.exp(-eventScore(event, row))));
          return scores.reduce((sum, p) => sum + p, 0) / scores.length;
        };
        const k = frames.indexOf(chosen);
        expect(around(k) - around(frames.indexOf(context.rule))).toBeGreaterThanOrEqual(margin);
      }
    },
  );

  it.each(EVENTS)(
    'scores a mirrored swing (a left-handed golfer) as the swing itself: %s',
    (event) => {
      const plain = ruleContext(event, withPictureChange(syntheticTrack()));
      const mirrored = ruleContext(
        event,
        withPictureChange(syntheticTrack(DEFAULT_SWING, { mirrored: true })),
      );
      const a = candidates(event, plain.s, plain.context).features;
      const b = candidates(event, mirrored.s, mirrored.context).features;
      expect(b).toHaveLength(a.length);
      a.forEach((row, k) =>
        row.forEach((v, f) => {
          if (Number.isNaN(v)) expect(b[k]![f]).toBeNaN();
          else expect(b[k]![f]).toBeCloseTo(v, 9);
        }),
      );
      expect(learnedEvent(event, mirrored.s, mirrored.context)).toEqual(
        learnedEvent(event, plain.s, plain.context),
      );
    },
  );

  it.each(EVENTS)('scores a %s candidate whose body points are missing (NaN)', (event) => {
    const { s, context } = ruleContext(event, withPictureChange(syntheticTrack()));
    const [row] = candidates(event, s, context).features;
    const body = LEARNED_FEATURES[event].flatMap((name, f) => (name.startsWith('body') ? [f] : []));
    const blind = row!.map((v, f) => (body.includes(f) ? NaN : v));
    expect(Number.isFinite(eventScore(event, blind))).toBe(true);
    // The trees read the body: without it the score is another.
    expect(eventScore(event, blind)).not.toBe(eventScore(event, row!));
  });

  it("reads the picture's change for the finish; the rule stands where none was measured", () => {
    const { s, context } = ruleContext('finish', withPictureChange(syntheticTrack()));
    const { features } = candidates('finish', s, context);
    const picture = pictureFeatures('finish');
    expect(picture).toHaveLength(2);
    const [near, ahead] = picture as [number, number];
    expect(features.every((row) => Number.isFinite(row[near]))).toBe(true);
    // Ahead of the clip's last frame nothing is measured.
    expect(features.slice(0, -1).every((row) => Number.isFinite(row[ahead]))).toBe(true);
    // A still picture around a candidate scores otherwise than a moving one.
    const row = features[0]!;
    const still = row.map((v, f) => (picture.includes(f) ? -3 : v));
    const moving = row.map((v, f) => (picture.includes(f) ? 3 : v));
    expect(eventScore('finish', still)).not.toBe(eventScore('finish', moving));
    // Posed at every other frame (a clip over 60 fps), no change is measured: the rule stands.
    const unmeasured = ruleContext('finish', syntheticTrack());
    expect(candidates('finish', unmeasured.s, unmeasured.context).features[0]![near]).toBeNaN();
    expect(learnedEvent('finish', unmeasured.s, unmeasured.context)).toBeNull();
    // The top's trees read no picture.
    expect(LEARNED_FEATURES.top.some((name) => name.startsWith('picture.'))).toBe(false);
  });

  it("reads the picture's change before and after an address; the rule stands without it", () => {
    const { s, context } = ruleContext('address', withPictureChange(syntheticTrack()));
    const { features } = candidates('address', s, context);
    const picture = pictureFeatures('address');
    // Five measures of the whole picture's change, five of the club's zone at address by the
    // change grid's cells, five of it pixel by pixel.
    expect(picture).toHaveLength(15);
    const [whole, cells, pixels] = [picture.slice(0, 5), picture.slice(5, 10), picture.slice(10)];
    const named = (fs: number[], prefix: string) =>
      fs.every((f) => LEARNED_FEATURES.address[f]!.startsWith(prefix));
    expect(named(cells, 'picture.club.') && named(pixels, 'picture.clubPixels.')).toBe(true);
    expect(features.every((row) => picture.every((f) => Number.isFinite(row[f])))).toBe(true);
    // Still before the frame and moving after it is an address; the reverse is not: in the
    // whole picture and the club's zone together, and in the zone alone (the club head's first
    // move, which the whole picture's most changed parts drown). The measures: around the
    // frame; the most after, before; the median after, before.
    const starting = [0, 2, -2, 2, -2];
    const stopping = [0, -2, 2, -2, 2];
    const still = [0, 0, 0, 0, 0];
    const row = features[0]!;
    const score = (wholeMeasures: number[], zoneMeasures: number[]) =>
      eventScore(
        'address',
        row.map((v, f) => {
          if (whole.includes(f)) return wholeMeasures[whole.indexOf(f)]!;
          if (cells.includes(f)) return zoneMeasures[cells.indexOf(f)]!;
          if (pixels.includes(f)) return zoneMeasures[pixels.indexOf(f)]!;
          return v;
        }),
      );
    expect(score(starting, starting)).toBeGreaterThan(score(stopping, stopping));
    expect(score(still, starting)).toBeGreaterThan(score(still, stopping));
    // No change measured (a clip over 60 fps): the rule's address stands.
    const unmeasured = ruleContext('address', syntheticTrack());
    expect(learnedEvent('address', unmeasured.s, unmeasured.context)).toBeNull();
  });

  it.each(EVENTS)('marks the %s uncertain where its likelihood is under its bar', (event) => {
    const track = withPictureChange(syntheticTrack());
    const s = swingSignals(track);
    const bar = UNSURE_LIKELIHOOD[event];
    try {
      UNSURE_LIKELIHOOD[event] = 0;
      expect(detectSwingEvents(track, s).confidence[event]).toBe(EVENT_TUNING.detectedConfidence);
      UNSURE_LIKELIHOOD[event] = 1;
      expect(detectSwingEvents(track, s).confidence[event]).toBe(EVENT_TUNING.fallbackConfidence);
    } finally {
      UNSURE_LIKELIHOOD[event] = bar;
    }
  });

  it('chooses the finish at the middle of its likelihood, not at its peak', () => {
    // A plateau over five frames (2 to 6) whose last frame peaks: the vote leans to the peak's
    // side, the median of the likelihood's square stays at the plateau's middle, whatever the
    // low tail after it.
    const likelihood = [0.05, 0.1, 0.6, 0.62, 0.6, 0.61, 0.75, 0.1, 0.05, 0.05, 0.05];
    const offsets = likelihood.map((_, k) => k / 30);
    expect(mostLikelyAround(offsets, likelihood)).toBe(5);
    expect(middleOfLikelihood(likelihood)).toBe(4);
    expect(middleOfLikelihood([...likelihood, ...Array<number>(6).fill(0.05)])).toBe(4);
    expect(middleOfLikelihood([])).toBe(-1);
    expect(CHOSEN_BY.finish).toBe('middle');
    expect(CHOSEN_BY.top).toBe('peak');
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
