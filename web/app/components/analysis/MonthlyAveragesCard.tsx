import { analysisPaths, type MonthlyAverage } from '~/lib/analysis-api';
import { useApiQuery } from '~/lib/use-api';

const ROWS: Array<{ key: keyof MonthlyAverage; label: string; unit: string }> = [
  { key: 'clubSpeed', label: 'Club Speed', unit: ' mph' },
  { key: 'ballSpeed', label: 'Ball Speed', unit: ' mph' },
  { key: 'smashFactor', label: 'Smash Factor', unit: '' },
  { key: 'carry', label: 'Carry', unit: ' yds' },
  { key: 'spinRate', label: 'Spin Rate', unit: ' rpm' },
];

/** Spec section 2: averages of the past 30 days, Driver and 7 Iron side by side. */
export function MonthlyAveragesCard(props: {
  initial?: { driver: MonthlyAverage; sevenIron: MonthlyAverage } | null;
}) {
  const driver = useApiQuery<MonthlyAverage>(analysisPaths.monthlyAverage('driver'), {
    initial: props.initial?.driver,
  });
  const iron = useApiQuery<MonthlyAverage>(analysisPaths.monthlyAverage('7-iron'), {
    initial: props.initial?.sevenIron,
  });
  const columns = [
    { label: 'Driver', query: driver },
    { label: '7 Iron', query: iron },
  ];
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm" data-testid="monthly-averages">
      <h2 className="text-lg font-bold">Monthly Performance Averages</h2>
      <p className="text-sm text-slate-500">Past 30 days</p>
      <div className="mt-3 grid grid-cols-2 gap-3">
        {columns.map(({ label, query }) => (
          <div key={label} className="rounded-xl bg-slate-50 p-3" data-testid={`average-${label}`}>
            <p className="font-semibold text-slate-900">{label}</p>
            {query.error ? (
              <p className="mt-2 text-xs text-red-700">Could not load averages.</p>
            ) : !query.data ? (
              <p className="mt-2 text-xs text-slate-400">Loading...</p>
            ) : !query.data.hasData ? (
              <p className="mt-2 text-xs text-slate-500">No {label} data this month</p>
            ) : (
              <dl className="mt-2 space-y-2">
                {ROWS.map((row) => {
                  const value = query.data?.[row.key];
                  return (
                    <div key={row.key}>
                      <dt className="text-[11px] uppercase tracking-wide text-slate-500">
                        {row.label}
                      </dt>
                      <dd className="whitespace-nowrap text-sm font-semibold text-slate-900">
                        {typeof value === 'number' ? `${value}${row.unit}` : '–'}
                      </dd>
                    </div>
                  );
                })}
              </dl>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
