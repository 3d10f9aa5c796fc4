import type { FocusCategory } from '../../../swing-engine/rules';
import type { Difficulty, Equipment, ExerciseCategory, ExerciseDefinition } from '../exercise';
import type { Arms, Posture, Prop } from '../exercise-pose';

/** Short names for the spec's seven focus categories, to keep the catalog readable. */
export const FOCUS = {
  core: 'Core Control & Rotational Strength',
  thoracic: 'Thoracic Spine Mobility',
  lowerBody: 'Lower Body Stability & Strength',
  pelvis: 'Pelvic Mobility & Control',
  shoulder: 'Shoulder Mobility & Stability',
  posture: 'Postural Integrity',
  ankle: 'Ankle Mobility & Foot Function',
} as const satisfies Record<string, FocusCategory>;

type Focus = keyof typeof FOCUS;

export interface ExerciseEntry {
  slug: string;
  name: string;
  focus: Focus[];
  difficulty: Difficulty;
  /** [seconds, sets, repetitions] */
  dose: [number, number, number];
  equipment?: Equipment;
  free?: boolean;
  pose: [Posture, Arms, Prop?];
  description: string;
  cues: string[];
  why: string;
  harder?: string;
}

/** One category's entries as catalog definitions. */
export function defineExercises(
  category: ExerciseCategory,
  entries: ExerciseEntry[],
): ExerciseDefinition[] {
  return entries.map((e) => ({
    slug: e.slug,
    name: e.name,
    description: e.description,
    cues: e.cues,
    golfReason: e.why,
    category,
    focusAreas: e.focus.map((f) => FOCUS[f]),
    difficulty: e.difficulty,
    durationSeconds: e.dose[0],
    sets: e.dose[1],
    repetitions: e.dose[2],
    equipment: e.equipment ?? 'bodyweight',
    isPremium: !e.free,
    ...(e.harder ? { harderVariant: e.harder } : {}),
    illustration: { posture: e.pose[0], arms: e.pose[1], prop: e.pose[2] ?? 'none' },
  }));
}
