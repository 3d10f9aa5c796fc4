import {
  mobilityValue,
  CLUB_LABELS,
  isClub,
  isTrusted,
  untrustedReason,
  type SwingMetric,
} from '../../../../../src/modules/swing-engine/rules';
import type { AnalysisView } from '~/lib/analysis-api';
import { Card, EstimateBadge } from './Card';

/** What a free user sees: speeds, shoulder and hip turn, up to 3 key issues. */
export function FreeSummary(props: { analysis: AnalysisView; metrics: SwingMetric[] }) {
  const a = props.analysis;
  const club = a.clubSelection && isClub(a.clubSelection) ? CLUB_LABELS[a.clubSelection] : null;
  const turn = (metric: 'shoulderTurn' | 'hipTurn', key: 'shoulderTurn' | 'hipRotation') => {
    const measured = props.metrics.find((m) => m.key === metric);
    // An untrusted estimate shows why, never its number (decision 0014).
    if (measured && !isTrusted(measured))
      return { value: untrustedReason(measured), confidence: null };
    const value = measured?.value ?? mobilityValue(a.mobilityAnalysis?.[key], key);
    return {
      value: value ? `${Math.round(value)}°` : '–',
      confidence: measured?.confidence ?? null,
    };
  };
  const shoulder = turn('shoulderTurn', 'shoulderTurn');
  const hip = turn('hipTurn', 'hipRotation');
  const issues = a.keyIssues ?? [];
  return (
    <Card title="Swing Summary" subtitle={club ?? undefined} testId="free-summary">
      <dl className="grid grid-cols-2 gap-3">
        <Stat label="Club Speed" value={a.clubSpeed !== null ? `${a.clubSpeed} mph` : '–'} />
        <Stat label="Ball Speed" value={a.ballSpeed !== null ? `${a.ballSpeed} mph` : '–'} />
        <Stat label="Shoulder Turn" value={shoulder.value} confidence={shoulder.confidence} />
        <Stat label="Hip Turn" value={hip.value} confidence={hip.confidence} />
      </dl>
      {issues.length > 0 && (
        <div className="mt-4">
          <h3 className="text-sm font-bold text-slate-900">Key Issues</h3>
          <ul className="mt-1 space-y-1 text-sm text-slate-700">
            {issues.slice(0, 3).map((issue) => (
              <li key={issue}>• {issue}</li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}

function Stat(props: { label: string; value: string; confidence?: number | null }) {
  return (
    <div className="rounded-xl bg-slate-50 p-3">
      <dt className="text-xs text-slate-500">{props.label}</dt>
      <dd
        className={
          /\d|^–$/.test(props.value)
            ? 'text-lg font-bold text-slate-900'
            : 'mt-1 text-sm font-medium text-slate-600'
        }
      >
        {props.value}
      </dd>
      {props.confidence != null && <EstimateBadge confidence={props.confidence} compact />}
    </div>
  );
}
