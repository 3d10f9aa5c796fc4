import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { AnalysisLoadingScreen } from '~/components/analysis/AnalysisLoadingScreen';
import { requireUserId } from '~/lib/session.server';

export const meta: MetaFunction = () => [{ title: 'Analyzing Your Swing · SwingFit' }];

export function loader({ params, context }: LoaderFunctionArgs) {
  requireUserId(context);
  return { id: params['id'] ?? '' };
}

export default function AnalysisLoading() {
  const { id } = useLoaderData<typeof loader>();
  // A new id starts a new clock.
  return <AnalysisLoadingScreen key={id} id={id} />;
}
