import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { isAppError } from '../../../src/shared/errors/app-errors';
import type { DailyWorkoutView } from '../../../src/modules/workout/application/daily-workout.service';
import { DailyWorkoutScreen, type WorkoutState } from '~/components/workout/DailyWorkoutScreen';
import { requireUserId } from '~/lib/session.server';

export const meta: MetaFunction = () => [{ title: 'Daily Workout · SwingFit' }];

/**
 * Each load is a view of the day's workout (a free golfer has one a day), so it is read once
 * here on the server and never refetched in the background.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const userId = requireUserId(context);
  let state: WorkoutState;
  try {
    const workout: DailyWorkoutView = await context.services.dailyWorkouts.view(userId);
    state = workout.exercises.length ? { kind: 'workout', workout } : { kind: 'empty' };
  } catch (error) {
    if (isAppError(error) && error.status === 404) state = { kind: 'no-analysis' };
    else if (isAppError(error) && error.status === 403) state = { kind: 'limit' };
    else {
      console.error('daily workout', error);
      state = { kind: 'error' };
    }
  }
  const points = await context.services.points.summary(userId).catch(() => null);
  return json({ state, monthlyPoints: points?.monthlyPoints ?? 0 });
}

export default function DailyWorkoutPage() {
  const { state, monthlyPoints } = useLoaderData<typeof loader>();
  return <DailyWorkoutScreen state={state} monthlyPoints={monthlyPoints} />;
}
