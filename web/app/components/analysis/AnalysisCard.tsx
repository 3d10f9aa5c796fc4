import type { ReactNode } from 'react';
import type { AnalysisSummary } from '../../../../src/modules/analysis/domain/analysis-summary';
import { analysisAge } from '~/lib/ages';

const CLUB_LABELS: Record<string, string> = { driver: 'Driver', '7-iron': '7 Iron' };

interface Props {
  analysis: AnalysisSummary;
  /** Buttons under the card (View and Delete in the history list). */
  actions?: ReactNode;
}

/** One analysis in its failed, in-progress or complete state (spec section 4). */
export function AnalysisCard({ analysis, actions }: Props) {
  const club = analysis.clubSelection
    ? (CLUB_LABELS[analysis.clubSelection] ?? analysis.clubSelection)
    : null;
  if (analysis.state === 'failed') {
    return (
      <div
        className="rounded-xl border border-red-200 bg-red-50 p-4"
        data-testid="analysis-card"
        data-state="failed"
      >
        <div className="flex items-center justify-between">
          <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white">
            Analysis Failed
          </span>
          <Age createdAt={analysis.createdAt} />
        </div>
        <p className="mt-2 text-sm text-red-800">
          Unable to analyze video. Please try uploading again.
        </p>
        <button
          type="button"
          disabled
          className="mt-3 rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-slate-400"
        >
          View Error Details
        </button>
        {actions}
      </div>
    );
  }
  if (analysis.state === 'in-progress') {
    return (
      <div
        className="rounded-xl bg-slate-50 p-4"
        data-testid="analysis-card"
        data-state="in-progress"
      >
        <div className="flex items-center gap-3">
          <span
            className="h-5 w-5 animate-spin rounded-full border-2 border-brand border-t-transparent"
            aria-hidden
          />
          <p className="flex-1 text-sm font-medium text-slate-700">AI analysis in progress...</p>
          <Age createdAt={analysis.createdAt} />
        </div>
        {actions}
      </div>
    );
  }
  const hasSpeeds = analysis.clubSpeed !== null || analysis.ballSpeed !== null;
  const issues = analysis.keyIssues;
  return (
    <div className="rounded-xl bg-slate-50 p-4" data-testid="analysis-card" data-state="complete">
      <div className="flex items-center justify-between">
        <span className="rounded-full bg-brand px-2 py-0.5 text-xs font-bold text-white">
          Analysis Complete
        </span>
        <Age createdAt={analysis.createdAt} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        {club && <Stat label="Club" value={club} />}
        {analysis.clubSpeed !== null && (
          <Stat label="Club speed" value={`${analysis.clubSpeed} mph`} />
        )}
        {analysis.ballSpeed !== null && (
          <Stat label="Ball speed" value={`${analysis.ballSpeed} mph`} />
        )}
        {analysis.shoulderTurn && <Stat label="Shoulder turn" value={analysis.shoulderTurn} />}
        {analysis.hipTurn && <Stat label="Hip turn" value={analysis.hipTurn} />}
      </dl>
      {!hasSpeeds && issues.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm text-slate-700">
          {issues.slice(0, 3).map((issue) => (
            <li key={issue}>• {issue}</li>
          ))}
          {issues.length > 3 && <li className="text-slate-500">+{issues.length - 3} more</li>}
        </ul>
      )}
      {actions}
    </div>
  );
}

function Age({ createdAt }: { createdAt: string }) {
  // The age depends on the clock: the server's and the browser's render may differ by a tick.
  return (
    <span className="text-xs text-slate-500" suppressHydrationWarning>
      {analysisAge(createdAt)}
    </span>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  // A trailing note such as '(moderate)' reads quieter than the number.
  const [, figure, note] = /^(.*?)\s*(\([^)]*\))?$/.exec(value) ?? [];
  if (!/\d/.test(value)) {
    // No number: why it was not measured (decision 0014), in small print.
    return (
      <div>
        <dt className="text-xs text-slate-500">{label}</dt>
        <dd className="text-xs text-slate-500">{value}</dd>
      </div>
    );
  }
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-semibold text-slate-900">
        <span>{figure || value}</span>
        {note && <span className="block text-xs font-normal text-slate-500">{note}</span>}
      </dd>
    </div>
  );
}
