import { Link } from '@remix-run/react';
import type {
  Leaderboard,
  LeaderboardEntry,
} from '../../../../src/modules/gamification/application/leaderboard.service';
import type { PointsSummary } from '../../../../src/modules/gamification/application/points.service';

const PODIUM = [
  'border-amber-300 bg-amber-50',
  'border-slate-300 bg-slate-50',
  'border-orange-300 bg-orange-50',
] as const;

/** Spec section 2, Leaderboard: position, the month's ranking, points summary, how points work. */
export function LeaderboardScreen(props: {
  board: Leaderboard;
  summary: PointsSummary;
  userState: string | null;
}) {
  const { board, summary } = props;
  const top = board.entries.filter((e) => e.rank <= 3);
  const others = board.entries.filter((e) => e.rank > 3);
  const youListed = board.entries.some((e) => e.isYou);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-extrabold text-slate-900">Leaderboard</h1>
      {props.userState && (
        <div className="flex gap-2" role="group" aria-label="Leaderboard scope">
          <ScopeLink to="/leaderboard" active={!board.state}>
            All Golfers
          </ScopeLink>
          <ScopeLink to="/leaderboard?scope=state" active={!!board.state}>
            {props.userState}
          </ScopeLink>
        </div>
      )}

      <section
        className="rounded-2xl bg-brand p-5 text-white shadow-sm"
        data-testid="your-position"
      >
        <h2 className="text-sm font-semibold uppercase tracking-wide text-green-100">
          Your Position
        </h2>
        {board.you ? (
          <p className="mt-1 text-3xl font-extrabold">
            #{board.you.rank}{' '}
            <span className="text-base font-semibold text-green-100">
              with {board.you.points.toLocaleString('en-US')} points this month
            </span>
          </p>
        ) : (
          <p className="mt-1 text-sm text-green-50">
            Not ranked yet this month: complete an exercise or upload a swing to join.
          </p>
        )}
      </section>

      <section className="rounded-2xl bg-white p-5 shadow-sm" data-testid="monthly-leaderboard">
        <h2 className="text-lg font-bold text-slate-900">Monthly Leaderboard</h2>
        {board.entries.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">
            No points yet this month. The first exercise completed takes the top spot.
          </p>
        ) : (
          <ol className="mt-3 space-y-2">
            {top.map((e) => (
              <Row key={e.id} entry={e} tone={PODIUM[e.rank - 1] ?? PODIUM[2]} />
            ))}
          </ol>
        )}
      </section>

      {(others.length > 0 || (board.you && !youListed)) && (
        <section className="rounded-2xl bg-white p-5 shadow-sm" data-testid="other-rankings">
          <h2 className="text-lg font-bold text-slate-900">Other Rankings</h2>
          <ol className="mt-3 space-y-2">
            {others.map((e) => (
              <Row key={e.id} entry={e} tone="border-slate-100" />
            ))}
            {board.you && !youListed && (
              <>
                <li className="text-center text-slate-400" aria-hidden="true">
                  ⋯
                </li>
                <Row entry={board.you} tone="border-slate-100" />
              </>
            )}
          </ol>
        </section>
      )}

      <section className="rounded-2xl bg-white p-5 shadow-sm" data-testid="points-summary">
        <h2 className="text-lg font-bold text-slate-900">Your Points Summary</h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
          <Stat label="This Month" value={summary.monthlyPoints} />
          <Stat label="This Week" value={summary.weeklyPoints} />
          <Stat label="All Time" value={summary.totalPoints} />
          <Stat label="Week Streak" value={summary.streak} />
        </dl>
        <p className="mt-3 text-sm text-slate-600">
          Each exercise earns you {summary.pointsPerExercise} points this week (
          {summary.multiplierLabel} streak multiplier).
        </p>
      </section>

      <section className="rounded-2xl bg-white p-5 shadow-sm">
        <h2 className="text-lg font-bold text-slate-900">How Points Work</h2>
        <p className="mt-1 text-sm text-slate-600">
          10 points for every swing video you upload, 5 for every exercise you complete, multiplied
          by your weekly streak.
        </p>
        <Link to="/how-points-work" className="mt-2 inline-block text-sm font-semibold text-brand">
          See the multiplier table ›
        </Link>
      </section>
    </div>
  );
}

function ScopeLink(props: { to: string; active: boolean; children: React.ReactNode }) {
  return (
    <Link
      to={props.to}
      aria-current={props.active ? 'page' : undefined}
      className={`rounded-full px-4 py-1.5 text-sm font-semibold ${
        props.active ? 'bg-brand text-white' : 'bg-white text-slate-700 shadow-sm'
      }`}
    >
      {props.children}
    </Link>
  );
}

function Row({ entry, tone }: { entry: LeaderboardEntry; tone: string }) {
  return (
    <li
      className={`flex items-center gap-3 rounded-xl border p-3 ${tone} ${
        entry.isYou ? 'ring-2 ring-brand' : ''
      }`}
      data-testid="leaderboard-row"
      data-you={entry.isYou}
    >
      <span className="w-8 text-center text-lg font-extrabold text-slate-700">{entry.rank}</span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold text-slate-900">
          {entry.displayName}
          {entry.isYou ? ' (You)' : ''}
        </span>
        {entry.state && <span className="text-xs text-slate-500">{entry.state}</span>}
      </span>
      <span className="font-bold text-slate-900">{entry.points.toLocaleString('en-US')}</span>
    </li>
  );
}

function Stat(props: { label: string; value: number }) {
  return (
    <div className="rounded-xl bg-slate-50 p-3">
      <dt className="text-xs text-slate-500">{props.label}</dt>
      <dd className="text-xl font-bold text-slate-900">{props.value.toLocaleString('en-US')}</dd>
    </div>
  );
}
