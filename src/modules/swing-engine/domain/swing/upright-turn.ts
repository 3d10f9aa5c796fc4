import { LANDMARK, type PoseFrame, type PoseTrack } from '../pose-track';
import { median } from './signal';

/** Degrees clockwise the picture turns to stand the golfer upright. */
export type UprightTurn = 0 | 90 | 180 | 270;

/**
 * How far the picture must turn (clockwise) to stand the golfer upright: the direction from the
 * ankles to the shoulders, median over the posed frames, to the nearest quarter turn. Filmed
 * upright it stays within 13 degrees of straight up (the median of every clip of the corpus, the
 * fixtures and their copies); a clip stored on its side without a rotation tag reads about 90
 * and was measured as a golfer bent double, seen down the line.
 */
export function uprightTurn(track: PoseTrack): UprightTurn {
  const headings = track.frames.flatMap(({ landmarks: lm }) => {
    if (!lm) return [];
    const shoulders = midpoint(lm[LANDMARK.leftShoulder]!, lm[LANDMARK.rightShoulder]!);
    const ankles = midpoint(lm[LANDMARK.leftAnkle]!, lm[LANDMARK.rightAnkle]!);
    // Degrees clockwise from straight up (image y points down).
    return [(Math.atan2(shoulders.x - ankles.x, ankles.y - shoulders.y) * 180) / Math.PI];
  });
  if (headings.length === 0) return 0;
  // The body leans this far clockwise: turning the picture the other way stands it up.
  const quarters = Math.round(median(headings) / 90);
  return ((((-quarters * 90) % 360) + 360) % 360) as UprightTurn;
}

/**
 * The picture turned: the rotation of a vector, where the origin goes, where a point (pixels)
 * goes (the origin plus the point's rotation), and the turned picture's size.
 */
export interface PictureTurn {
  rotate(x: number, y: number): [number, number];
  point(x: number, y: number): [number, number];
  origin: [number, number];
  width: number;
  height: number;
}

export function pictureTurn(turn: UprightTurn, width: number, height: number): PictureTurn {
  const turned = (
    rotate: PictureTurn['rotate'],
    origin: [number, number],
    size: [number, number],
  ): PictureTurn => ({
    rotate,
    point: (x, y) => {
      const [dx, dy] = rotate(x, y);
      return [origin[0] + dx, origin[1] + dy];
    },
    origin,
    width: size[0],
    height: size[1],
  });
  switch (turn) {
    case 90:
      return turned((x, y) => [-y, x], [height, 0], [height, width]);
    case 180:
      return turned((x, y) => [-x, -y], [width, height], [width, height]);
    case 270:
      return turned((x, y) => [y, -x], [0, width], [height, width]);
    default:
      return turned((x, y) => [x, y], [0, 0], [width, height]);
  }
}

/**
 * The track as if the picture had been turned `turn` degrees clockwise: image landmarks (pixels),
 * world landmarks (metres, their axes the camera's) and the camera's pan turned with it. The same
 * track when there is nothing to turn. The video itself is shown as stored, with the track as
 * posed over it: only the measurements read the turned one.
 */
export function turnedUpright(track: PoseTrack, turn: UprightTurn): PoseTrack {
  if (turn === 0) return track;
  const t = pictureTurn(turn, track.width, track.height);
  const [cx, cy] = t.origin;
  const frames = track.frames.map((frame): PoseFrame => {
    const landmarks =
      frame.landmarks?.map((p) => {
        const [x, y] = t.point(p.x, p.y);
        return { ...p, x, y };
      }) ?? null;
    const world =
      frame.world?.map((p) => {
        const [x, y] = t.rotate(p.x, p.y);
        return { ...p, x, y };
      }) ?? null;
    const turned: PoseFrame = { ...frame, landmarks, world };
    if (frame.camera) {
      // A background point at q is at s*q + m: turned, at s*q' + R m + (1 - s) * origin.
      const { x, y, scale } = frame.camera;
      const [mx, my] = t.rotate(x, y);
      turned.camera = { x: mx + (1 - scale) * cx, y: my + (1 - scale) * cy, scale };
    }
    return turned;
  });
  return { ...track, width: t.width, height: t.height, frames };
}

const midpoint = (a: { x: number; y: number }, b: { x: number; y: number }) => ({
  x: (a.x + b.x) / 2,
  y: (a.y + b.y) / 2,
});
