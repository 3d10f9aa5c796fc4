/**
 * The key position of an exercise, for its illustration: a body posture, what the arms do, and
 * the equipment in the picture. Drawn by exercise-illustration.ts; every exercise's combination
 * is its own (the catalog spec checks).
 */
export const POSTURES = [
  'stand',
  'stand-wide',
  'hinge',
  'squat',
  'lunge',
  'lateral-lunge',
  'half-kneel',
  'tall-kneel',
  'single-leg',
  'single-leg-hinge',
  'quadruped',
  'bird-dog',
  'supine',
  'bridge',
  'dead-bug',
  'side-lying',
  'prone',
  'plank',
  'side-plank',
  'seated',
  'golf-address',
  'golf-top',
  'heel-raise',
  'step-back',
] as const;
export type Posture = (typeof POSTURES)[number];

export const ARMS = [
  'down',
  'hips',
  'forward',
  'overhead',
  'wide',
  'cross',
  'rotate',
  'reach-up',
  'behind-head',
  'press',
  'row',
  'club',
] as const;
export type Arms = (typeof ARMS)[number];

export type Prop = 'none' | 'band' | 'wall' | 'bench' | 'club';

export interface ExercisePose {
  posture: Posture;
  arms: Arms;
  prop?: Prop;
}
