import { findPulldown, withoutRepeatedFrames } from './repeated-frames';
import { detectSwingEvents } from './swing-events';
import { swingSignals } from './swing-signals';
import { DEFAULT_SWING, syntheticTrack, withPictureChange, withPulldown } from './synthetic-swing';

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
    const truth = detectSwingEvents(filmed, swingSignals(filmed)).positions;
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
