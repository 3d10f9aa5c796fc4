import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import {
  multiplierLabel,
  STREAK_TIERS,
} from '../../../src/modules/gamification/domain/streak-multiplier';

export const meta: MetaFunction = () => [{ title: 'How Points Work · SwingFit' }];

/** Spec section 2: base points and the streak multiplier table (section 9). */
export default function HowPointsWork() {
  return (
    <div className="space-y-4">
      <Link to="/leaderboard" className="text-sm font-semibold text-brand">
        ‹ Leaderboard
      </Link>
      <h1 className="text-2xl font-extrabold text-slate-900">How Points Work</h1>
      <section className="rounded-2xl bg-white p-5 shadow-sm">
        <h2 className="text-lg font-bold text-slate-900">Base Points</h2>
        <ul className="mt-2 space-y-1 text-sm text-slate-700">
          <li>
            <strong>10 points</strong> for every swing video you upload
          </li>
          <li>
            <strong>5 points</strong> for every exercise you complete, once per exercise per day
          </li>
        </ul>
      </section>
      <section className="rounded-2xl bg-white p-5 shadow-sm">
        <h2 className="text-lg font-bold text-slate-900">Streak Multiplier</h2>
        <p className="mt-1 text-sm text-slate-600">
          Complete at least one exercise in a week (Sunday to Saturday) to keep your streak going; a
          week without one ends it. The longer the streak, the more each exercise earns.
        </p>
        <table className="mt-3 w-full text-left text-sm" data-testid="multiplier-table">
          <thead className="text-xs uppercase text-slate-500">
            <tr>
              <th className="py-1">Streak (weeks)</th>
              <th className="py-1">Multiplier</th>
              <th className="py-1">Points per exercise</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {STREAK_TIERS.map((tier) => (
              <tr key={tier.minWeeks}>
                <td className="py-2">
                  {tier.maxWeeks === null
                    ? `${tier.minWeeks}+`
                    : `${tier.minWeeks}-${tier.maxWeeks}`}
                </td>
                <td className="py-2 font-semibold">{multiplierLabel(tier)}</td>
                <td className="py-2">{tier.pointsPerExercise}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 text-sm text-slate-600">
          Monthly points start again at 0 on the first of each month.
        </p>
      </section>
    </div>
  );
}
