import { explainFocusAreas } from '../../swing-engine/rules';
import { EXERCISE_CATALOG, findExercise } from './exercise-catalog';
import {
  MIN_WORKOUT_SIZE,
  planDailyWorkout,
  PROGRESSION_COMPLETIONS,
  WORKOUT_SIZE,
  type WorkoutInputs,
} from './daily-workout';

const measured = explainFocusAreas({ mobilityAnalysis: { shoulderTurn: '62° (limited)' } });
const inputs = (over: Partial<WorkoutInputs> = {}): WorkoutInputs => ({
  focus: measured,
  isPremium: true,
  recent: new Set(),
  mastered: new Map(),
  seed: 'golfer-1:2026-11-24',
  ...over,
});

describe('planDailyWorkout', () => {
  it('picks 6-8 different exercises across the four focus areas, each with its reason', () => {
    const plan = planDailyWorkout(EXERCISE_CATALOG, inputs());
    expect(plan.length).toBeGreaterThanOrEqual(MIN_WORKOUT_SIZE);
    expect(plan.length).toBeLessThanOrEqual(WORKOUT_SIZE);
    expect(new Set(plan.map((p) => p.slug)).size).toBe(plan.length);
    for (const area of measured) expect(plan.some((p) => p.focus === area.focus)).toBe(true);
    for (const p of plan) {
      expect(findExercise(p.slug)!.focusAreas).toContain(p.focus);
      expect(p.reason).toBe(measured.find((m) => m.focus === p.focus)!.reason);
    }
    expect(plan[0]!.reason).toBe('Shoulder turn 62° (limited), target 85-95°');
  });

  it('is the same for the same golfer and day, and varies from the previous days', () => {
    const first = planDailyWorkout(EXERCISE_CATALOG, inputs());
    expect(planDailyWorkout(EXERCISE_CATALOG, inputs())).toEqual(first);
    const next = planDailyWorkout(
      EXERCISE_CATALOG,
      inputs({ seed: 'golfer-1:2026-11-25', recent: new Set(first.map((p) => p.slug)) }),
    );
    const repeated = next.filter((p) => first.some((f) => f.slug === p.slug));
    expect(repeated.length).toBeLessThanOrEqual(1);
  });

  it('gives a free golfer only free exercises', () => {
    const plan = planDailyWorkout(EXERCISE_CATALOG, inputs({ isPremium: false }));
    expect(plan.length).toBeGreaterThanOrEqual(MIN_WORKOUT_SIZE);
    for (const p of plan) expect(findExercise(p.slug)!.isPremium).toBe(false);
  });

  it('steps up to the harder variant after three full completions', () => {
    const plan = planDailyWorkout(EXERCISE_CATALOG, inputs());
    const withHarder = plan.find((p) => findExercise(p.slug)!.harderVariant);
    expect(withHarder).toBeDefined();
    const mastered = new Map([[withHarder!.slug, PROGRESSION_COMPLETIONS]]);
    const stepped = planDailyWorkout(EXERCISE_CATALOG, inputs({ mastered }));
    const harder = findExercise(withHarder!.slug)!.harderVariant!;
    expect(stepped.some((p) => p.slug === harder && p.progressedFrom === withHarder!.slug)).toBe(
      true,
    );
    const notYet = planDailyWorkout(
      EXERCISE_CATALOG,
      inputs({ mastered: new Map([[withHarder!.slug, PROGRESSION_COMPLETIONS - 1]]) }),
    );
    expect(notYet.some((p) => p.slug === withHarder!.slug)).toBe(true);
  });

  it('uses the default focus areas and says why when nothing was measured', () => {
    const plan = planDailyWorkout(EXERCISE_CATALOG, inputs({ focus: explainFocusAreas({}) }));
    expect(plan.length).toBe(WORKOUT_SIZE);
    expect(plan.every((p) => /confidence/.test(p.reason))).toBe(true);
  });
});
