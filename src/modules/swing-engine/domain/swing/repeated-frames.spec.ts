import { findPulldown, findReplays, withoutRepeatedFrames } from './repeated-frames';
import { detectSwingEvents } from './swing-events';
import { swingSignals } from './swing-signals';
import {
  DEFAULT_SWING,
  shownAs,
  syntheticTrack,
  withPictureChange,
  withPulldown,
  withReplay,
} from './synthetic-swing';

describe('pulldown: repeated frames', () => {
  const filmed = syntheticTrack({ ...DEFAULT_SWING, fps: 24 });

  it('finds a frame repeated after every fourth and drops it, retimed to 24 frames a second', () => {
    const shown = withPulldown(filmed, 4);
    expect(findPulldown(shown.frames)).toEqual({ period: 5, phase: 4 });
    const track = withoutRepeatedFrames(shown);
    expect(track.fps).toBeCloseTo(24);
    expect(track.frames).toHaveLength(filmed.frames.length);
    expect(track.frames.every((f) => f.index % 5 !== 4)).toBe(true);
    track.frames.forEach((f, n) => expect(f.time).toBeCloseTo(n / 24, 6));
  });

  it('places the events on the frames shown, as on the film without repeats', () => {
    const track = withoutRepeatedFrames(withPulldown(filmed, 4));
    const shown = detectSwingEvents(track, swingSignals(track)).positions;
    // The film alone, its picture's change measured as in the clip shown.
    const alone = withPictureChange(filmed);
    const truth = detectSwingEvents(alone, swingSignals(alone)).positions;
    for (const event of ['address', 'top', 'impact', 'finish'] as const) {
      // Film frame n is shown as frame n + floor(n / 4).
      const n = truth[event];
      expect(track.frames[shown[event]]!.index).toBe(n + Math.floor(n / 4));
    }
  });

  it('keeps a coarse pose of a repeated picture whose first showing was not posed', () => {
    const shown = withPulldown(filmed, 4);
    // Every sixth frame before the swing only, as the coarse pass poses it: frame 24 repeats 23.
    const coarse = shown.frames.filter((f) => f.time >= 1 || f.index % 6 === 0);
    const track = withoutRepeatedFrames({ ...shown, frames: coarse });
    expect(track.frames.map((f) => f.index)).toContain(24);
    expect(track.frames.map((f) => f.index)).not.toContain(39);
  });

  it('finds 25 frames shown as 30 (every fifth repeated)', () => {
    const filmed25 = syntheticTrack({ ...DEFAULT_SWING, fps: 25 });
    expect(findPulldown(withPulldown(filmed25, 5).frames)).toEqual({ period: 6, phase: 5 });
  });

  it('leaves a clip filmed at its own rate as it is', () => {
    const track = withPictureChange(syntheticTrack({ ...DEFAULT_SWING, fps: 30 }));
    expect(findPulldown(track.frames)).toBeNull();
    expect(withoutRepeatedFrames(track)).toBe(track);
  });
});

describe('frame-repeated replays', () => {
  const filmed = syntheticTrack({ ...DEFAULT_SWING, fps: 30 });
  const real = filmed.frames.length;
  // Every filmed frame shown four times: a quarter-speed replay's frames.
  const heldFourTimes = filmed.frames.flatMap((f) => [f, f, f, f]);

  it.each([2, 4])('finds a replay at 1/%i speed from its first picture to the end', (slowdown) => {
    const track = withReplay(filmed, slowdown);
    expect(findReplays(track.frames)).toEqual([[real, track.frames.length - 1]]);
  });

  it('splits the replay off and analyses the swing filmed in real time', () => {
    const track = withReplay(filmed, 4);
    const s = swingSignals(track);
    expect(s.shots).toEqual([
      [0, real - 1],
      [real, track.frames.length - 1],
    ]);
    expect(s.replayShots).toEqual([false, true]);
    const events = detectSwingEvents(track, s);
    expect(events.replaySeen).toBe(true);
    expect(events.swingsFound).toBe(1);
    // The real-time footage alone, its picture's change measured as in the joined clip.
    const alone = withPictureChange(filmed);
    const truth = detectSwingEvents(alone, swingSignals(alone)).positions;
    const found = detectSwingEvents(track, s).positions;
    for (const event of ['address', 'top', 'impact', 'finish'] as const) {
      expect(found[event]).toBe(truth[event]);
    }
  });

  it('analyses a swing filmed in real time even when its replayed swing is clearer', () => {
    // A slow real-time downswing (0.8 s), then a replay at half speed of a 0.3 s one.
    const slow = syntheticTrack({ ...DEFAULT_SWING, fps: 30, top: 1.5, impact: 2.3 });
    const track = withReplay(slow, 2, filmed);
    expect(swingSignals(track).replayShots).toEqual([false, true]);
    const found = detectSwingEvents(track, swingSignals(track)).positions;
    expect(found.impact).toBe(detectSwingEvents(slow, swingSignals(slow)).positions.impact);
  });

  it('keeps two replays apart when little real-time footage lies between them', () => {
    // Replay, 8 frames of the takeaway in real time, then another replay: the second's join
    // is looked for back into the first.
    const between = filmed.frames.filter((f) => f.time >= 1).slice(0, 8);
    const track = shownAs(filmed, [
      ...filmed.frames,
      ...heldFourTimes,
      ...between,
      ...heldFourTimes,
    ]);
    const replays = findReplays(track.frames);
    expect(replays).toHaveLength(2);
    expect(replays[1]![0]).toBeGreaterThan(replays[0]![1]);
    const { shots } = swingSignals(track);
    shots.forEach(([first, last], k) => {
      expect(last).toBeGreaterThanOrEqual(first);
      expect(first).toBe(k === 0 ? 0 : shots[k - 1]![1] + 1);
    });
    expect(shots.at(-1)![1]).toBe(track.frames.length - 1);
  });

  it('finds none in a clip held throughout, in pulldown or in real-time footage', () => {
    const slowMotion = shownAs(filmed, heldFourTimes);
    expect(findReplays(slowMotion.frames)).toEqual([]);
    expect(
      findReplays(withPulldown(syntheticTrack({ ...DEFAULT_SWING, fps: 24 }), 4).frames),
    ).toEqual([]);
    expect(findReplays(withPictureChange(filmed).frames)).toEqual([]);
  });

  it('leaves a short held stretch alone (under REPLAY_MIN_SECONDS)', () => {
    const short = syntheticTrack({ ...DEFAULT_SWING, fps: 30, duration: 2.7 });
    // 0.5 s of swing around the top, shown twice: 1 s of held frames after the clip.
    const around = short.frames.filter((f) => f.time >= 1.6 && f.time < 2.1);
    const track = shownAs(short, [...short.frames, ...around.flatMap((f) => [f, f])]);
    expect(findReplays(track.frames)).toEqual([]);
  });
});
