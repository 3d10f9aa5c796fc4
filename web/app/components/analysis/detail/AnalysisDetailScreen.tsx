import { Link } from '@remix-run/react';
import { useEffect } from 'react';
import { bestMetrics } from '../../../../../src/modules/swing-engine/rules';
import {
  analysisError,
  analysisPaths,
  type AnalysisView,
  type MonthlyAverage,
} from '~/lib/analysis-api';
import { useApiQuery } from '~/lib/use-api';
import { ChevronLeftIcon } from '~/ui/icons';
import { Spinner } from '~/ui/Spinner';
import { PremiumNotice } from '../PremiumNotice';
import { FreeSummary } from './FreeSummary';
import { LaunchMonitorCard } from './LaunchMonitorCard';
import { MobilityCard } from './MobilityCard';
import { MonthlyProgressCard } from './MonthlyProgressCard';
import { SwingAssessmentCard } from './SwingAssessmentCard';
import { SwingVideoCard, type VideoSource } from './SwingVideoCard';

export const NOT_FOUND_MESSAGE = 'Analysis not found. Please try again.';

interface Props {
  id: string;
  isPremium: boolean;
  /** The loader's analysis; null when there is none to show (not found). */
  initial: AnalysisView | null;
  initialAverage: MonthlyAverage | null;
}

/** /analysis/{id}: premium users get every card, free users the summary and the notice. */
export function AnalysisDetailScreen({ id, isPremium, initial, initialAverage }: Props) {
  const query = useApiQuery<AnalysisView>(initial ? analysisPaths.one(id) : null, {
    initial: initial ?? undefined,
  });
  const analysis = query.data;
  const running = !!analysis && !analysis.isComplete && !analysis.hasError;
  // An analysis still running is looked at again every 2 s.
  useApiPoll(running ? query.refetch : null);

  return (
    <div className="space-y-5">
      <div>
        <Link
          to="/analysis"
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand"
        >
          <ChevronLeftIcon />
          Back to Analysis
        </Link>
        <h1 className="mt-1 text-2xl font-extrabold text-slate-900">Detailed Analysis</h1>
      </div>
      {initial === null ? (
        <ErrorState message={NOT_FOUND_MESSAGE} />
      ) : (
        <Body
          query={query}
          analysis={analysis}
          running={running}
          isPremium={isPremium}
          average={initialAverage}
        />
      )}
    </div>
  );
}

function useApiPoll(refetch: (() => void) | null) {
  useEffect(() => {
    if (!refetch) return;
    const timer = window.setInterval(refetch, 2000);
    return () => window.clearInterval(timer);
  }, [refetch]);
}

function Body(props: {
  query: { error: Error | null };
  analysis: AnalysisView | undefined;
  running: boolean;
  isPremium: boolean;
  average: MonthlyAverage | null;
}) {
  const { analysis } = props;
  if (!analysis && props.query.error) {
    return <ErrorState message={NOT_FOUND_MESSAGE} />;
  }
  if (!analysis) {
    return (
      <div className="py-16">
        <Spinner label="Loading analysis..." />
      </div>
    );
  }
  const error = analysisError(analysis);
  if (error) return <ErrorState message={error} />;
  if (props.running) {
    return (
      <div className="rounded-2xl bg-white p-8 shadow-sm" data-testid="analysis-running">
        <Spinner label="AI analysis in progress..." />
      </div>
    );
  }
  const results = analysis.analysisResults;
  const report = results?.report ?? null;
  // The assessment was drawn from each metric's better video; show the same numbers.
  const metrics = report ? bestMetrics(report.faceOn, report.downTheLine ?? null) : [];
  const twoVideos = !!report?.downTheLine;
  if (!props.isPremium) {
    return (
      <>
        <FreeSummary analysis={analysis} metrics={metrics} />
        <PremiumNotice />
        <WorkoutButton />
      </>
    );
  }
  const sources: VideoSource[] = [];
  if (analysis.faceOnVideoUrl) {
    sources.push({
      view: 'face-on',
      label: 'Face-On',
      videoUrl: analysis.faceOnVideoUrl,
      poseUrl: results?.media.poseTracks.faceOn ?? null,
      report: report?.faceOn ?? null,
      stills: results?.media.eventStills,
    });
  }
  if (analysis.downTheLineVideoUrl) {
    sources.push({
      view: 'down-the-line',
      label: 'Down-the-Line',
      videoUrl: analysis.downTheLineVideoUrl,
      poseUrl: results?.media.poseTracks.downTheLine ?? null,
      report: report?.downTheLine ?? null,
    });
  }
  const coaching = results?.coaching?.text ?? null;
  return (
    <>
      <LaunchMonitorCard analysis={analysis} />
      <MonthlyProgressCard analysis={analysis} initialAverage={props.average} />
      {sources.length > 0 && <SwingVideoCard sources={sources} />}
      <SwingAssessmentCard
        analysis={analysis}
        metrics={metrics}
        showSource={twoVideos}
        coaching={coaching}
        disclaimer={report?.disclaimer ?? null}
      />
      <MobilityCard mobility={analysis.mobilityAnalysis} metrics={metrics} showSource={twoVideos} />
      <WorkoutButton />
    </>
  );
}

function WorkoutButton() {
  return (
    <Link
      to="/daily-workout"
      className="block rounded-xl bg-brand py-3.5 text-center text-lg font-bold text-white shadow-sm hover:bg-brand-dark"
    >
      Today&apos;s Workout
    </Link>
  );
}

function ErrorState({ message }: { message: string }) {
  return (
    <div className="rounded-2xl bg-white p-6 text-center shadow-sm" data-testid="analysis-error">
      <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-red-100 text-2xl font-bold text-red-600">
        !
      </div>
      <p className="mt-3 text-slate-700">{message}</p>
      <Link
        to="/upload"
        className="mt-4 inline-block rounded-xl bg-brand px-5 py-3 font-semibold text-white hover:bg-brand-dark"
      >
        Upload New Video
      </Link>
    </div>
  );
}
