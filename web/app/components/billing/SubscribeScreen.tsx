import { Link, useNavigate, useRevalidator } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import type { BillingSummary } from '../../../../src/modules/billing/application/billing.service';
import { formatPrice, PLANS, type PlanName } from '../../../../src/modules/billing/domain/plans';
import { apiFetch } from '~/lib/api';
import { useRootData } from '~/lib/root-data';
import { Spinner } from '~/ui/Spinner';
import { toast } from '~/ui/toast-store';
import { PRODUCT_NAME } from './billing-actions';
import { PlanHeader } from './PlanHeader';
import { StripePaymentForm } from './StripePaymentForm';
import { TestModeBanner } from './TestModeBanner';

export type SubscribeView =
  | { kind: 'payment'; plan: PlanName }
  | { kind: 'test-checkout'; plan: PlanName; sessionId: string }
  | { kind: 'test-portal' };

/** Spec section 2, Subscribe: the plan title, a price button and the payment form. */
export function SubscribeScreen({
  view,
  billing,
}: {
  view: SubscribeView;
  billing: BillingSummary;
}) {
  return (
    <div className="space-y-4">
      <Link to="/profile" className="text-sm font-semibold text-brand">
        ‹ Back to Profile
      </Link>
      {billing.mode === 'test' && <TestModeBanner />}
      {billing.mode === 'off' ? (
        <p className="rounded-2xl bg-white p-5 text-slate-700 shadow-sm">
          Payments are not available right now. Please try again later.
        </p>
      ) : view.kind === 'test-checkout' ? (
        <TestCheckout plan={view.plan} sessionId={view.sessionId} />
      ) : view.kind === 'test-portal' ? (
        <TestPortal billing={billing} />
      ) : (
        <EmbeddedPayment plan={view.plan} billing={billing} />
      )}
    </div>
  );
}

/** Test mode's stand-in for Stripe's hosted checkout page. */
function TestCheckout({ plan, sessionId }: { plan: PlanName; sessionId: string }) {
  const { csrfToken } = useRootData();
  const complete = async () => {
    const { redirectTo } = await apiFetch<{ redirectTo: string }>(
      '/api/billing/test/complete-checkout',
      csrfToken,
      { method: 'POST', body: JSON.stringify({ sessionId }) },
    );
    return () => {
      window.location.href = redirectTo;
    };
  };
  return (
    <section className="space-y-4 rounded-2xl bg-white p-5 shadow-sm">
      <PlanHeader plan={plan} />
      <TestPayment plan={plan} pay={complete} />
    </section>
  );
}

/**
 * The test mode's card step: the test card and 'Complete Test Payment'. `pay` does the payment
 * and returns where to go next; the toasts are the spec's payment ones.
 */
function TestPayment({ plan, pay }: { plan: PlanName; pay: () => Promise<() => void> }) {
  const [busy, setBusy] = useState(false);
  const click = async () => {
    setBusy(true);
    try {
      const next = await pay();
      toast({ title: 'Payment Successful', description: `Welcome to ${PRODUCT_NAME} Premium!` });
      next();
    } catch {
      toast({
        title: 'Payment Failed',
        description: 'Something went wrong with the payment',
        variant: 'destructive',
      });
      setBusy(false);
    }
  };
  return (
    <>
      <TestCard />
      <button
        type="button"
        onClick={() => void click()}
        disabled={busy}
        className="w-full rounded-xl bg-brand py-3 font-bold text-white disabled:opacity-60"
      >
        {busy ? 'Processing...' : `Complete Test Payment · ${formatPrice(PLANS[plan].amountCents)}`}
      </button>
    </>
  );
}

function TestCard() {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 p-3 text-sm text-slate-600">
      Test card: Visa ending in 4242. No card details are asked for or stored.
    </div>
  );
}

/** /subscribe?plan=...: the Payment Element (Stripe) or the test payment step. */
function EmbeddedPayment({ plan, billing }: { plan: PlanName; billing: BillingSummary }) {
  const { csrfToken, user } = useRootData();
  const navigate = useNavigate();
  const [start, setStart] = useState<{ clientSecret: string; subscriptionId: string } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current || user?.isPremium) return;
    asked.current = true;
    apiFetch<{ clientSecret: string; subscriptionId: string }>(
      '/api/get-or-create-subscription',
      csrfToken,
      { method: 'POST', body: JSON.stringify({ plan }) },
    )
      .then((result) => {
        // Spec section 3: the subscription data kept in the browser for this payment.
        sessionStorage.setItem(
          'subscription',
          JSON.stringify({ clientSecret: result.clientSecret, plan }),
        );
        setStart(result);
      })
      .catch(() => setFailed('Failed to set up payment method'));
  }, [csrfToken, plan, user?.isPremium]);

  if (user?.isPremium) {
    return (
      <section className="rounded-2xl bg-white p-5 shadow-sm">
        <p className="font-semibold">You already have Premium.</p>
        <Link to="/profile" className="mt-2 inline-block font-semibold text-brand">
          Manage it on your Profile
        </Link>
      </section>
    );
  }

  const payInTestMode = async () => {
    if (!start) throw new Error('no payment to confirm');
    await apiFetch('/api/billing/test/confirm-payment', csrfToken, {
      method: 'POST',
      body: JSON.stringify({ clientSecret: start.clientSecret }),
    });
    // A hint only, as after a real payment: the server reads the subscription itself.
    await apiFetch('/api/update-subscription-status', csrfToken, {
      method: 'POST',
      body: JSON.stringify({ subscriptionActive: true }),
    }).catch(() => undefined);
    return () =>
      navigate(`/payment-success?session_id=${encodeURIComponent(start.subscriptionId)}`);
  };

  return (
    <section className="space-y-4 rounded-2xl bg-white p-5 shadow-sm">
      <PlanHeader plan={plan} />
      {failed ? (
        <p role="alert" className="text-sm text-red-700">
          Payment Setup Failed: {failed}
        </p>
      ) : !start ? (
        <div className="flex items-center gap-2 text-slate-600">
          <Spinner /> Preparing your payment...
        </div>
      ) : billing.mode === 'stripe' && billing.publishableKey ? (
        <StripePaymentForm
          publishableKey={billing.publishableKey}
          clientSecret={start.clientSecret}
          subscriptionId={start.subscriptionId}
          plan={plan}
          csrfToken={csrfToken}
        />
      ) : (
        <TestPayment plan={plan} pay={payInTestMode} />
      )}
    </section>
  );
}

/** Test mode's stand-in for Stripe's customer portal: cancel at period end, or resume. */
function TestPortal({ billing }: { billing: BillingSummary }) {
  const { csrfToken } = useRootData();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const sub = billing.subscription;
  if (!sub) {
    return (
      <p className="rounded-2xl bg-white p-5 text-slate-700 shadow-sm">No subscription found.</p>
    );
  }
  const set = async (cancelAtPeriodEnd: boolean) => {
    setBusy(true);
    try {
      await apiFetch('/api/billing/test/cancel', csrfToken, {
        method: 'POST',
        body: JSON.stringify({ cancelAtPeriodEnd }),
      });
      revalidator.revalidate();
    } catch {
      toast({ title: 'Update Failed', description: 'Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  const end = sub.currentPeriodEnd
    ? new Date(sub.currentPeriodEnd).toLocaleDateString('en-US')
    : '';
  return (
    <section className="space-y-3 rounded-2xl bg-white p-5 shadow-sm">
      <h1 className="text-2xl font-extrabold">Manage Billing</h1>
      <p className="text-slate-700">
        {sub.plan === 'annual' ? 'Premium Annual' : 'Premium Monthly'} ·{' '}
        {sub.cancelAtPeriodEnd ? `ends on ${end}` : `renews on ${end}`}
      </p>
      <button
        type="button"
        disabled={busy}
        onClick={() => void set(!sub.cancelAtPeriodEnd)}
        className="w-full rounded-xl border border-slate-300 py-3 font-semibold disabled:opacity-60"
      >
        {sub.cancelAtPeriodEnd ? 'Resume Subscription' : 'Cancel at Period End'}
      </button>
    </section>
  );
}
