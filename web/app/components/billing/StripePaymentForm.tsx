import { useNavigate } from '@remix-run/react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry adds Stripe.js only when loadStripe runs (Stripe mode), not on import.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import { useMemo, useState } from 'react';
import { formatPrice, PLANS, type PlanName } from '../../../../src/modules/billing/domain/plans';
import { apiFetch } from '~/lib/api';
import { toast } from '~/ui/toast-store';
import { PRODUCT_NAME } from './billing-actions';

let stripePromise: Promise<Stripe | null> | null = null;
const stripeFor = (key: string) => (stripePromise ??= loadStripe(key));

/** Stripe mode: the embedded Payment Element for the subscription's first payment. */
export function StripePaymentForm(props: {
  publishableKey: string;
  clientSecret: string;
  subscriptionId: string;
  plan: PlanName;
  csrfToken: string;
}) {
  const stripe = useMemo(() => stripeFor(props.publishableKey), [props.publishableKey]);
  return (
    <Elements stripe={stripe} options={{ clientSecret: props.clientSecret }}>
      <PaymentForm {...props} />
    </Elements>
  );
}

function PaymentForm(props: { subscriptionId: string; plan: PlanName; csrfToken: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const successPath = `/payment-success?session_id=${encodeURIComponent(props.subscriptionId)}`;

  const pay = async () => {
    if (!stripe || !elements) return;
    setBusy(true);
    try {
      const confirmParams = { return_url: `${window.location.origin}${successPath}` };
      let setup = false;
      let { error } = await stripe.confirmPayment({
        elements,
        confirmParams,
        redirect: 'if_required',
      });
      // Nothing to pay now (e.g. a trial): Stripe wants the card set up instead.
      if (error?.message?.includes('SetupIntent')) {
        setup = true;
        ({ error } = await stripe.confirmSetup({
          elements,
          confirmParams,
          redirect: 'if_required',
        }));
      }
      if (error) {
        toast({
          title: setup ? 'Payment Setup Failed' : 'Payment Failed',
          description:
            error.message ??
            (setup ? 'Failed to set up payment method' : 'Something went wrong with the payment'),
          variant: 'destructive',
        });
        return;
      }
      // A hint only: the server asks Stripe itself; the webhook settles it if this fails.
      await apiFetch('/api/update-subscription-status', props.csrfToken, {
        method: 'POST',
        body: JSON.stringify({ subscriptionActive: true }),
      }).catch(() => undefined);
      toast({
        title: setup ? 'Payment Setup Successful' : 'Payment Successful',
        description: `Welcome to ${PRODUCT_NAME} Premium!`,
      });
      navigate(successPath);
    } catch {
      toast({
        title: 'Payment Error',
        description: 'An unexpected error occurred. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      <PaymentElement />
      <button
        type="button"
        onClick={() => void pay()}
        disabled={!stripe || busy}
        className="w-full rounded-xl bg-brand py-3 font-bold text-white disabled:opacity-60"
      >
        {busy ? 'Processing...' : `Pay ${formatPrice(PLANS[props.plan].amountCents)}`}
      </button>
    </div>
  );
}
