import type { Region, Roi } from './image-ops';

/** Another detection this sure, this big and this far away means a second person in the shot. */
const OTHER_PERSON_MIN_SCORE = 0.7;

export interface DetectedPerson {
  score: number;
  /** Face box, in image pixels. */
  box: Region;
  /** Body box from the detection's alignment points (centred on the hips). */
  roi: Roi;
}

/**
 * The second person in the frame, similarly confident and similarly large, or null. The
 * detector boxes faces, and on a golfer it can also box the hands and club below the face: a
 * detection whose body centre (hips) is within a quarter of the golfer's body box of theirs is
 * the same person, not a second one (seen on a mirrored tour-pro clip).
 */
export function secondPerson(people: DetectedPerson[]): DetectedPerson | null {
  const [first, ...others] = people;
  if (!first) return null;
  const area = ({ box }: DetectedPerson) => box.width * box.height;
  return (
    others.find(
      (other) =>
        other.score >= OTHER_PERSON_MIN_SCORE &&
        area(other) >= area(first) * 0.5 &&
        Math.hypot(other.roi.cx - first.roi.cx, other.roi.cy - first.roi.cy) > first.roi.size / 4,
    ) ?? null
  );
}
