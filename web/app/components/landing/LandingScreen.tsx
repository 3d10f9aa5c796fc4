import { useEffect, useState, useSyncExternalStore } from 'react';

import { pickQuote } from './golf-quotes';
import { ProgressBar } from '~/ui/ProgressBar';

const TICK_MS = 100;
const STEP_PERCENT = 2;
const BUTTON_DELAY_MS = 500;

const noopSubscribe = () => () => {};

/** False on the server and during hydration, true once React has hydrated on the client. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );
}

function GolfFlagIcon() {
  return (
    <svg viewBox="0 0 48 48" className="h-10 w-10" fill="none" aria-hidden="true">
      <path d="M17 40V8" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      <path d="M17 9l16 6-16 6" fill="currentColor" />
      <ellipse cx="24" cy="40" rx="13" ry="3.5" stroke="currentColor" strokeWidth="2.5" />
    </svg>
  );
}

function QuoteCard() {
  const hydrated = useHydrated();
  // The initializer runs on both sides, but the quote is only rendered after hydration,
  // so server HTML (placeholder) and the first client render always match.
  const [quote] = useState(pickQuote);

  if (!hydrated) {
    return <div aria-hidden="true" className="h-32 w-full rounded-2xl bg-white/60 shadow-sm" />;
  }
  return (
    <figure className="w-full rounded-2xl bg-white p-5 text-left shadow-md ring-1 ring-black/5">
      <blockquote className="text-base italic leading-relaxed text-gray-800">
        “{quote.text}”
      </blockquote>
      <figcaption className="mt-3 text-sm font-semibold text-brand">— {quote.author}</figcaption>
    </figure>
  );
}

function useLoadingProgress(): { progress: number; ready: boolean } {
  const [progress, setProgress] = useState(0);
  const [ready, setReady] = useState(false);
  const done = progress >= 100;

  useEffect(() => {
    if (done) {
      // Short pause at 100% so the full bar registers before the button appears.
      const timeout = window.setTimeout(() => setReady(true), BUTTON_DELAY_MS);
      return () => window.clearTimeout(timeout);
    }
    const interval = window.setInterval(() => {
      setProgress((p) => Math.min(100, p + STEP_PERCENT));
    }, TICK_MS);
    return () => window.clearInterval(interval);
  }, [done]);

  return { progress, ready };
}

export function LandingScreen() {
  const { progress, ready } = useLoadingProgress();

  return (
    <main
      data-testid="landing"
      className="flex min-h-screen flex-col items-center justify-between bg-gradient-to-b from-brand-light via-white to-white px-6 pb-10 pt-16 text-center"
    >
      <header className="flex flex-col items-center">
        <div className="flex h-16 w-16 items-center justify-center rounded-2xl bg-brand text-white shadow-lg">
          <GolfFlagIcon />
        </div>
        <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-gray-900">SwingFit</h1>
        <p className="mt-2 text-lg font-semibold text-brand-dark">Move Better, Play Longer</p>
        <p className="mt-1 max-w-xs text-sm text-gray-600">
          An AI-powered mobility app for a stronger swing
        </p>
      </header>

      <section className="my-10 w-full max-w-sm">
        <QuoteCard />
      </section>

      <footer className="w-full max-w-sm">
        <ProgressBar
          percent={progress}
          label="Loading SwingFit"
          trackClassName="h-2 w-full bg-gray-200"
          fillTransition="transition-[width] duration-100 ease-linear"
        />
        {/* Fixed-height slot so the layout does not jump when the button appears. */}
        <div className="mt-6 flex h-14 items-center justify-center">
          {ready ? (
            // A plain anchor on purpose: /api/login is a server route, not a Remix page.
            <a
              href="/api/login"
              className="flex h-14 w-full items-center justify-center rounded-2xl bg-brand text-base font-semibold text-white shadow-lg transition-colors hover:bg-brand-dark focus:outline-none focus-visible:ring-4 focus-visible:ring-brand/40 active:bg-brand-dark"
            >
              Get Started
            </a>
          ) : null}
        </div>
      </footer>
    </main>
  );
}
