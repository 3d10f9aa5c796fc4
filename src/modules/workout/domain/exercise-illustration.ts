/**
 * Our own illustration of an exercise: a rounded stick figure in the exercise's key position,
 * drawn from its ExercisePose as a standalone SVG (no external references, no scripts).
 */
import type { Arms, ExercisePose, Posture } from './exercise-pose';

interface Point {
  x: number;
  y: number;
}

/** Joints of a posture; the figure faces right, the floor is at y = 92. */
interface Body {
  head: Point;
  neck: Point;
  hip: Point;
  near: { knee: Point; foot: Point };
  far: { knee: Point; foot: Point };
  /** On the floor the arms follow the torso; standing, they follow gravity. */
  floor: boolean;
  /** A floor posture's supporting arm. */
  support?: { elbow: Point; hand: Point };
}

const p = (x: number, y: number): Point => ({ x, y });
const leg = (kx: number, ky: number, fx: number, fy: number) => ({
  knee: p(kx, ky),
  foot: p(fx, fy),
});

const STAND: Body = {
  head: p(60, 16),
  neck: p(60, 26),
  hip: p(60, 53),
  near: leg(62, 71, 63, 90),
  far: leg(57, 71, 56, 90),
  floor: false,
};

const BODIES: Record<Posture, Body> = {
  stand: STAND,
  'stand-wide': { ...STAND, near: leg(67, 71, 73, 90), far: leg(53, 71, 47, 90) },
  hinge: {
    head: p(80, 30),
    neck: p(72, 36),
    hip: p(52, 50),
    near: leg(56, 70, 55, 90),
    far: leg(53, 70, 51, 90),
    floor: false,
  },
  squat: {
    head: p(67, 27),
    neck: p(63, 36),
    hip: p(49, 63),
    near: leg(69, 66, 59, 90),
    far: leg(65, 68, 55, 90),
    floor: false,
  },
  lunge: {
    head: p(60, 22),
    neck: p(59, 31),
    hip: p(58, 58),
    near: leg(75, 70, 77, 90),
    far: leg(48, 84, 35, 90),
    floor: false,
  },
  'lateral-lunge': {
    head: p(64, 26),
    neck: p(62, 35),
    hip: p(58, 61),
    near: leg(75, 72, 81, 90),
    far: leg(46, 75, 35, 90),
    floor: false,
  },
  'half-kneel': {
    head: p(58, 24),
    neck: p(57, 33),
    hip: p(56, 60),
    near: leg(73, 71, 74, 90),
    far: leg(52, 89, 37, 90),
    floor: false,
  },
  'tall-kneel': {
    head: p(58, 25),
    neck: p(58, 34),
    hip: p(58, 61),
    near: leg(61, 88, 44, 90),
    far: leg(56, 88, 41, 90),
    floor: false,
  },
  'single-leg': { ...STAND, far: leg(67, 63, 61, 77) },
  'single-leg-hinge': {
    head: p(82, 36),
    neck: p(74, 40),
    hip: p(54, 48),
    near: leg(55, 69, 55, 90),
    far: leg(39, 47, 23, 45),
    floor: false,
  },
  quadruped: {
    head: p(81, 51),
    neck: p(73, 56),
    hip: p(44, 56),
    near: leg(45, 88, 29, 88),
    far: leg(43, 88, 27, 88),
    floor: true,
    support: { elbow: p(72, 72), hand: p(72, 88) },
  },
  'bird-dog': {
    head: p(81, 51),
    neck: p(73, 56),
    hip: p(44, 57),
    near: leg(45, 88, 29, 88),
    far: leg(30, 56, 15, 54),
    floor: true,
    support: { elbow: p(72, 72), hand: p(72, 88) },
  },
  supine: {
    head: p(86, 83),
    neck: p(77, 86),
    hip: p(48, 86),
    near: leg(37, 70, 28, 88),
    far: leg(35, 71, 26, 88),
    floor: true,
    support: { elbow: p(66, 88), hand: p(55, 88) },
  },
  bridge: {
    head: p(86, 83),
    neck: p(77, 85),
    hip: p(50, 69),
    near: leg(35, 66, 29, 88),
    far: leg(33, 67, 27, 88),
    floor: true,
    support: { elbow: p(66, 88), hand: p(56, 88) },
  },
  'dead-bug': {
    head: p(86, 83),
    neck: p(77, 86),
    hip: p(48, 86),
    near: leg(45, 67, 31, 67),
    far: leg(41, 66, 27, 65),
    floor: true,
    support: { elbow: p(77, 74), hand: p(78, 62) },
  },
  'side-lying': {
    head: p(85, 79),
    neck: p(76, 83),
    hip: p(48, 84),
    near: leg(37, 75, 24, 83),
    far: leg(35, 78, 22, 86),
    floor: true,
    support: { elbow: p(80, 88), hand: p(92, 88) },
  },
  prone: {
    head: p(86, 83),
    neck: p(78, 86),
    hip: p(48, 86),
    near: leg(32, 86, 16, 85),
    far: leg(31, 87, 14, 87),
    floor: true,
    support: { elbow: p(72, 88), hand: p(62, 88) },
  },
  plank: {
    head: p(86, 49),
    neck: p(78, 54),
    hip: p(50, 64),
    near: leg(34, 72, 18, 86),
    far: leg(32, 73, 16, 87),
    floor: true,
    support: { elbow: p(77, 88), hand: p(88, 88) },
  },
  'side-plank': {
    head: p(84, 45),
    neck: p(76, 51),
    hip: p(50, 67),
    near: leg(34, 77, 18, 87),
    far: leg(34, 78, 17, 89),
    floor: true,
    support: { elbow: p(77, 70), hand: p(77, 88) },
  },
  seated: {
    head: p(53, 48),
    neck: p(52, 57),
    hip: p(50, 84),
    near: leg(66, 74, 80, 88),
    far: leg(64, 76, 78, 89),
    floor: false,
  },
  'golf-address': {
    head: p(71, 23),
    neck: p(66, 31),
    hip: p(54, 51),
    near: leg(60, 70, 61, 90),
    far: leg(56, 70, 51, 90),
    floor: false,
  },
  'golf-top': {
    head: p(68, 22),
    neck: p(62, 30),
    hip: p(55, 51),
    near: leg(61, 70, 62, 90),
    far: leg(54, 70, 50, 90),
    floor: false,
  },
  'heel-raise': {
    head: p(60, 12),
    neck: p(60, 22),
    hip: p(60, 49),
    near: leg(62, 68, 64, 86),
    far: leg(57, 68, 57, 86),
    floor: false,
  },
  'step-back': {
    head: p(61, 19),
    neck: p(60, 28),
    hip: p(58, 54),
    near: leg(66, 72, 64, 90),
    far: leg(50, 72, 42, 86),
    floor: false,
  },
};

interface Arm {
  elbow: Point;
  hand: Point;
}

/** Elbow and hand offsets from the shoulder, standing (near arm; far arm). */
const ARM_OFFSETS: Record<Arms, [Arm, Arm]> = {
  down: [arm(2, 14, 3, 27), arm(-2, 14, -3, 27)],
  hips: [arm(10, 10, 4, 21), arm(-10, 10, -4, 21)],
  forward: [arm(14, 2, 27, 2), arm(13, 3, 26, 4)],
  overhead: [arm(3, -14, 5, -27), arm(-3, -14, -5, -27)],
  wide: [arm(14, 3, 27, 5), arm(-14, 3, -27, 5)],
  cross: [arm(9, 8, -3, 10), arm(-9, 8, 3, 12)],
  rotate: [arm(12, -3, 24, -8), arm(11, 1, 23, -3)],
  'reach-up': [arm(9, -11, 17, -22), arm(-9, -11, -17, -22)],
  'behind-head': [arm(11, -7, 3, -13), arm(-11, -7, -3, -13)],
  press: [arm(9, 10, 21, 4), arm(-9, 10, 2, 8)],
  row: [arm(-10, 9, 2, 11), arm(-12, 8, -1, 12)],
  club: [arm(5, 12, 9, 24), arm(3, 12, 8, 24)],
};

function arm(ex: number, ey: number, hx: number, hy: number): Arm {
  return { elbow: p(ex, ey), hand: p(hx, hy) };
}

const rotate = (v: Point, degrees: number): Point => {
  const r = (degrees * Math.PI) / 180;
  return p(v.x * Math.cos(r) - v.y * Math.sin(r), v.x * Math.sin(r) + v.y * Math.cos(r));
};
const add = (a: Point, b: Point) => p(a.x + b.x, a.y + b.y);

/** The arms at the shoulder: standing by gravity, on the floor along the torso. */
function placeArm(body: Body, offsets: Arm): Arm {
  const torso = Math.atan2(body.hip.y - body.neck.y, body.hip.x - body.neck.x);
  const turn = body.floor ? (torso * 180) / Math.PI - 90 : 0;
  // Nothing goes through the floor or off the top of the picture.
  const above = (pt: Point) => p(pt.x, Math.max(4, Math.min(pt.y, 90)));
  return {
    elbow: above(add(body.neck, rotate(offsets.elbow, turn))),
    hand: above(add(body.neck, rotate(offsets.hand, turn))),
  };
}

const NEAR = '#15803d';
const FAR = '#86efac';
const PROP = '#d97706';
const n = (v: number) => Math.round(v * 10) / 10;

function line(a: Point, b: Point, colour: string, width: number): string {
  return `<line x1="${n(a.x)}" y1="${n(a.y)}" x2="${n(b.x)}" y2="${n(b.y)}" stroke="${colour}" stroke-width="${width}" stroke-linecap="round"/>`;
}

function limb(points: Point[], colour: string, width: number): string {
  const d = points.map((pt, i) => `${i ? 'L' : 'M'}${n(pt.x)} ${n(pt.y)}`).join(' ');
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** The exercise's illustration as a standalone SVG document, titled with its name. */
export function renderExerciseSvg(exercise: { name: string; illustration: ExercisePose }): string {
  const { posture, arms, prop = 'none' } = exercise.illustration;
  const body = BODIES[posture];
  const [nearOffsets, farOffsets] = ARM_OFFSETS[arms];
  const near = placeArm(body, nearOffsets);
  const far = body.support ?? placeArm(body, farOffsets);
  const parts: string[] = [
    '<rect width="120" height="100" rx="10" fill="#f0fdf4"/>',
    line(p(6, 92), p(114, 92), '#cbd5e1', 2),
  ];
  if (prop === 'wall') parts.push(line(p(104, 8), p(104, 92), '#94a3b8', 3));
  if (prop === 'bench') {
    parts.push('<rect x="36" y="84" width="36" height="8" rx="2" fill="#cbd5e1"/>');
  }
  if (prop === 'band') parts.push(line(p(110, 20), p(110, 92), '#94a3b8', 3));
  parts.push(limb([body.hip, body.far.knee, body.far.foot], FAR, 6));
  parts.push(limb([body.neck, far.elbow, far.hand], FAR, 5));
  parts.push(limb([body.neck, body.hip], NEAR, 7));
  parts.push(limb([body.hip, body.near.knee, body.near.foot], NEAR, 6));
  parts.push(limb([body.neck, near.elbow, near.hand], NEAR, 5));
  parts.push(
    `<circle cx="${n(body.head.x)}" cy="${n(body.head.y)}" r="6" fill="#ffffff" stroke="${NEAR}" stroke-width="3"/>`,
  );
  if (prop === 'band') parts.push(line(near.hand, p(110, near.hand.y), PROP, 2));
  if (prop === 'club' || arms === 'club') {
    const dx = near.hand.x - near.elbow.x;
    const dy = near.hand.y - near.elbow.y;
    const length = Math.hypot(dx, dy) || 1;
    const tip = add(near.hand, p((dx / length) * 30, (dy / length) * 30));
    parts.push(line(near.hand, tip, '#334155', 2));
  }
  const title = escapeXml(exercise.name);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 100" role="img">` +
    `<title>${title}</title>${parts.join('')}</svg>`
  );
}
