import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import type { AnalysisSummary } from '../../../src/modules/analysis/domain/analysis-summary';
import { useLoaderData } from '@remix-run/react';
import { AnalysisHistory } from '~/components/analysis/AnalysisHistory';
import { MonthlyAveragesCard } from '~/components/analysis/MonthlyAveragesCard';
import { PremiumNotice } from '~/components/analysis/PremiumNotice';
import { VideoUploadsSection } from '~/components/home/VideoUploadsSection';
import { useRootData } from '~/lib/root-data';
import { requireUserId } from '~/lib/session.server';

export const meta: MetaFunction = () => [{ title: 'Swing Analysis · SwingFit' }];

const HISTORY_LIMIT = 200;

export async function loader({ context }: LoaderFunctionArgs) {
  const userId = requireUserId(context);
  const { analyses, uploadQuotas } = context.services;
  const [averages, uploadStatus] = await Promise.all([
    Promise.all([
      analyses.monthlyAverage(userId, 'driver'),
      analyses.monthlyAverage(userId, '7-iron'),
    ]).then(([driver, sevenIron]) => ({ driver, sevenIron }), logged('monthly averages')),
    uploadQuotas.status(userId).catch(logged('upload status')),
  ]);
  try {
    const history = await analyses.recent(userId, HISTORY_LIMIT);
    return json({ analyses: history, averages, uploadStatus, error: null as string | null });
  } catch (error) {
    console.error('analysis list', error);
    return json({
      analyses: [] as AnalysisSummary[],
      averages,
      uploadStatus,
      error: 'Failed to load swing analyses. Please try again.',
    });
  }
}

/** A card whose data failed here loads it again from the browser. */
function logged(what: string) {
  return (error: unknown) => {
    console.error(what, error);
    return null;
  };
}

export default function AnalysisPage() {
  const { analyses, averages, uploadStatus, error } = useLoaderData<typeof loader>();
  const { user, csrfToken } = useRootData();
  if (!user) return null;
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-extrabold text-slate-900">Swing Analysis</h1>
      <MonthlyAveragesCard initial={averages} />
      <VideoUploadsSection user={user} status={uploadStatus} />
      {!user.isPremium && <PremiumNotice />}
      {error ? (
        <p className="rounded-xl bg-red-50 p-4 text-sm text-red-800" role="alert">
          {error}
        </p>
      ) : (
        <AnalysisHistory analyses={analyses} csrfToken={csrfToken} />
      )}
    </div>
  );
}
