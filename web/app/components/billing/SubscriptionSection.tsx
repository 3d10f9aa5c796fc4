import { useRevalidator, useSearchParams } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import type { BillingSummary } from '../../../../src/modules/billing/application/billing.service';
import { formatPrice, type PlanName } from '../../../../src/modules/billing/domain/plans';
import { apiFetch } from '~/lib/api';
import { useRootData } from '~/lib/root-data';
import { toast } from '~/ui/toast-store';
import { refreshSubscription, startCheckout } from './billing-actions';

const RETURN_DELAY_MS = 2_000;
const POLL_MS = 3_000;
const POLL_TRIES = 10;

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** Profile: the Subscription section, Payment Information and the free golfer's upgrade options. */
export function SubscriptionSection({ billing }: { billing: BillingSummary }) {
  const { user, csrfToken } = useRootData();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<null | 'refresh' | 'portal' | PlanName>(null);
  useCheckoutReturn(csrfToken);
  if (!user) return null;
  const sub = billing.subscription;

  const refresh = async () => {
    setBusy('refresh');
    try {
      const result = await refreshSubscription(csrfToken);
      toast({ title: 'Subscription Refreshed', description: result.message });
      revalidator.revalidate();
    } catch {
      toast({
        title: 'Refresh Failed',
        description: 'Could not check your subscription. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };
  const portal = async () => {
    setBusy('portal');
    try {
      const { url } = await apiFetch<{ url: string }>('/api/create-customer-portal', csrfToken, {
        method: 'POST',
        body: JSON.stringify({}),
      });
      window.location.href = url;
    } catch {
      toast({
        title: 'Portal Error',
        description: 'Failed to open customer portal',
        variant: 'destructive',
      });
      setBusy(null);
    }
  };
  const upgrade = async (plan: PlanName) => {
    setBusy(plan);
    await startCheckout(plan, csrfToken);
    setBusy(null);
  };

  return (
    <>
      <section className="rounded-2xl bg-white p-5 shadow-sm" data-testid="subscription">
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-lg font-bold">Subscription</h2>
          <button
            type="button"
            onClick={() => void refresh()}
            disabled={busy !== null}
            className="rounded-lg px-3 py-1.5 text-sm font-semibold text-brand hover:bg-brand-light disabled:opacity-60"
          >
            {busy === 'refresh' ? 'Refreshing...' : 'Refresh'}
          </button>
        </div>
        <div className="mt-3 flex items-center gap-2">
          <span
            data-testid="plan"
            className={`rounded-full px-3 py-1 text-sm font-bold ${user.isPremium ? 'bg-amber-100 text-amber-800' : 'bg-slate-100 text-slate-700'}`}
          >
            {user.isPremium ? 'Premium Plan' : 'Free Plan'}
          </span>
          {user.isPremium && sub?.plan && (
            <span className="text-sm font-semibold text-slate-700" data-testid="billing-plan">
              {sub.plan === 'annual' ? 'Annual' : 'Monthly'}
            </span>
          )}
        </div>
        {user.isPremium ? (
          <>
            {sub?.currentPeriodEnd && (
              <p className="mt-2 text-sm text-slate-700" data-testid="billing-date">
                {sub.cancelAtPeriodEnd
                  ? `Premium ends on ${longDate(sub.currentPeriodEnd)}`
                  : sub.status === 'past_due' && sub.endsAt
                    ? `Payment failed: update your card by ${longDate(sub.endsAt)}`
                    : `Renews on ${longDate(sub.currentPeriodEnd)}`}
              </p>
            )}
            <p className="mt-2 text-sm text-slate-600">
              Unlimited analysis, weekly Driver and 7-Iron uploads, down-the-line video and
              unlimited workouts.
            </p>
            {sub && billing.mode !== 'off' && (
              <button
                type="button"
                onClick={() => void portal()}
                disabled={busy !== null}
                className="mt-3 w-full rounded-xl bg-slate-900 py-3 font-semibold text-white disabled:opacity-60"
              >
                {busy === 'portal' ? 'Opening...' : 'Manage Billing'}
              </button>
            )}
          </>
        ) : (
          <>
            <p className="mt-2 text-sm text-slate-600">
              1 video upload in total and 1 daily workout view. Premium unlocks weekly uploads,
              down-the-line analysis and unlimited workouts.
            </p>
            {billing.mode === 'off' ? (
              <p className="mt-3 text-sm text-slate-500">Upgrades are not available right now.</p>
            ) : (
              <div className="mt-3 grid grid-cols-2 gap-3" data-testid="upgrade-options">
                {billing.plans.map((plan) => (
                  <button
                    key={plan.name}
                    type="button"
                    onClick={() => void upgrade(plan.name)}
                    disabled={busy !== null}
                    aria-label={`Upgrade ${plan.name === 'annual' ? 'Annual' : 'Monthly'}`}
                    className={`rounded-xl p-3 text-left disabled:opacity-60 ${plan.name === 'annual' ? 'border-2 border-brand' : 'border border-slate-200'}`}
                  >
                    <span className="block text-sm font-semibold">
                      {plan.name === 'annual' ? 'Annual' : 'Monthly'}
                    </span>
                    <span className="block text-xl font-extrabold">
                      {formatPrice(plan.amountCents)}
                    </span>
                    <span className="block text-xs text-slate-500">
                      per {plan.interval}
                      {plan.note && (
                        <span className="font-semibold text-brand"> · {plan.note}</span>
                      )}
                    </span>
                    <span className="mt-2 block rounded-lg bg-brand py-1.5 text-center text-sm font-semibold text-white">
                      {busy === plan.name ? 'Opening...' : 'Upgrade'}
                    </span>
                  </button>
                ))}
              </div>
            )}
            {billing.mode === 'test' && (
              <p className="mt-2 text-xs text-slate-500">
                Test mode: payments are simulated and no card is charged.
              </p>
            )}
          </>
        )}
      </section>
      <section className="rounded-2xl bg-white p-5 shadow-sm" data-testid="payment-information">
        <h2 className="text-lg font-bold">Payment Information</h2>
        {sub?.card ? (
          <p className="mt-2 text-sm text-slate-700">
            <span className="font-semibold capitalize">{sub.card.brand}</span> ending in{' '}
            <span className="font-mono">{sub.card.last4}</span>
            {billing.mode === 'test' && <span className="text-slate-500"> (test card)</span>}
          </p>
        ) : (
          <p className="mt-2 text-sm text-slate-600">No payment method on file.</p>
        )}
      </section>
    </>
  );
}

/**
 * Back from checkout with ?session_id (spec section 4): after 2 s the user data is refreshed and
 * the parameter stripped; then the subscription is polled every 3 s, up to 10 times, until the
 * golfer is premium.
 */
function useCheckoutReturn(csrfToken: string) {
  const [params, setParams] = useSearchParams();
  const revalidator = useRevalidator();
  const sessionId = params.get('session_id');
  const started = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!sessionId || started.current) return;
    started.current = true;
    let tries = 0;
    const poll = async () => {
      tries += 1;
      const result = await refreshSubscription(csrfToken).catch(() => null);
      revalidator.revalidate();
      if (!result?.isPremium && tries < POLL_TRIES) {
        timer.current = setTimeout(() => void poll(), POLL_MS);
      }
    };
    timer.current = setTimeout(() => {
      const next = new URLSearchParams(params);
      next.delete('session_id');
      setParams(next, { replace: true });
      void poll();
    }, RETURN_DELAY_MS);
    // Once per return: the parameter is gone after the first run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionId]);
}
