import { Link, useNavigate } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { apiFetch } from '~/lib/api';
import { analysisPaths, type AnalysisStatusView } from '~/lib/analysis-api';
import {
  activeStep,
  CLIMB_MS,
  FAILURE_TIMEOUT_MS,
  LOADING_STEPS,
  loadingProgress,
  POLL_MS,
  RESULTS_DELAY_MS,
} from '~/lib/analysis-loading';
import { ProgressBar } from '~/ui/ProgressBar';

type Phase = 'running' | 'complete' | 'failed';

export function AnalysisLoadingScreen({ id }: { id: string }) {
  const navigate = useNavigate();
  const [elapsed, setElapsed] = useState(0);
  const [phase, setPhase] = useState<Phase>('running');
  const hasResults = useRef(false);

  // The clock: one tick a quarter second drives the bar, the steps and the time limits.
  useEffect(() => {
    if (phase !== 'running') return;
    const started = Date.now() - elapsed;
    const timer = window.setInterval(() => setElapsed(Date.now() - started), 250);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restarts only with the phase
  }, [phase]);

  useEffect(() => {
    if (phase !== 'running') return;
    if (elapsed >= FAILURE_TIMEOUT_MS) setPhase('failed');
    else if (elapsed >= CLIMB_MS && hasResults.current) setPhase('complete');
  }, [elapsed, phase]);

  // The status poll, every 2 s.
  useEffect(() => {
    if (phase !== 'running') return;
    let stopped = false;
    const poll = async () => {
      try {
        const status = await apiFetch<AnalysisStatusView>(analysisPaths.status(id), '');
        if (stopped) return;
        if (status.hasError) setPhase('failed');
        else if (status.isComplete) setPhase('complete');
        else hasResults.current = !!(status.technicalDetails || status.mobilityAnalysis);
      } catch {
        if (!stopped) setPhase('failed');
      }
    };
    void poll();
    const timer = window.setInterval(() => void poll(), POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [id, phase]);

  useEffect(() => {
    if (phase !== 'complete') return;
    const timer = window.setTimeout(() => navigate(`/analysis/${id}`), RESULTS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [phase, id, navigate]);

  if (phase === 'failed') return <FailureView id={id} />;
  const percent = phase === 'complete' ? 100 : loadingProgress(elapsed);
  const step = phase === 'complete' ? LOADING_STEPS.length : activeStep(elapsed);
  return (
    <div className="space-y-6 pt-4" data-testid="analysis-loading">
      <div className="text-center">
        <div className="mx-auto flex h-20 w-20 items-center justify-center rounded-full bg-brand-light">
          <span
            className={`h-12 w-12 rounded-full border-4 border-brand border-t-transparent ${
              phase === 'running' ? 'animate-spin' : ''
            }`}
            aria-hidden="true"
          />
        </div>
        <h1 className="mt-4 text-2xl font-extrabold text-slate-900">Analyzing Your Swing</h1>
        <p className="mt-1 text-sm text-slate-600">
          Measuring your swing from the video. This usually takes under a minute.
        </p>
      </div>
      <div className="rounded-2xl bg-white p-5 shadow-sm">
        <div className="flex justify-between text-sm font-semibold text-slate-700">
          <span>Progress</span>
          <span data-testid="loading-percent">{percent}%</span>
        </div>
        <ProgressBar
          className="mt-2"
          percent={percent}
          label="Analysis progress"
          trackClassName="h-3 bg-slate-100"
          fillTransition="transition-[width] duration-300"
        />
        <ol className="mt-5 space-y-3">
          {LOADING_STEPS.map((s, i) => (
            <li
              key={s.label}
              className="flex items-center gap-3 text-sm"
              data-state={i < step ? 'done' : i === step ? 'active' : 'waiting'}
            >
              <StepDot state={i < step ? 'done' : i === step ? 'active' : 'waiting'} />
              <span className={i <= step ? 'font-medium text-slate-900' : 'text-slate-400'}>
                {s.label}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}

function StepDot({ state }: { state: 'done' | 'active' | 'waiting' }) {
  if (state === 'done') {
    return (
      <span
        className="flex h-6 w-6 items-center justify-center rounded-full bg-brand text-xs font-bold text-white"
        aria-hidden="true"
      >
        ✓
      </span>
    );
  }
  if (state === 'active') {
    return (
      <span
        className="h-6 w-6 animate-spin rounded-full border-2 border-brand border-t-transparent"
        aria-hidden="true"
      />
    );
  }
  return <span className="h-6 w-6 rounded-full border-2 border-slate-200" aria-hidden="true" />;
}

function FailureView({ id }: { id: string }) {
  return (
    <div className="space-y-5 pt-4 text-center" data-testid="analysis-failed">
      <div className="mx-auto flex h-20 w-20 items-center justify-center rounded-full bg-red-100 text-4xl font-bold text-red-600">
        !
      </div>
      <h1 className="text-2xl font-extrabold text-slate-900">Analysis Failed</h1>
      <p className="text-slate-600">
        We couldn&apos;t process your swing video. This might be due to video quality or processing
        issues.
      </p>
      <div className="grid gap-2">
        <Link
          to={`/analysis/${id}`}
          className="rounded-xl bg-brand py-3 font-semibold text-white hover:bg-brand-dark"
        >
          View Analysis Results
        </Link>
        <Link
          to="/upload"
          className="rounded-xl border border-slate-300 py-3 font-semibold text-slate-700"
        >
          Try Again
        </Link>
        <Link to="/" className="rounded-xl py-3 font-semibold text-slate-500">
          Back to Home
        </Link>
      </div>
    </div>
  );
}
