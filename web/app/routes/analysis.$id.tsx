import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { isAppError } from '../../../src/shared/errors/app-errors';
import { AnalysisDetailScreen } from '~/components/analysis/detail/AnalysisDetailScreen';
import type { AnalysisView, MonthlyAverage } from '~/lib/analysis-api';
import { useRootData } from '~/lib/root-data';
import { requireUserId } from '~/lib/session.server';

export const meta: MetaFunction = () => [{ title: 'Detailed Analysis · SwingFit' }];

/** The analysis and its club's month average; an unknown (or another's) id is not found. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const userId = requireUserId(context);
  const id = params['id'] ?? '';
  const { analyses } = context.services;
  let analysis: AnalysisView;
  try {
    analysis = await analyses.get(userId, id);
  } catch (error) {
    if (isAppError(error) && error.status === 404) {
      return json({ id, analysis: null, average: null }, { status: 404 });
    }
    throw error;
  }
  const club = analysis.clubSelection;
  const average: MonthlyAverage | null = club
    ? await analyses.monthlyAverage(userId, club).catch(() => null)
    : null;
  return json({ id, analysis, average });
}

export default function AnalysisDetail() {
  const data = useLoaderData<typeof loader>();
  const { user } = useRootData();
  return (
    <AnalysisDetailScreen
      key={data.id}
      id={data.id}
      isPremium={!!user?.isPremium}
      initial={data.analysis as AnalysisView | null}
      initialAverage={data.average as MonthlyAverage | null}
    />
  );
}
