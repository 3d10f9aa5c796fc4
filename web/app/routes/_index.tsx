import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PublicRoot } from '~/components/landing/PublicRoot';
import { HomeScreen } from '~/components/home/HomeScreen';
import { assertCsrf, requireUserId } from '~/lib/session.server';
import { useRootData } from '~/lib/root-data';

/** The user comes from the root loader; Home adds its analyses and the points ledger's totals. */
export async function loader({ context }: LoaderFunctionArgs) {
  if (!context.userId) return json({ home: null });
  const { analyses, uploadQuotas, points, leaderboard } = context.services;
  const [analysisCount, latest, uploadStatus, summary, standing] = await Promise.all([
    analyses.count(context.userId),
    analyses.latest(context.userId),
    // The Video Uploads card reads it again from the browser when this fails.
    uploadQuotas.status(context.userId).catch(() => null),
    points.summary(context.userId),
    leaderboard.position(context.userId),
  ]);
  return json({
    home: {
      analysisCount,
      latest,
      uploadStatus,
      points: {
        streak: summary.streak,
        monthlyPoints: summary.monthlyPoints,
        position: standing.position,
      },
    },
  });
}

/** The only form on Home: dismissing the welcome box, remembered on the account. */
export async function action({ request, context }: ActionFunctionArgs) {
  const userId = requireUserId(context);
  const form = await request.formData();
  assertCsrf(context, form);
  if (form.get('intent') === 'dismiss-welcome') {
    await context.services.identity.dismissWelcome(userId);
    return json({ ok: true });
  }
  return json({ ok: false, error: 'Unknown action' }, { status: 400 });
}

export default function Index() {
  const { home } = useLoaderData<typeof loader>();
  const { user } = useRootData();
  if (!home || !user) return <PublicRoot />;
  return (
    <HomeScreen
      user={user}
      analysisCount={home.analysisCount}
      latest={home.latest}
      uploadStatus={home.uploadStatus}
      points={home.points}
    />
  );
}
