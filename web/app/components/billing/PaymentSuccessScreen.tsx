import { Link, useRevalidator } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useRootData } from '~/lib/root-data';
import { Spinner } from '~/ui/Spinner';
import { refreshSubscription } from './billing-actions';

const FIRST_CHECK_MS = 2_000;
const POLL_MS = 3_000;
const GIVE_UP_MS = 30_000;

const FEATURES = [
  'Unlimited swing analysis',
  'Weekly Driver and 7-Iron uploads',
  'Down-the-line video analysis',
  'Unlimited personalised daily workouts',
  'Exercise logging, history, videos and completion points',
];

/**
 * Spec section 4: wait 2 s, refresh the user and the subscription; premium shows the welcome,
 * otherwise keep asking and stop the processing state after 30 s. It shows the welcome whenever
 * the loaded user becomes premium.
 */
export function PaymentSuccessScreen({ sessionId }: { sessionId: string | null }) {
  const { user, csrfToken } = useRootData();
  const revalidator = useRevalidator();
  const [gaveUp, setGaveUp] = useState(false);
  const premium = user?.isPremium === true;

  useEffect(() => {
    if (!sessionId || premium) return;
    let stopped = false;
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const check = async () => {
      const result = await refreshSubscription(csrfToken).catch(() => null);
      if (stopped) return;
      revalidator.revalidate();
      if (result?.isPremium) return;
      if (Date.now() - started >= GIVE_UP_MS) setGaveUp(true);
      else timer = setTimeout(() => void check(), POLL_MS);
    };
    timer = setTimeout(() => void check(), FIRST_CHECK_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // revalidator changes identity on every render; the loop must not restart with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionId, premium, csrfToken]);

  if (!sessionId) {
    return (
      <section className="space-y-3 rounded-2xl bg-white p-6 text-center shadow-sm">
        <h1 className="text-2xl font-extrabold">Payment session not found</h1>
        <p className="text-slate-600">We could not find a payment to confirm.</p>
        <div className="flex justify-center gap-3">
          <Link to="/profile" className="rounded-xl bg-brand px-4 py-2 font-semibold text-white">
            Go to Profile
          </Link>
          <Link to="/" className="rounded-xl border border-slate-300 px-4 py-2 font-semibold">
            Home
          </Link>
        </div>
      </section>
    );
  }
  if (premium) {
    return (
      <section
        className="space-y-4 rounded-2xl bg-white p-6 shadow-sm"
        data-testid="payment-welcome"
      >
        <h1 className="text-center text-2xl font-extrabold text-brand">Welcome to Premium!</h1>
        <p className="text-center text-slate-600">Your subscription is active. You now have:</p>
        <ul className="space-y-2">
          {FEATURES.map((feature) => (
            <li key={feature} className="flex gap-2 text-sm text-slate-800">
              <span aria-hidden className="font-bold text-brand">
                ✓
              </span>
              {feature}
            </li>
          ))}
        </ul>
        <div className="grid grid-cols-2 gap-3">
          <Link
            to="/upload"
            className="rounded-xl bg-brand py-3 text-center font-semibold text-white"
          >
            Upload a Swing
          </Link>
          <Link
            to="/profile"
            className="rounded-xl border border-slate-300 py-3 text-center font-semibold"
          >
            View Profile
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="space-y-3 rounded-2xl bg-white p-6 text-center shadow-sm">
      {gaveUp ? (
        <>
          <h1 className="text-xl font-extrabold">Still confirming your payment</h1>
          <p className="text-slate-600">
            Your payment is being confirmed. Premium switches on as soon as it is: check your
            Profile in a minute.
          </p>
          <Link to="/profile" className="inline-block font-semibold text-brand">
            Go to Profile
          </Link>
        </>
      ) : (
        <>
          <div className="flex justify-center">
            <Spinner />
          </div>
          <h1 className="text-xl font-extrabold">Processing your payment...</h1>
          <p className="text-slate-600">This takes a few seconds.</p>
        </>
      )}
    </section>
  );
}
