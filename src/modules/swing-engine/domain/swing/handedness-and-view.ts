import { LANDMARK, type PoseTrack } from '../pose-track';
import { median } from './signal';
import { midpoint, sub, dot } from './geometry';

export type Handedness = 'right' | 'left';
export type CameraView = 'face-on' | 'down-the-line';

/**
 * On the way up the hands are on the trail side of the body: toward the right hip for a
 * right-handed golfer. Measured in world coordinates (view-independent); every frame from
 * toe-up to the top votes. At the top alone (the torso turned away, the hands behind the head)
 * the pose model places them on the wrong side often enough to call 12 of the corpus's 161
 * right-handed golfers left-handed; the whole way up, none of 166 (research note 0007).
 */
export function detectHandedness(
  track: PoseTrack,
  { toeUp, top }: { toeUp: number; top: number },
): Handedness {
  let votes = 0;
  for (let i = Math.max(0, toeUp); i <= Math.min(track.frames.length - 1, top); i++) {
    const w = track.frames[i]!.world;
    if (!w) continue;
    const hands = midpoint(w[LANDMARK.leftWrist]!, w[LANDMARK.rightWrist]!);
    const hips = midpoint(w[LANDMARK.leftHip]!, w[LANDMARK.rightHip]!);
    const towardRight = sub(w[LANDMARK.rightHip]!, w[LANDMARK.leftHip]!);
    votes += Math.sign(dot(sub(hands, hips), towardRight));
  }
  // A tie (or no world pose) goes to the right hand, as most golfers swing.
  return votes >= 0 ? 'right' : 'left';
}

/**
 * Face-on shows the shoulders side by side (wide); down-the-line shows them nearly on top of
 * each other. Ratio of shoulder width to torso length in the image, median over the first
 * frames up to address, and past it until VIEW_FRAMES are posed (a golfer first posed in the
 * takeaway, as on a small blurred crop, was read as down the line with no ratio at all).
 */
export function detectView(track: PoseTrack, address: number): { view: CameraView; ratio: number } {
  const ratios: number[] = [];
  for (let i = 0; i < track.frames.length && (i <= address || ratios.length < VIEW_FRAMES); i++) {
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

/** Posed frames the view is read from, at least: one alone may be a pose gone wrong. */
const VIEW_FRAMES = 3;

/** Face-on torsos measure ~0.7-1.0 shoulder width per torso length; down-the-line ~0.1-0.4. */
export const FACE_ON_MIN_SHOULDER_RATIO = 0.5;
