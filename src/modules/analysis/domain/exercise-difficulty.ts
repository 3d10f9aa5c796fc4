export type DifficultyLabel = 'Easy' | 'Medium' | 'Hard';

/**
 * Spec section 5: difficulty (1-5) of 2 or below is Easy, 3 Medium, above Hard. A fractional
 * value between 2 and 3 counts as Medium.
 */
export function difficultyLabel(difficulty: number): DifficultyLabel {
  if (difficulty <= 2) return 'Easy';
  if (difficulty <= 3) return 'Medium';
  return 'Hard';
}
