import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { LeaderboardScreen } from '~/components/leaderboard/LeaderboardScreen';
import { useRootData } from '~/lib/root-data';
import { requireUserId } from '~/lib/session.server';

export const meta: MetaFunction = () => [{ title: 'Leaderboard · SwingFit' }];

/** ?scope=state narrows the ranking to the golfer's own state (from the profile). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const userId = requireUserId(context);
  const { identity, leaderboard, points } = context.services;
  const user = await identity.getUser(userId);
  const byState = new URL(request.url).searchParams.get('scope') === 'state' && !!user.state;
  const [board, summary] = await Promise.all([
    leaderboard.monthly(userId, byState ? user.state : null),
    points.summary(userId),
  ]);
  return json({ board, summary });
}

export default function LeaderboardPage() {
  const { board, summary } = useLoaderData<typeof loader>();
  const { user } = useRootData();
  return <LeaderboardScreen board={board} summary={summary} userState={user?.state ?? null} />;
}
