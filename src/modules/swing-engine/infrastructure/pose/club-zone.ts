import { LANDMARK, type ImageLandmark } from '../../domain/pose-track';
import type { PictureBox } from './scene-cuts';

/**
 * Where the club is at address, from one frame's pose: from a little above the hands down past
 * the feet, and a torso length either side of the hands and feet. Face-on the club head rests
 * between the feet; down the line it lies out beyond the hands, towards the ball. The club head
 * starts back before the hands do, and the change in this zone shows it where the hands cannot
 * (decision 0007). Null without a torso to measure by.
 */
export function addressClubZone(
  landmarks: ImageLandmark[] | null,
  width: number,
  height: number,
): PictureBox | null {
  if (!landmarks) return null;
  const at = (k: number) => landmarks[k]!;
  const between = (a: number, b: number) => ({
    x: (at(a).x + at(b).x) / 2,
    y: (at(a).y + at(b).y) / 2,
  });
  const shoulders = between(LANDMARK.leftShoulder, LANDMARK.rightShoulder);
  const hips = between(LANDMARK.leftHip, LANDMARK.rightHip);
  const torso = Math.hypot(shoulders.x - hips.x, shoulders.y - hips.y);
  if (!(torso > 0)) return null;
  const wrists = [at(LANDMARK.leftWrist), at(LANDMARK.rightWrist)];
  const ankles = [at(LANDMARK.leftAnkle), at(LANDMARK.rightAnkle)];
  const across = [...wrists, ...ankles].map((p) => p.x);
  return {
    left: (Math.min(...across) - torso) / width,
    right: (Math.max(...across) + torso) / width,
    top: (Math.min(...wrists.map((p) => p.y)) - 0.3 * torso) / height,
    bottom: (Math.max(...ankles.map((p) => p.y)) + 0.4 * torso) / height,
  };
}
