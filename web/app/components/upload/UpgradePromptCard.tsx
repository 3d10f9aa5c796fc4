import { Link } from '@remix-run/react';

/** Shown when an upload limit is reached (spec section 2, Upload). */
export function UpgradePromptCard(props: { title: string; message: string; isPremium?: boolean }) {
  const { title, message } = props;
  return (
    <section
      className="rounded-2xl border border-amber-200 bg-gradient-to-br from-amber-50 to-white p-5 shadow-sm"
      data-testid="upgrade-prompt"
    >
      <p className="text-xs font-bold uppercase tracking-wide text-amber-700">
        {props.isPremium ? 'Weekly uploads' : 'Premium'}
      </p>
      <h2 className="mt-1 text-xl font-extrabold text-slate-900">{title}</h2>
      <p className="mt-2 text-sm text-slate-700">{message}</p>
      {!props.isPremium && (
        <ul className="mt-3 space-y-1 text-sm text-slate-700">
          <li>✓ One Driver and one 7-Iron upload every week</li>
          <li>✓ Down-the-line video analysis</li>
          <li>✓ Full swing and mobility analysis</li>
        </ul>
      )}
      <div className="mt-4 grid gap-2">
        {props.isPremium ? (
          // A premium golfer has nothing to upgrade to: the slots reopen on their own.
          <Link
            to="/analysis"
            className="rounded-xl bg-brand py-3 text-center font-semibold text-white hover:bg-brand-dark"
          >
            View My Analyses
          </Link>
        ) : (
          <Link
            to="/profile"
            className="rounded-xl bg-brand py-3 text-center font-semibold text-white hover:bg-brand-dark"
          >
            Upgrade Now
          </Link>
        )}
        <Link
          to="/"
          className="rounded-xl border border-slate-300 py-3 text-center font-semibold text-slate-700"
        >
          Return to Dashboard
        </Link>
      </div>
    </section>
  );
}
