import { Link } from '@remix-run/react';

export const FREE_NOTICE =
  'Free users can upload videos but detailed AI analysis is available for Premium users only.';

/** The free-user notice with its upgrade card (spec section 2, Analysis). */
export function PremiumNotice() {
  return (
    <section className="space-y-3" data-testid="free-notice">
      <p className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
        {FREE_NOTICE}
      </p>
      <div className="rounded-2xl bg-gradient-to-br from-brand to-brand-dark p-5 text-white shadow-md">
        <p className="text-sm font-semibold uppercase tracking-wide text-green-100">Premium</p>
        <h2 className="mt-1 text-xl font-extrabold">Unlock Detailed AI Analysis</h2>
        <ul className="mt-2 space-y-1 text-sm text-green-50">
          <li>✓ Swing video with skeleton overlay and swing positions</li>
          <li>✓ Full swing assessment and mobility gauges</li>
          <li>✓ Weekly Driver and 7-Iron uploads, down-the-line view</li>
        </ul>
        <Link
          to="/profile"
          className="mt-4 block rounded-xl bg-white py-3 text-center font-semibold text-brand-dark"
        >
          Upgrade to Premium
        </Link>
      </div>
    </section>
  );
}
