/** 3D and 2D vector helpers for landmarks (plain {x, y, z} objects). */
export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

export const sub = (a: Vec3, b: Vec3): Vec3 => ({ x: a.x - b.x, y: a.y - b.y, z: a.z - b.z });
export const midpoint = (a: Vec3, b: Vec3): Vec3 => ({
  x: (a.x + b.x) / 2,
  y: (a.y + b.y) / 2,
  z: (a.z + b.z) / 2,
});
export const length = (v: Vec3): number => Math.hypot(v.x, v.y, v.z);
export const dot = (a: Vec3, b: Vec3): number => a.x * b.x + a.y * b.y + a.z * b.z;
export const toDegrees = (rad: number): number => (rad * 180) / Math.PI;

/** Heading of a segment seen from above: rotation about the vertical (y) axis, degrees. */
export function yawDegrees(from: Vec3, to: Vec3): number {
  return toDegrees(Math.atan2(to.z - from.z, to.x - from.x));
}

/** Angle at `joint` between the segments to `a` and `b`, degrees (180 = straight). */
export function jointAngle(a: Vec3, joint: Vec3, b: Vec3): number {
  const u = sub(a, joint);
  const v = sub(b, joint);
  const cos = dot(u, v) / (length(u) * length(v) || 1);
  return toDegrees(Math.acos(Math.max(-1, Math.min(1, cos))));
}

/** Angle between a segment and the vertical (MediaPipe y points down), degrees. */
export function tiltFromVertical(bottom: Vec3, top: Vec3): number {
  const v = sub(top, bottom);
  const cos = -v.y / (length(v) || 1);
  return toDegrees(Math.acos(Math.max(-1, Math.min(1, cos))));
}
