import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PublicRoot } from '~/components/landing/PublicRoot';
import { HomeScreen } from '~/components/home/HomeScreen';
import { assertCsrf, requireUserId } from '~/lib/session.server';

export async function loader({ context }: LoaderFunctionArgs) {
  if (!context.userId) return json({ home: null });
  const { identity, analyses } = context.services;
  const [user, analysisCount, latest] = await Promise.all([
    identity.currentUser(context.userId),
    analyses.countForUser(context.userId),
    analyses.latestForUser(context.userId),
  ]);
  if (!user) return json({ home: null });
  return json({ home: { user, analysisCount, latest } });
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
  if (!home) return <PublicRoot />;
  return <HomeScreen user={home.user} analysisCount={home.analysisCount} latest={home.latest} />;
}
