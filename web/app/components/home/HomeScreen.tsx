import { Link, useFetcher } from '@remix-run/react';
import type { PublicUser } from '../../../../src/modules/identity/domain/public-user';
import type { AnalysisSummary } from '../../../../src/modules/analysis/domain/analysis-summary';
import {
  multiplierLabel,
  streakTier,
} from '../../../../src/modules/gamification/domain/streak-multiplier';
import type { UploadStatus } from '~/lib/analysis-api';
import { CsrfInput } from '~/lib/csrf';
import { AnalysisCard } from '~/components/analysis/AnalysisCard';
import { VideoUploadsSection } from './VideoUploadsSection';
import { ChevronRightIcon, CloseIcon } from '~/ui/icons';

interface Props {
  user: PublicUser;
  analysisCount: number;
  latest: AnalysisSummary | null;
  uploadStatus?: UploadStatus | null;
  /** From the points ledger (gamification): the week streak, this month's points and rank. */
  points: { streak: number; monthlyPoints: number; position: number | null };
}

export function HomeScreen({ user, analysisCount, latest, uploadStatus, points }: Props) {
  const hasAnalysis = analysisCount > 0;
  const name = user.firstName?.trim() || 'Golfer';
  return (
    <div className="space-y-5">
      <section>
        <h1 className="text-2xl font-extrabold text-slate-900">
          {hasAnalysis ? `Welcome back, ${name}!` : `Let's get started, ${name}!`}
        </h1>
        <p className="mt-1 text-slate-600">
          {hasAnalysis
            ? 'Ready to Move Better and Play Longer?'
            : 'Your Golf Fitness Journey Begins Here!'}
        </p>
      </section>

      {!hasAnalysis && !user.welcomeDismissed && <WelcomeBox />}

      <div className="grid grid-cols-2 gap-3">
        <StreakCard weeks={points.streak} />
        <PointsCard points={points.monthlyPoints} position={points.position} />
      </div>

      <Link
        to="/daily-workout"
        className="block rounded-2xl bg-gradient-to-br from-brand to-brand-dark p-5 text-white shadow-md"
      >
        <p className="text-sm font-semibold uppercase tracking-wide text-green-100">Daily</p>
        <h2 className="mt-1 text-2xl font-extrabold">Today&apos;s Workout</h2>
        <p className="mt-1 text-green-50">Your personalized workout routine, updated daily</p>
        <span className="mt-4 inline-flex items-center gap-1 rounded-xl bg-white/15 px-3 py-1.5 text-sm font-semibold">
          Start workout
          <ChevronRightIcon className="h-4 w-4" />
        </span>
      </Link>

      <VideoUploadsSection user={user} status={uploadStatus} />

      <section className="rounded-2xl bg-white p-5 shadow-sm">
        <div className="flex items-center justify-between">
          <h2 className="text-lg font-bold">Latest Analysis Results</h2>
          {latest && (
            <Link to="/analysis" className="text-sm font-semibold text-brand hover:underline">
              View
            </Link>
          )}
        </div>
        {latest ? (
          <div className="mt-3">
            <AnalysisCard analysis={latest} />
          </div>
        ) : (
          <div className="mt-3 rounded-xl border border-dashed border-slate-300 p-5 text-center">
            <p className="font-semibold text-slate-700">No analysis yet</p>
            <p className="mt-1 text-sm text-slate-500">
              Upload a face-on swing video and your measured results will appear here.
            </p>
          </div>
        )}
      </section>
    </div>
  );
}

const STEPS = [
  'Upload your first swing video for AI analysis',
  'Review your detailed analysis and mobility insights',
  'Try your personalized daily workout',
  'Upgrade to Premium for unlimited features',
];

function WelcomeBox() {
  const fetcher = useFetcher();
  if (fetcher.state !== 'idle' || fetcher.data) return null; // hidden at once, remembered on the server
  return (
    <section
      data-testid="welcome-box"
      className="relative rounded-2xl border border-brand/20 bg-brand-light p-5"
    >
      <fetcher.Form method="post" className="absolute right-2 top-2">
        <CsrfInput />
        <input type="hidden" name="intent" value="dismiss-welcome" />
        <button
          type="submit"
          aria-label="Dismiss welcome"
          className="rounded-full p-2 text-slate-500 hover:bg-white/60"
        >
          <CloseIcon className="h-5 w-5" />
        </button>
      </fetcher.Form>
      <h2 className="pr-8 text-lg font-bold text-brand-dark">Welcome to SwingFit!</h2>
      <p className="mt-1 text-sm text-slate-700">Four steps to a stronger swing:</p>
      <ol className="mt-3 space-y-2">
        {STEPS.map((step, i) => (
          <li key={step} className="flex items-start gap-3 text-sm text-slate-800">
            <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand text-xs font-bold text-white">
              {i + 1}
            </span>
            <span className="pt-0.5">{step}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function StreakCard({ weeks }: { weeks: number }) {
  const tier = streakTier(weeks);
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm" data-testid="streak-card">
      <p className="text-sm font-medium text-slate-500">Week Streak</p>
      <p className="mt-1 text-3xl font-extrabold text-orange-500">{weeks}</p>
      <p className="text-xs text-slate-500">{weeks === 1 ? 'week' : 'weeks'}</p>
      {/* Two short lines: one pill would wrap into a blob in a half-width card on a phone. */}
      <p className="mt-2 inline-block whitespace-nowrap rounded-full bg-orange-50 px-2 py-0.5 text-xs font-semibold text-orange-700">
        {multiplierLabel(tier)} points
      </p>
      <p className="mt-1 text-xs text-slate-500">{tier.pointsPerExercise} per exercise</p>
    </section>
  );
}

function PointsCard({ points, position }: { points: number; position: number | null }) {
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm" data-testid="points-card">
      <p className="text-sm font-medium text-slate-500">Monthly Points</p>
      <p className="mt-1 text-3xl font-extrabold text-brand">{points.toLocaleString('en-US')}</p>
      <p className="text-xs text-slate-500" data-testid="monthly-rank">
        {position === null ? 'this month' : `#${position.toLocaleString('en-US')} this month`}
      </p>
      <Link
        to="/leaderboard"
        className="mt-2 inline-block text-xs font-semibold text-brand hover:underline"
      >
        How Points Work
      </Link>
    </section>
  );
}
