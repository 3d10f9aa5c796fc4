import { LANDMARK, type PoseTrack } from '../pose-track';
import { median } from './signal';
import { midpoint, sub, dot } from './geometry';

export type Handedness = 'right' | 'left';
export type CameraView = 'face-on' | 'down-the-line';

/**
 * At the top the hands sit on the trail side of the body: toward the right hip for a
 * right-handed golfer. Measured in world coordinates (view-independent), over a few frames.
 */
export function detectHandedness(track: PoseTrack, top: number): Handedness {
  const votes: number[] = [];
  for (let i = Math.max(0, top - 2); i <= Math.min(track.frames.length - 1, top + 2); i++) {
    const w = track.frames[i]!.world;
    if (!w) continue;
    const hands = midpoint(w[LANDMARK.leftWrist]!, w[LANDMARK.rightWrist]!);
    const hips = midpoint(w[LANDMARK.leftHip]!, w[LANDMARK.rightHip]!);
    const towardRight = sub(w[LANDMARK.rightHip]!, w[LANDMARK.leftHip]!);
    votes.push(Math.sign(dot(sub(hands, hips), towardRight)));
  }
  return votes.reduce((a, b) => a + b, 0) >= 0 ? 'right' : 'left';
}

/**
 * Face-on shows the shoulders side by side (wide); down-the-line shows them nearly on top of
 * each other. Ratio of shoulder width to torso length in the image, median over the first
 * frames up to address.
 */
export function detectView(track: PoseTrack, address: number): { view: CameraView; ratio: number } {
  const ratios: number[] = [];
  for (let i = 0; i <= address; i++) {
    const lm = track.frames[i]!.landmarks;
    if (!lm) continue;
    const ls = lm[LANDMARK.leftShoulder]!;
    const rs = lm[LANDMARK.rightShoulder]!;
    const lh = lm[LANDMARK.leftHip]!;
    const rh = lm[LANDMARK.rightHip]!;
    const width = Math.abs(ls.x - rs.x);
    const torso = Math.hypot((ls.x + rs.x - lh.x - rh.x) / 2, (ls.y + rs.y - lh.y - rh.y) / 2);
    if (torso > 0) ratios.push(width / torso);
  }
  const ratio = median(ratios);
  return { view: ratio >= FACE_ON_MIN_SHOULDER_RATIO ? 'face-on' : 'down-the-line', ratio };
}

/** Face-on torsos measure ~0.7-1.0 shoulder width per torso length; down-the-line ~0.1-0.4. */
export const FACE_ON_MIN_SHOULDER_RATIO = 0.5;
