import { useState, type ReactNode } from 'react';

interface OnboardingScreenProps {
  onComplete: () => void;
}

interface Step {
  title: string;
  body: string;
  icon: ReactNode;
}

const ICON_PROPS = {
  viewBox: '0 0 48 48',
  className: 'h-12 w-12',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 3,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

function UploadIcon() {
  return (
    <svg {...ICON_PROPS}>
      <rect x="6" y="12" width="26" height="24" rx="4" />
      <path d="M32 20l10-6v20l-10-6" />
      <path d="M19 30V19m-5 5l5-5 5 5" />
    </svg>
  );
}

function MeasureIcon() {
  return (
    <svg {...ICON_PROPS}>
      <path d="M8 38h32" />
      <path d="M8 38L34 14" />
      <path d="M20 38a12 12 0 0 0-3.5-8.5" />
      <circle cx="34" cy="14" r="3" />
    </svg>
  );
}

function TrophyIcon() {
  return (
    <svg {...ICON_PROPS}>
      <path d="M15 8h18v10a9 9 0 0 1-18 0V8z" />
      <path d="M15 12H8v3a7 7 0 0 0 7 7M33 12h7v3a7 7 0 0 1-7 7" />
      <path d="M24 27v7M16 40h16M19 34h10" />
    </svg>
  );
}

const STEPS: ReadonlyArray<Step> = [
  {
    title: 'Upload Your Swing',
    body: 'Record a face-on video of your swing and upload it. Add your launch monitor numbers too, if you have them (optional).',
    icon: <UploadIcon />,
  },
  {
    title: 'See Your Real Measurements',
    body: 'We measure your shoulder turn, hip turn and X-factor from your video, and compare them with tour players.',
    icon: <MeasureIcon />,
  },
  {
    title: 'Train and Climb',
    body: 'Get a daily mobility workout built from your analysis. Earn points and keep weekly streaks to climb the monthly leaderboard.',
    icon: <TrophyIcon />,
  },
];

function Dots({ count, active }: { count: number; active: number }) {
  return (
    <div className="flex items-center justify-center gap-2" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <span
          key={i}
          data-active={i === active}
          className={`h-2 rounded-full transition-all duration-300 ${
            i === active ? 'w-6 bg-brand' : 'w-2 bg-gray-300'
          }`}
        />
      ))}
    </div>
  );
}

export function OnboardingScreen({ onComplete }: OnboardingScreenProps) {
  const [index, setIndex] = useState(0);
  const step = STEPS[index];
  const isLast = index === STEPS.length - 1;

  const next = () => {
    if (isLast) onComplete();
    else setIndex((i) => Math.min(STEPS.length - 1, i + 1));
  };

  return (
    <main
      data-testid="onboarding"
      className="flex min-h-screen flex-col overflow-x-hidden bg-gradient-to-b from-brand-light via-white to-white px-6 pb-10 pt-6"
    >
      <div className="flex justify-end">
        <button
          type="button"
          onClick={onComplete}
          className="rounded-lg px-3 py-2 text-sm font-medium text-gray-500 underline-offset-4 hover:text-gray-800 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand"
        >
          Skip
        </button>
      </div>

      {/* key remounts the card per step so the entry animation replays; aria-live announces it. */}
      <section
        aria-live="polite"
        aria-roledescription="carousel"
        className="flex flex-1 flex-col items-center justify-center"
      >
        <div
          key={index}
          className="w-full max-w-sm rounded-2xl bg-white p-8 text-center shadow-lg ring-1 ring-black/5 animate-slide-in-right"
        >
          <div className="mx-auto flex h-20 w-20 items-center justify-center rounded-2xl bg-brand-light text-brand">
            {step.icon}
          </div>
          <p className="mt-6 text-xs font-semibold uppercase tracking-wider text-brand">
            Step {index + 1} of {STEPS.length}
          </p>
          <h2 className="mt-2 text-2xl font-bold text-gray-900">{step.title}</h2>
          <p className="mt-3 text-base leading-relaxed text-gray-600">{step.body}</p>
        </div>
      </section>

      <div className="mx-auto w-full max-w-sm">
        <Dots count={STEPS.length} active={index} />
        <button
          type="button"
          onClick={next}
          className="mt-6 flex h-14 w-full items-center justify-center rounded-2xl bg-brand text-base font-semibold text-white shadow-lg transition-colors hover:bg-brand-dark focus:outline-none focus-visible:ring-4 focus-visible:ring-brand/40 active:bg-brand-dark"
        >
          {isLast ? 'Continue' : 'Next'}
        </button>
      </div>
    </main>
  );
}
