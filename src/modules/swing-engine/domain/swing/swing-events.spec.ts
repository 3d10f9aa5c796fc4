/**
 * The event rules on the shapes real uploads have (issue 17): slow motion with a slow takeaway,
 * a chip, a cut to another camera with another motion after it, a follow-through bigger than
 * the backswing.
 */
import { LANDMARK, type PoseFrame, type PoseTrack } from '../pose-track';
import { detectSwingEvents } from './swing-events';
import { swingSignals } from './swing-signals';
import { DEFAULT_SWING, syntheticTrack } from './synthetic-swing';

const WRISTS = [LANDMARK.leftWrist, LANDMARK.rightWrist];
const events = (track: PoseTrack) => detectSwingEvents(track, swingSignals(track)).positions;
const frameAt = (track: PoseTrack, time: number) =>
  track.frames.findIndex((f) => f.time >= time - 1e-9);

/** Moves the wrists towards (share < 1) or away from their address position. */
function scaleHands(track: PoseTrack, share: number): PoseTrack {
  const address = track.frames[0]!.landmarks!;
  for (const frame of track.frames) {
    const lm = frame.landmarks!;
    for (const k of WRISTS) {
      lm[k] = {
        ...lm[k]!,
        x: address[k]!.x + (lm[k]!.x - address[k]!.x) * share,
        y: address[k]!.y + (lm[k]!.y - address[k]!.y) * share,
      };
    }
  }
  return track;
}

describe('swing events on the shapes uploads have', () => {
  it('places a slow-motion address where the hands leave their rest, not seconds before', () => {
    // Four times slow motion: the swing's times stretched, the takeaway creeping at first.
    const slow = 4;
    const swing = {
      ...DEFAULT_SWING,
      address: 2 * slow,
      top: (2 + 0.9) * slow,
      impact: (2 + 1.2) * slow,
      finish: (2 + 1.6) * slow,
      duration: (2 + 2) * slow,
    };
    const track = syntheticTrack(swing);
    // The landmarks wander a little at rest, as real poses do (2 px, well inside the still
    // radius), faster than a speed threshold scaled down for slow motion allows.
    track.frames.forEach((frame) => {
      if (frame.time >= swing.address) return;
      for (const k of WRISTS) frame.landmarks![k]!.x += 2 * Math.sin(2 * Math.PI * frame.time);
    });
    const found = events(track);
    const tolerance = Math.round((swing.impact - swing.address) * (DEFAULT_SWING.fps / 30));
    expect(Math.abs(found.address - frameAt(track, swing.address))).toBeLessThanOrEqual(tolerance);
    expect(Math.abs(found.impact - frameAt(track, swing.impact))).toBeLessThanOrEqual(tolerance);
  });

  it('finds a chip, whose hands never rise above the hips', () => {
    const track = scaleHands(syntheticTrack(), 0.3);
    const found = events(track);
    expect(Math.abs(found.impact - frameAt(track, DEFAULT_SWING.impact))).toBeLessThanOrEqual(1);
    expect(Math.abs(found.top - frameAt(track, DEFAULT_SWING.top))).toBeLessThanOrEqual(2);
  });

  it('analyses the swing, not the slow lowering of the club after a cut to another camera', () => {
    const swing = syntheticTrack({ ...DEFAULT_SWING, duration: 3 });
    // The second shot: the golfer twice as big, holding the finish and then lowering the club
    // slowly for over a second (a bigger fall of the hands than the swing's, but slow).
    const finish = swing.frames[swing.frames.length - 1]!;
    const address = swing.frames[0]!;
    const second: PoseFrame[] = [];
    const frames = 60;
    for (let i = 0; i < frames; i++) {
      const u = Math.min(1, Math.max(0, (i - 15) / 40));
      const lm = finish.landmarks!.map((p, k) => {
        const to = WRISTS.includes(k as (typeof WRISTS)[number]) ? address.landmarks![k]! : p;
        const x = p.x + (to.x - p.x) * u;
        const y =
          p.y + (to.y - p.y) * u + (WRISTS.includes(k as (typeof WRISTS)[number]) ? 40 * u : 0);
        return { ...p, x: 2 * x - 300, y: 2 * y - 400 };
      });
      second.push({
        ...finish,
        index: swing.frames.length + i,
        time: 3 + i / DEFAULT_SWING.fps,
        landmarks: lm,
        ...(i === 0 ? { cut: true } : {}),
      });
    }
    const track = { ...swing, frames: [...swing.frames, ...second] };
    const found = events(track);
    expect(Math.abs(found.impact - frameAt(track, DEFAULT_SWING.impact))).toBeLessThanOrEqual(1);
    expect(found.finish).toBeLessThan(swing.frames.length);
  });

  it('finds a short swing whose backswing hardly shows from its rise into the follow-through', () => {
    const track = syntheticTrack();
    // Down the line a short swing's backswing goes along the line of sight: keep the hands
    // near the ball until impact, then let the follow-through rise as swung.
    const impact = frameAt(track, DEFAULT_SWING.impact);
    const address = track.frames[0]!.landmarks!;
    track.frames.forEach((frame, i) => {
      if (i >= impact - 2) return;
      const lm = frame.landmarks!;
      for (const k of WRISTS) {
        lm[k] = {
          ...lm[k]!,
          x: address[k]!.x + (lm[k]!.x - address[k]!.x) * 0.05,
          y: address[k]!.y + (lm[k]!.y - address[k]!.y) * 0.05,
        };
      }
    });
    const found = events(track);
    expect(Math.abs(found.impact - impact)).toBeLessThanOrEqual(2);
  });
});
