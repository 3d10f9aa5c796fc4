import { swingWindow } from './swing-window';
import type { PoseTrack } from '../pose-track';
import { DEFAULT_SWING, syntheticTrack } from './synthetic-swing';

/** `first`, then `second` starting `seconds` into the clip: one track, frames numbered on. */
function joined(first: PoseTrack, second: PoseTrack, seconds: number): PoseTrack {
  const more = second.frames.map((frame, i) => ({
    ...frame,
    index: first.frames.length + i,
    time: seconds + frame.time,
  }));
  return { ...first, frames: [...first.frames, ...more] };
}

describe('swingWindow (where the dense pose pass runs)', () => {
  it('covers address to finish of a swing seen at 5 poses a second', () => {
    // A 9-second clip: 4 s still before the swing, 3.4 s after it.
    const swing = { ...DEFAULT_SWING, fps: 5, address: 4, top: 4.9, impact: 5.2, finish: 5.6 };
    const window = swingWindow(syntheticTrack({ ...swing, duration: 9 }));
    if (window.kind !== 'swing') throw new Error(`no window: ${window.kind}`);
    expect(window.start).toBeLessThan(swing.address - 0.3);
    expect(window.end).toBeGreaterThan(swing.finish + 0.3);
    // ...and leaves the still stretches at both ends to the coarse pass.
    expect(window.start).toBeGreaterThan(1.5);
    expect(window.end).toBeLessThan(7.5);
  });

  it('covers every swing seen, not only the clearest', () => {
    // Two swings alike, 10 s apart: the coarse pass cannot tell which the dense pass will
    // find clearer, so both are posed densely.
    const swing = { ...DEFAULT_SWING, fps: 5, address: 2, top: 2.9, impact: 3.2, finish: 3.6 };
    const first = syntheticTrack({ ...swing, duration: 10 });
    const window = swingWindow(joined(first, syntheticTrack({ ...swing, duration: 6 }), 10));
    if (window.kind !== 'swing') throw new Error(`no window: ${window.kind}`);
    expect(window.start).toBeLessThan(swing.address - 0.3);
    expect(window.end).toBeGreaterThan(10 + swing.finish + 0.3);
    expect(window.swingsLeftOut).toBe(0);
  });

  it('poses at most 20 s densely for other swings (a minute of range practice)', () => {
    // Six swings alike, 10 s apart: only those nearest the analysed one, within 20 s.
    const swing = { ...DEFAULT_SWING, fps: 5, address: 2, top: 2.9, impact: 3.2, finish: 3.6 };
    const first = syntheticTrack({ ...swing, duration: 10 });
    const frames = Array.from({ length: 6 }, (_, k) =>
      syntheticTrack({ ...swing, duration: 10 }).frames.map((frame, i) => ({
        ...frame,
        index: k * first.frames.length + i,
        time: 10 * k + frame.time,
      })),
    ).flat();
    const window = swingWindow({ ...first, frames });
    if (window.kind !== 'swing') throw new Error(`no window: ${window.kind}`);
    expect(window.end - window.start).toBeLessThanOrEqual(20);
    expect(window.end - window.start).toBeGreaterThan(10);
    // ...and says how many of the swings seen it leaves to the coarse pass alone, so the report
    // does not count only those posed densely: six swings, two or three inside.
    expect(window.swingsLeftOut).toBeGreaterThanOrEqual(3);
    expect(window.swingsLeftOut).toBeLessThanOrEqual(4);
  });

  it('covers a real-time swing that falls between poses, before its slow-motion replay', () => {
    // At 5 poses a second this downswing shows no fall: the hands are still high at 3.0 s and
    // high again in the follow-through at 3.2 s. Its 4x replay falls over many poses.
    const swing = { ...DEFAULT_SWING, fps: 5, address: 2, top: 2.97, impact: 3.1, finish: 3.25 };
    const real = syntheticTrack({ ...swing, duration: 5 });
    const slow = { ...swing, address: 8, top: 11.88, impact: 12.4, finish: 13, duration: 18 };
    const window = swingWindow(joined(real, syntheticTrack(slow), 5));
    if (window.kind !== 'swing') throw new Error(`no window: ${window.kind}`);
    expect(window.start).toBeLessThan(swing.address - 0.3);
    expect(window.end).toBeGreaterThan(5 + slow.finish);
  });

  it('says when no golfer is there, or no swing', () => {
    const empty = syntheticTrack({ ...DEFAULT_SWING, fps: 5 });
    for (const frame of empty.frames) frame.landmarks = frame.world = null;
    expect(swingWindow(empty).kind).toBe('no-golfer');
    expect(swingWindow(syntheticTrack({ ...DEFAULT_SWING, fps: 5 }, { still: true })).kind).toBe(
      'not-found',
    );
  });
});
