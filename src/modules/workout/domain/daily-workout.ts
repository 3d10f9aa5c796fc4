/**
 * The day's workout (issue 14): 6-8 exercises across the golfer's four focus areas, with variety
 * from the previous days and a step up where the golfer has mastered an exercise. Pure and
 * deterministic: the same inputs (golfer and date in the seed) give the same workout.
 */
import type { FocusCategory, FocusReason } from '../../swing-engine/rules';
import type { ExerciseDefinition } from './exercise';

export const WORKOUT_SIZE = 8;
export const MIN_WORKOUT_SIZE = 6;
/** Completions at full sets before the harder variant takes an exercise's place. */
export const PROGRESSION_COMPLETIONS = 3;

export interface WorkoutInputs {
  focus: FocusReason[];
  isPremium: boolean;
  /** Slugs in the golfer's workouts of the last few days: picked again only when nothing else fits. */
  recent: ReadonlySet<string>;
  /** Completions at full sets per slug. */
  mastered: ReadonlyMap<string, number>;
  /** e.g. the golfer's id and the local date. */
  seed: string;
}

export interface PlannedExercise {
  slug: string;
  focus: FocusCategory;
  /** Why it is in today's workout, tied to what was measured. */
  reason: string;
  /** Set when it replaced an exercise the golfer has mastered. */
  progressedFrom?: string;
}

export function planDailyWorkout(
  catalog: readonly ExerciseDefinition[],
  inputs: WorkoutInputs,
): PlannedExercise[] {
  const allowed = catalog.filter((e) => inputs.isPremium || !e.isPremium);
  const bySlug = new Map(allowed.map((e) => [e.slug, e]));
  const chosen: PlannedExercise[] = [];
  const taken = new Set<string>();
  const perArea = Math.ceil(WORKOUT_SIZE / Math.max(1, inputs.focus.length));

  for (let round = 0; round < perArea && chosen.length < WORKOUT_SIZE; round++) {
    for (const area of inputs.focus) {
      if (chosen.length >= WORKOUT_SIZE) break;
      const candidates = allowed
        .filter((e) => e.focusAreas.includes(area.focus) && !taken.has(e.slug))
        // Fresh ones first, then a stable shuffle of the day; mixed categories come naturally.
        .sort(
          (a, b) =>
            Number(inputs.recent.has(a.slug)) - Number(inputs.recent.has(b.slug)) ||
            hash(`${inputs.seed}:${a.slug}`) - hash(`${inputs.seed}:${b.slug}`),
        );
      const pick = candidates[0];
      if (!pick) continue;
      const step = progression(pick, bySlug, inputs.mastered, taken);
      taken.add(pick.slug);
      taken.add(step.slug);
      chosen.push({
        slug: step.slug,
        focus: area.focus,
        reason: area.reason,
        ...(step !== pick ? { progressedFrom: pick.slug } : {}),
      });
    }
  }
  return chosen;
}

/** The harder variant, followed while the golfer has mastered each step and may do it. */
function progression(
  exercise: ExerciseDefinition,
  bySlug: ReadonlyMap<string, ExerciseDefinition>,
  mastered: ReadonlyMap<string, number>,
  taken: ReadonlySet<string>,
): ExerciseDefinition {
  let current = exercise;
  const seen = new Set([exercise.slug]);
  while ((mastered.get(current.slug) ?? 0) >= PROGRESSION_COMPLETIONS && current.harderVariant) {
    const next = bySlug.get(current.harderVariant);
    if (!next || seen.has(next.slug) || taken.has(next.slug)) break;
    seen.add(next.slug);
    current = next;
  }
  return current;
}

/** FNV-1a: a small, stable string hash for the day's order. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
