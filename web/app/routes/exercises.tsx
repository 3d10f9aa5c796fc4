import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { ExerciseLibrary } from '~/components/exercises/ExerciseLibrary';
import { requireUserId } from '~/lib/session.server';

export const meta: MetaFunction = () => [{ title: 'Exercise Library · SwingFit' }];

export function loader({ context }: LoaderFunctionArgs) {
  requireUserId(context);
  return null;
}

/** Spec section 2, Exercise library: loaded from the browser, with a skeleton meanwhile. */
export default function ExercisesPage() {
  return <ExerciseLibrary />;
}
