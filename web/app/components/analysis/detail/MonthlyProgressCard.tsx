import { isClub } from '../../../../../src/modules/swing-engine/rules';
import { analysisPaths, type AnalysisView, type MonthlyAverage } from '~/lib/analysis-api';
import { progressAgainst, type Progress } from '~/lib/monthly-progress';
import { useApiQuery } from '~/lib/use-api';
import { Card } from './Card';

const ROWS = [
  { key: 'clubSpeed', label: 'Club Speed', unit: ' mph' },
  { key: 'ballSpeed', label: 'Ball Speed', unit: ' mph' },
  { key: 'carry', label: 'Carry', unit: ' yds' },
] as const;

/** This swing against the club's average of the past 30 days. */
export function MonthlyProgressCard(props: {
  analysis: AnalysisView;
  initialAverage?: MonthlyAverage | null;
}) {
  const { analysis } = props;
  const club =
    analysis.clubSelection && isClub(analysis.clubSelection) ? analysis.clubSelection : null;
  const average = useApiQuery<MonthlyAverage>(club ? analysisPaths.monthlyAverage(club) : null, {
    initial: props.initialAverage ?? undefined,
  });
  const rows = ROWS.filter((row) => analysis[row.key] !== null);
  return (
    <Card
      title="Monthly Progress Tracking"
      subtitle="This swing vs your 30-day average"
      testId="monthly-progress"
    >
      {!club || rows.length === 0 ? (
        <p className="text-sm text-slate-600">
          Enter launch monitor numbers with your uploads to track them month by month.
        </p>
      ) : average.error ? (
        <p className="text-sm text-red-700">Could not load your monthly average.</p>
      ) : !average.data ? (
        <p className="text-sm text-slate-400">Loading...</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {rows.map((row) => {
            const value = analysis[row.key]!;
            const avg = average.data?.[row.key];
            const progress = typeof avg === 'number' ? progressAgainst(value, avg, row.unit) : null;
            return (
              <li
                key={row.key}
                className="flex items-center justify-between py-2 text-sm"
                data-testid={`progress-${row.key}`}
              >
                <span className="text-slate-600">
                  {row.label}
                  <span className="block text-xs text-slate-400">
                    {typeof avg === 'number' ? `avg ${avg}${row.unit}` : 'no average yet'}
                  </span>
                </span>
                <span className="text-right">
                  <span className="block font-semibold">
                    {value}
                    {row.unit}
                  </span>
                  {progress && <ProgressText progress={progress} />}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

function ProgressText({ progress }: { progress: Progress }) {
  if (progress.direction === 'level') {
    return <span className="block text-xs text-slate-500">On average</span>;
  }
  const up = progress.direction === 'up';
  return (
    <span className={`block text-xs font-semibold ${up ? 'text-green-700' : 'text-red-700'}`}>
      {up ? '↑' : '↓'} {progress.text}
      {progress.percent !== null && ` (${progress.percent > 0 ? '+' : ''}${progress.percent}%)`} vs
      month avg
    </span>
  );
}
