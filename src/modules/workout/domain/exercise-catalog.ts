/**
 * The exercise library (issue 14): written by us, kept in the repository, loaded into the
 * database at boot (ExerciseLibraryService). Bump EXERCISE_CATALOG_VERSION with every edit: the
 * boot sync updates rows whose version is older; slugs are never reused, so logs keep pointing
 * at the right exercise.
 */
import type { FocusCategory } from '../../swing-engine/rules';
import type { ExerciseDefinition } from './exercise';
import { BALANCE } from './exercise-catalog/balance';
import { MOBILITY } from './exercise-catalog/mobility';
import { STRENGTH } from './exercise-catalog/strength';

export const EXERCISE_CATALOG_VERSION = 1;

export const EXERCISE_CATALOG: readonly ExerciseDefinition[] = [
  ...MOBILITY,
  ...STRENGTH,
  ...BALANCE,
];

export function findExercise(slug: string): ExerciseDefinition | undefined {
  return EXERCISE_CATALOG.find((e) => e.slug === slug);
}

export function exerciseByName(name: string): ExerciseDefinition | undefined {
  const wanted = name.trim().toLowerCase();
  return EXERCISE_CATALOG.find((e) => e.name.toLowerCase() === wanted);
}

export function exercisesFor(focus: FocusCategory): ExerciseDefinition[] {
  return EXERCISE_CATALOG.filter((e) => e.focusAreas.includes(focus));
}
