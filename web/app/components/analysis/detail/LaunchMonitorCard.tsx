import {
  CLUB_LABELS,
  isClub,
  compareWithTour,
  type MetricComparison,
  type LaunchMonitorData,
} from '../../../../../src/modules/swing-engine/rules';
import type { AnalysisView } from '~/lib/analysis-api';
import { Card } from './Card';

/** The launch data of an analysis, when it has the required part (club and both speeds). */
export function launchData(a: AnalysisView): LaunchMonitorData | null {
  if (!a.clubSelection || !isClub(a.clubSelection) || !a.clubSpeed || !a.ballSpeed) return null;
  return {
    clubSelection: a.clubSelection,
    tourComparison: a.tourComparison ?? 'pga',
    clubSpeed: a.clubSpeed,
    ballSpeed: a.ballSpeed,
    age: null,
    clubPath: a.clubPath,
    faceAngle: a.faceAngle,
    spinRate: a.spinRate,
    carry: a.carry,
    total: a.total,
  };
}

const VERDICT = {
  better: 'text-green-700',
  'tour-like': 'text-slate-700',
  worse: 'text-red-700',
} as const;

function format(m: MetricComparison, value: number) {
  const text = m.metric === 'smashFactor' ? value.toFixed(2) : String(value);
  return m.unit ? `${text} ${m.unit}` : text;
}

/** Spec section 2: your numbers against the tour pros (the female row for lpga). */
export function LaunchMonitorCard({ analysis }: { analysis: AnalysisView }) {
  const data = launchData(analysis);
  if (!data) {
    return (
      <Card title="Launch Monitor Analysis" testId="launch-monitor-card">
        <p className="text-sm text-slate-600">
          No launch monitor data was entered with this swing. Add club and ball speed on your next
          upload to compare with tour pros.
        </p>
      </Card>
    );
  }
  const tour = data.tourComparison === 'lpga' ? 'LPGA Tour (female)' : 'PGA Tour (male)';
  const metrics = compareWithTour(data);
  return (
    <Card
      title="Launch Monitor Analysis"
      subtitle={`${CLUB_LABELS[data.clubSelection]} compared to ${tour} averages`}
      testId="launch-monitor-card"
    >
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-slate-500">
            <th className="pb-2 font-medium">Metric</th>
            <th className="pb-2 text-right font-medium">You</th>
            <th className="pb-2 text-right font-medium">Tour</th>
            <th className="pb-2 text-right font-medium">Diff</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {metrics.map((m) => (
            <tr key={m.metric} data-testid={`tour-${m.metric}`}>
              <td className="py-2 text-slate-700">{m.label}</td>
              <td className="py-2 text-right font-semibold">{format(m, m.value)}</td>
              <td className="py-2 text-right text-slate-600">{format(m, m.tour)}</td>
              <td className={`py-2 text-right font-semibold ${VERDICT[m.verdict]}`}>
                {m.percent > 0 ? '+' : ''}
                {m.percent}%
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {analysis.launchMonitorAssessment && (
        <p className="mt-3 rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
          {analysis.launchMonitorAssessment}
        </p>
      )}
    </Card>
  );
}
