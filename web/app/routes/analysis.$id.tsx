import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { AnalysisDetailScreen } from '~/components/analysis/detail/AnalysisDetailScreen';
import { useRootData } from '~/lib/root-data';
import { requireUserId } from '~/lib/session.server';

export const meta: MetaFunction = () => [{ title: 'Detailed Analysis · SwingFit' }];

export function loader({ params, context }: LoaderFunctionArgs) {
  requireUserId(context);
  return { id: params['id'] ?? '' };
}

export default function AnalysisDetail() {
  const { id } = useLoaderData<typeof loader>();
  const { user } = useRootData();
  return <AnalysisDetailScreen key={id} id={id} isPremium={!!user?.isPremium} />;
}
