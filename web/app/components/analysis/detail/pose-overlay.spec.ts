import { frameAt, toOverlayTrack } from './pose-overlay';

const compact = {
  width: 1280,
  height: 720,
  fps: 30,
  frames: [
    { i: 0, t: 0, s: 0.9, l: [[10, 20, 0.9]], w: null },
    { i: 1, t: 0.033, s: 0, l: null, w: null },
    { i: 2, t: 0.067, s: 0.9, l: [[12, 22, 0.8]], w: null },
  ],
};

describe('pose overlay track', () => {
  it('reads the compact file the engine stores', () => {
    const track = toOverlayTrack(compact)!;
    expect(track.width).toBe(1280);
    expect(track.frames[2]).toEqual({ index: 2, time: 0.067, points: [[12, 22, 0.8]] });
  });

  it('reads a full PoseTrack too, and refuses anything else', () => {
    const full = {
      width: 10,
      height: 10,
      fps: 60,
      frames: [
        {
          index: 0,
          time: 0,
          score: 1,
          landmarks: [{ x: 1, y: 2, z: 0, visibility: 0.5, presence: 1 }],
          world: null,
        },
      ],
    };
    expect(toOverlayTrack(full)!.frames[0]!.points).toEqual([[1, 2, 0.5]]);
    expect(toOverlayTrack({ frames: 'x' })).toBeNull();
    expect(toOverlayTrack(null)).toBeNull();
  });

  it('finds the frame on screen: the last posed one at or before the time', () => {
    const track = toOverlayTrack(compact)!;
    expect(frameAt(track, 0.05)!.index).toBe(0); // frame 1 has no person
    expect(frameAt(track, 0.067)!.index).toBe(2);
    expect(frameAt(track, 5)!.index).toBe(2);
    expect(frameAt(track, -1)).toBeNull();
  });
});
