import { LANDMARK, LANDMARK_COUNT, type PoseFrame, type PoseTrack } from '../pose-track';
import {
  faceOnReadingFrames,
  faceOnTurnsAtTop,
  turnFromWidths,
  type UsableFrame,
} from './face-on-rotation';

describe('turnFromWidths', () => {
  it('reads the turn from the projected width against the width at address', () => {
    expect(turnFromWidths(40, 40)).toBeCloseTo(0, 5);
    expect(turnFromWidths(40, 20)).toBeCloseTo(60, 5);
    expect(turnFromWidths(-40, -20)).toBeCloseTo(60, 5);
    expect(turnFromWidths(40, 0)).toBeCloseTo(90, 5);
  });

  it('reads past side-on when the line has crossed over', () => {
    expect(turnFromWidths(40, -20)).toBeCloseTo(120, 5);
  });

  it('clamps a width wider than at address to no turn', () => {
    expect(turnFromWidths(40, 44)).toBe(0);
  });

  it('gives no reading when the line was side-on at address or a frame is missing', () => {
    expect(turnFromWidths(0.5, 10)).toBeNaN();
    expect(turnFromWidths(NaN, 10)).toBeNaN();
    expect(turnFromWidths(40, NaN)).toBeNaN();
  });
});

/**
 * A face-on track at 30 fps: the shoulders' heading (from their image depth) and the hips'
 * projected width at each frame, as the landmark model would give them.
 */
function faceOnTrack(frames: Array<{ heading: number; hipWidth: number }>): PoseTrack {
  return {
    width: 640,
    height: 360,
    fps: 30,
    frames: frames.map(({ heading, hipWidth }, index): PoseFrame => {
      const landmarks = Array.from({ length: LANDMARK_COUNT }, () => ({
        x: 320,
        y: 180,
        z: 0,
        visibility: 1,
        presence: 1,
      }));
      const half = 20;
      const rad = (heading * Math.PI) / 180;
      landmarks[LANDMARK.leftShoulder] = {
        ...landmarks[0]!,
        x: 320 + half * Math.cos(rad),
        z: half * Math.sin(rad),
      };
      landmarks[LANDMARK.rightShoulder] = {
        ...landmarks[0]!,
        x: 320 - half * Math.cos(rad),
        z: -half * Math.sin(rad),
      };
      landmarks[LANDMARK.leftHip] = { ...landmarks[0]!, x: 320 + hipWidth / 2 };
      landmarks[LANDMARK.rightHip] = { ...landmarks[0]!, x: 320 - hipWidth / 2 };
      return { index, time: index / 30, score: 1, landmarks, world: null };
    }),
  };
}

describe('faceOnTurnsAtTop', () => {
  const address = 20;
  const top = 40;
  /** Frames 0-50: still at address, a 90-degree shoulder turn and the hips at half width at the top. */
  const swing = Array.from({ length: 51 }, (_, i) => {
    const share = Math.max(0, Math.min(1, (i - address) / (top - address)));
    return { heading: 90 * share, hipWidth: 40 - 20 * share };
  });

  it('reads the frames 0.4 s before the address, and the top and its neighbours', () => {
    const track = faceOnTrack(swing);
    expect(faceOnReadingFrames(track, address, top)).toEqual([
      ...Array.from({ length: 13 }, (_, k) => 8 + k),
      39,
      40,
      41,
    ]);
  });

  it('reads only the frames posed from both mirror images', () => {
    // Single-view poses carry the model's left-right bias: here 15 degrees and 4 pixels of hip
    // width on every frame not posed again from the mirror image, among them one of the top's
    // and the first seven of the address window's (the engine had no crop to pose them from).
    const mirrored = new Set(faceOnReadingFrames(faceOnTrack(swing), address, top));
    for (const j of [top + 1, 8, 9, 10, 11, 12, 13, 14]) mirrored.delete(j);
    const track = faceOnTrack(
      swing.map((f, i) =>
        mirrored.has(i) ? f : { heading: f.heading + 15, hipWidth: f.hipWidth + 4 },
      ),
    );
    for (const j of mirrored) track.frames[j]!.mirrorAveraged = true;
    const usable: UsableFrame = (series, j) =>
      Number.isFinite(series[j]) && track.frames[j]!.mirrorAveraged === true;
    const turns = faceOnTurnsAtTop(track, address, top, usable);
    // The mean over the top's other frames: the end of the ramp, and the top.
    const shares = [19, 20].map((k) => k / 20);
    const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
    expect(turns.shoulder).toBeCloseTo(mean(shares.map((share) => 90 * share)), 5);
    expect(turns.hip).toBeCloseTo(
      turnFromWidths(40, mean(shares.map((share) => 40 - 20 * share))),
      5,
    );
  });
});
