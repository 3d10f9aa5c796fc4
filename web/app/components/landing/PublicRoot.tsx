import { useState, useSyncExternalStore } from 'react';

import { FullScreenSpinner } from '~/ui/Spinner';

import { LandingScreen } from './LandingScreen';
import { OnboardingScreen } from './OnboardingScreen';

const ONBOARDING_KEY = 'onboardingComplete';

// localStorage can throw (Safari private mode, blocked storage): treat that as "not completed".
function readOnboardingComplete(): boolean {
  try {
    return window.localStorage.getItem(ONBOARDING_KEY) === '1';
  } catch {
    return false;
  }
}

function writeOnboardingComplete(): void {
  try {
    window.localStorage.setItem(ONBOARDING_KEY, '1');
  } catch {
    // Storage unavailable: onboarding simply shows again next visit.
  }
}

// Re-read when another tab finishes onboarding.
function subscribeStorage(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/** Signed-out view of "/": spinner until hydrated, then onboarding (first visit) or landing. */
export function PublicRoot() {
  // null on the server and during hydration, so SSR markup is always the spinner.
  const storedComplete = useSyncExternalStore<boolean | null>(
    subscribeStorage,
    readOnboardingComplete,
    () => null,
  );
  // Local flag so completing works even when storage writes fail.
  const [completedNow, setCompletedNow] = useState(false);

  if (storedComplete === null) return <FullScreenSpinner label="Authenticating..." />;

  if (!storedComplete && !completedNow) {
    return (
      <OnboardingScreen
        onComplete={() => {
          writeOnboardingComplete();
          setCompletedNow(true);
        }}
      />
    );
  }
  return <LandingScreen />;
}
