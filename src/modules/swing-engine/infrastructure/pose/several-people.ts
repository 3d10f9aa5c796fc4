import type { PicturePlace } from '../../domain/swing-report';
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
 * The people after the first who are not the first seen twice: the detector boxes faces, and on
 * a golfer it can also box the hands and club below the face. A detection whose body centre
 * (hips) is within a quarter of the first's body box of theirs is the same person (seen on a
 * mirrored tour-pro clip).
 */
export function otherPeople(people: DetectedPerson[]): DetectedPerson[] {
  const [first, ...others] = people;
  if (!first) return [];
  return others.filter(
    (other) =>
      Math.hypot(other.roi.cx - first.roi.cx, other.roi.cy - first.roi.cy) > first.roi.size / 4,
  );
}

/** The second person in the frame, similarly confident and similarly large, or null. */
export function secondPerson(people: DetectedPerson[]): DetectedPerson | null {
  const first = people[0];
  if (!first) return null;
  const area = ({ box }: DetectedPerson) => box.width * box.height;
  return (
    otherPeople(people).find(
      (other) => other.score >= OTHER_PERSON_MIN_SCORE && area(other) >= area(first) * 0.5,
    ) ?? null
  );
}

/** `people` with the one whose body centre is nearest `roi`'s first, the rest in their order. */
export function nearestFirst(people: DetectedPerson[], roi: Roi): DetectedPerson[] {
  const distance = (p: DetectedPerson) => Math.hypot(p.roi.cx - roi.cx, p.roi.cy - roi.cy);
  const nearest = people.reduce<DetectedPerson | null>(
    (best, p) => (!best || distance(p) < distance(best) ? p : best),
    null,
  );
  return nearest ? [nearest, ...people.filter((p) => p !== nearest)] : people;
}

/** Where `person` is beside `other`: left or right, or top or bottom when they stand one above. */
export function placeBeside(person: Roi, other: Roi): PicturePlace {
  const dx = person.cx - other.cx;
  const dy = person.cy - other.cy;
  if (Math.abs(dx) >= Math.abs(dy)) return dx <= 0 ? 'left' : 'right';
  return dy <= 0 ? 'top' : 'bottom';
}
