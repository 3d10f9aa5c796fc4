/**
 * A library exercise as the repository keeps it (issue 14): our own words, versioned with the
 * catalog, loaded into the database at boot. Pure data and rules, no I/O.
 */
import type { FocusCategory } from '../../swing-engine/rules';
import type { ExercisePose } from './exercise-pose';

export type ExerciseCategory = 'mobility' | 'strength' | 'balance';
export type Equipment = 'bodyweight' | 'resistance-band';
export type Difficulty = 1 | 2 | 3 | 4 | 5;

export interface ExerciseDefinition {
  /** Stable key, never reused: logs and ratings point at it. */
  slug: string;
  name: string;
  description: string;
  /** 2-4 short coaching cues. */
  cues: string[];
  /** One sentence: what it does for the swing. */
  golfReason: string;
  category: ExerciseCategory;
  /** 1-3 of the spec's seven focus categories. */
  focusAreas: FocusCategory[];
  difficulty: Difficulty;
  durationSeconds: number;
  sets: number;
  /** Per side where the exercise has sides (its description says so). */
  repetitions: number;
  equipment: Equipment;
  isPremium: boolean;
  /** A harder exercise of the same movement, for progression. */
  harderVariant?: string;
  illustration: ExercisePose;
}

/** Spec section 5: 2 or below Easy, 3 Medium, above Hard. */
export function difficultyLabel(difficulty: number): 'Easy' | 'Medium' | 'Hard' {
  if (difficulty <= 2) return 'Easy';
  if (difficulty === 3) return 'Medium';
  return 'Hard';
}

/** '1:30' for 90 seconds (spec section 2: duration as m:ss). */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
