import { Link, useNavigation, useRevalidator } from '@remix-run/react';
import { useState } from 'react';
import { Dialog } from 'radix-ui';
import type {
  CompletionResult,
  DailyWorkoutView,
  WorkoutExercise,
} from '../../../../src/modules/workout/application/daily-workout.service';
import type { ExerciseHistoryEntry } from '../../../../src/modules/workout/application/exercise-logs.service';
import { formatDuration } from '../../../../src/modules/workout/domain/exercise';
import {
  videoSearchUrl,
  youtubeVideoId,
} from '../../../../src/modules/workout/domain/exercise-video';
import type { VideoEmbed } from '../../../../src/modules/workout/application/exercise-videos.service';
import { apiFetch } from '~/lib/api';
import { useRootData } from '~/lib/root-data';
import { useApiQuery } from '~/lib/use-api';
import { toast } from '~/ui/toast-store';
import { CloseIcon } from '~/ui/icons';

export type WorkoutState =
  | { kind: 'workout'; workout: DailyWorkoutView }
  | { kind: 'no-analysis' }
  | { kind: 'limit' }
  | { kind: 'empty' }
  | { kind: 'error' };

/** Spec section 2, Daily workout: every state with its words. */
export function DailyWorkoutScreen(props: { state: WorkoutState; monthlyPoints: number }) {
  const { state, monthlyPoints } = props;
  const { user, csrfToken } = useRootData();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  // Try Again (or opening the page from itself) shows the loading state; refreshing the points
  // after a completion keeps the list on screen.
  const loading =
    (state.kind === 'error' && revalidator.state === 'loading') ||
    navigation.location?.pathname === '/daily-workout';
  return (
    <div className="space-y-4">
      <header className="flex items-center justify-between">
        <Link to="/" className="text-sm font-semibold text-brand">
          ‹ Back
        </Link>
        <Link
          to="/leaderboard"
          className="rounded-full bg-white px-3 py-1 text-sm font-semibold text-slate-700 shadow-sm"
          aria-label={`Leaderboard: ${monthlyPoints} points this month`}
          data-testid="monthly-points"
        >
          <TrophyIcon /> {monthlyPoints} pts
        </Link>
      </header>
      <h1 className="text-2xl font-extrabold text-slate-900">Daily Workout</h1>
      {loading ? (
        <Message title="Creating Your Workout" busy>
          Picking today&apos;s exercises from your swing analysis...
        </Message>
      ) : state.kind === 'no-analysis' ? (
        <Message title="No Swing Analysis Available">
          Upload a swing video first: your workout is built from what it measures.
          <Link
            to="/upload"
            className="mt-4 block rounded-xl bg-brand py-3 text-center font-semibold text-white"
          >
            Upload a Swing
          </Link>
        </Message>
      ) : state.kind === 'limit' ? (
        <Message title="Daily Workout Limit Reached">
          You&apos;ve used your free daily workout view. Upgrade to premium for unlimited access to
          personalized workouts.
          <Link
            to="/profile"
            className="mt-4 block rounded-xl bg-brand py-3 text-center font-semibold text-white"
          >
            Upgrade to Premium
          </Link>
        </Message>
      ) : state.kind === 'empty' ? (
        <Message title="Workout Generation Failed">
          No exercises could be chosen for today. Please try again later.
        </Message>
      ) : state.kind === 'error' ? (
        <Message title="Error Loading Workout">
          Something went wrong while loading your workout.
          <button
            type="button"
            onClick={() => revalidator.revalidate()}
            className="mt-4 block w-full rounded-xl bg-brand py-3 font-semibold text-white"
          >
            Try Again
          </button>
        </Message>
      ) : (
        <Workout workout={state.workout} isPremium={!!user?.isPremium} csrfToken={csrfToken} />
      )}
    </div>
  );
}

function Message(props: { title: string; busy?: boolean; children: React.ReactNode }) {
  return (
    <section
      className="rounded-2xl bg-white p-6 text-center shadow-sm"
      aria-busy={props.busy || undefined}
      data-testid="workout-message"
    >
      <h2 className="text-lg font-bold text-slate-900">{props.title}</h2>
      <div className="mt-2 text-sm text-slate-600">{props.children}</div>
    </section>
  );
}

function Workout(props: { workout: DailyWorkoutView; isPremium: boolean; csrfToken: string }) {
  const { workout, isPremium } = props;
  return (
    <>
      <section className="rounded-2xl bg-white p-5 shadow-sm" data-testid="workout-overview">
        <h2 className="text-sm font-bold uppercase tracking-wide text-slate-500">
          Categories Used
        </h2>
        <ul className="mt-2 flex flex-wrap gap-2">
          {workout.focusAreas.map((area) => (
            <li
              key={area}
              className="rounded-full bg-brand-light px-3 py-1 text-xs font-semibold text-brand-dark"
            >
              {area}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-slate-600">
          Use your bodyweight and a resistance band instead of any equipment shown, and focus on the
          quality of each movement rather than speed or load.
        </p>
      </section>
      {!isPremium && (
        <section
          className="rounded-2xl border border-amber-200 bg-amber-50 p-4"
          data-testid="premium-feature"
        >
          <p className="font-bold text-amber-900">Premium Feature</p>
          <p className="mt-1 text-sm text-amber-900">
            Logging sets, reps and weight, exercise videos, your history and earning points are for
            Premium members.{' '}
            <Link to="/profile" className="font-semibold underline">
              Upgrade on your profile
            </Link>
          </p>
        </section>
      )}
      <ol className="space-y-3">
        {workout.exercises.map((e, i) => (
          <li key={e.slug}>
            <ExerciseItem
              exercise={e}
              index={i + 1}
              isPremium={isPremium}
              done={workout.completedExercises.includes(e.name)}
              date={workout.date}
              csrfToken={props.csrfToken}
            />
          </li>
        ))}
      </ol>
    </>
  );
}

/** Spec: a category icon per exercise (mobility, strength, stability, default). */
function CategoryIcon({ category }: { category: string }) {
  const paths: Record<string, string> = {
    // A turning arrow: mobility.
    mobility: 'M4 12a8 8 0 1 0 3-6.2M4 4v4h4',
    // A dumbbell: strength.
    strength: 'M3 10v4M6 8v8M18 8v8M21 10v4M6 12h12',
    // A level on a point: balance (stability).
    balance: 'M4 9h16M12 9v10M8 19h8M12 5v4',
  };
  return (
    <svg
      viewBox="0 0 24 24"
      className="inline h-4 w-4 align-[-3px]"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
      data-testid={`category-icon-${paths[category] ? category : 'default'}`}
    >
      <path d={paths[category] ?? 'M12 4v16M4 12h16'} />
    </svg>
  );
}

function TrophyIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="inline h-4 w-4 align-[-3px] text-amber-500"
      fill="currentColor"
      aria-hidden="true"
    >
      <path d="M7 3h10v3h3v2a4 4 0 0 1-4 4h-.3A5 5 0 0 1 13 14.9V18h3v3H8v-3h3v-3.1A5 5 0 0 1 8.3 12H8a4 4 0 0 1-4-4V6h3zm0 5H6a2 2 0 0 0 1 1.7zm10 0v1.7A2 2 0 0 0 18 8z" />
    </svg>
  );
}

type HistoryEntry = ExerciseHistoryEntry;

function ExerciseItem(props: {
  exercise: WorkoutExercise;
  index: number;
  isPremium: boolean;
  done: boolean;
  /** The workout's local day. */
  date: string;
  csrfToken: string;
}) {
  const e = props.exercise;
  const revalidator = useRevalidator();
  const [watching, setWatching] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [done, setDone] = useState(props.done);
  const [busy, setBusy] = useState(false);
  const [values, setValues] = useState({ sets: '', reps: '', weight: '' });
  const [today, setToday] = useState<{ sets: number; reps: number; weight: number } | null>(null);
  const locked = !props.isPremium || done || busy;

  const complete = async () => {
    setBusy(true);
    // Spec section 8: a log that fails to save is only reported in the console; the
    // completion (and its points) still goes ahead.
    try {
      const logged = await apiFetch<HistoryEntry>('/api/exercise-logs', props.csrfToken, {
        method: 'POST',
        body: JSON.stringify({
          exerciseName: e.name,
          workoutDate: props.date,
          sets: values.sets,
          reps: values.reps,
          weight: values.weight,
          duration: 0,
          notes: '',
        }),
      });
      setToday({ sets: logged.sets, reps: logged.reps, weight: logged.weight });
    } catch (error) {
      console.warn('Failed to save exercise log', error);
    }
    try {
      const result = await apiFetch<CompletionResult>(
        '/api/daily-workout/complete',
        props.csrfToken,
        {
          method: 'POST',
          body: JSON.stringify({ exerciseName: e.name }),
        },
      );
      setDone(true);
      const { completed, total, percentage } = result.progress;
      toast({
        title: 'Exercise Completed!',
        description: `Progress: ${completed}/${total} exercises (${percentage}%)${
          result.pointsAwarded > 0 ? ` +${result.pointsAwarded} points!` : ''
        }`,
      });
      revalidator.revalidate();
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to complete exercise. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <article
      className="rounded-2xl bg-white p-4 shadow-sm"
      data-testid="workout-exercise"
      aria-label={e.name}
    >
      <div className="flex gap-3">
        <img
          src={e.imageUrl}
          alt={`${e.name}: illustration`}
          width={96}
          height={80}
          className="h-20 w-24 shrink-0 rounded-xl"
        />
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
            <CategoryIcon category={e.category} /> {e.category} · {e.difficultyLabel}
          </p>
          <h3 className="font-bold leading-tight text-slate-900">
            {props.index}. {e.name}
          </h3>
          <p className="mt-1 text-xs text-slate-600">
            {e.sets} × {e.repetitions} · {formatDuration(e.duration)}
          </p>
        </div>
      </div>
      <p className="mt-2 text-sm text-slate-700">{e.description}</p>
      <p
        className="mt-2 rounded-lg bg-brand-light/60 p-2 text-xs text-brand-dark"
        data-testid="exercise-reason"
      >
        <span className="font-semibold">Why: </span>
        {e.target}: {e.reason}
      </p>
      <ul className="mt-2 list-inside list-disc text-xs text-slate-600">
        {e.cues.map((cue) => (
          <li key={cue}>{cue}</li>
        ))}
      </ul>
      {props.isPremium && (
        <div className="mt-3 grid grid-cols-3 gap-2">
          {(
            [
              ['sets', 'Sets', '3'],
              ['reps', 'Reps', '12'],
              ['weight', 'Weight', '25'],
            ] as const
          ).map(([key, label, placeholder]) => (
            <label key={key} className="text-xs font-semibold text-slate-600">
              {label}
              <input
                type="number"
                inputMode="numeric"
                min={0}
                placeholder={placeholder}
                value={values[key]}
                disabled={locked}
                onChange={(event) => setValues({ ...values, [key]: event.target.value })}
                className="mt-1 w-full rounded-lg border border-slate-300 px-2 py-2 text-base font-normal text-slate-900 disabled:bg-slate-100"
              />
            </label>
          ))}
        </div>
      )}
      <div className="mt-3 grid grid-cols-3 gap-2">
        <button
          type="button"
          disabled={!props.isPremium}
          onClick={() => setWatching(true)}
          className="rounded-lg bg-slate-900 py-2 text-sm font-semibold text-white disabled:cursor-not-allowed disabled:bg-slate-300"
        >
          Watch
        </button>
        <button
          type="button"
          disabled={!props.isPremium}
          onClick={() => setHistoryOpen(true)}
          className="rounded-lg bg-slate-100 py-2 text-sm font-semibold text-slate-800 disabled:cursor-not-allowed disabled:text-slate-400"
        >
          View History
        </button>
        <button
          type="button"
          disabled={locked}
          onClick={() => void complete()}
          className="rounded-lg bg-brand py-2 text-sm font-semibold text-white disabled:cursor-not-allowed disabled:bg-slate-300"
        >
          {done ? 'Done' : 'Complete'}
        </button>
      </div>
      {props.isPremium && done && <RateExercise slug={e.slug} csrfToken={props.csrfToken} />}
      <VideoDialog name={e.name} videoUrl={e.videoId} open={watching} onOpenChange={setWatching} />
      {historyOpen && (
        <HistoryDialog
          name={e.name}
          today={today}
          date={props.date}
          onClose={() => setHistoryOpen(false)}
        />
      )}
    </article>
  );
}

/** After completing it, a premium golfer rates the exercise (1-5 stars) for the library. */
function RateExercise(props: { slug: string; csrfToken: string }) {
  const [rated, setRated] = useState<number | null>(null);
  const rate = async (stars: number) => {
    try {
      await apiFetch(`/api/exercises/${props.slug}/rating`, props.csrfToken, {
        method: 'POST',
        body: JSON.stringify({ rating: stars }),
      });
      setRated(stars);
    } catch {
      toast({
        title: 'Rating Not Saved',
        description: 'Please try again.',
        variant: 'destructive',
      });
    }
  };
  return (
    <div
      className="mt-3 flex items-center gap-2 text-sm text-slate-600"
      data-testid="rate-exercise"
    >
      <span>{rated ? `Thanks! You rated it ${rated}/5` : 'Rate this exercise'}</span>
      <span className="flex" role="group" aria-label="Your rating">
        {[1, 2, 3, 4, 5].map((stars) => (
          <button
            key={stars}
            type="button"
            aria-label={`Rate ${stars} ${stars === 1 ? 'star' : 'stars'}`}
            aria-pressed={rated !== null && stars <= rated}
            onClick={() => void rate(stars)}
            className={`px-0.5 text-xl leading-none ${
              rated !== null && stars <= rated ? 'text-amber-500' : 'text-slate-300'
            }`}
          >
            ★
          </button>
        ))}
      </span>
    </div>
  );
}

/** Spec: '{exercise} - History', today's entry first, then past entries by workout date. */
function HistoryDialog(props: {
  name: string;
  today: { sets: number; reps: number; weight: number } | null;
  date: string;
  onClose: () => void;
}) {
  const history = useApiQuery<HistoryEntry[]>(
    `/api/exercise-logs/user/authenticated/history/${encodeURIComponent(props.name)}`,
  );
  // Today's entry shows once, on top: the past list is the days before it.
  const past = (history.data ?? []).filter((h) => !props.today || h.workoutDate !== props.date);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 max-h-[80vh] w-[90%] max-w-sm -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl"
          aria-describedby={undefined}
        >
          <div className="flex items-start justify-between gap-2">
            <Dialog.Title className="text-lg font-bold">{props.name} - History</Dialog.Title>
            <Dialog.Close aria-label="Close" className="rounded-full p-1 text-slate-500">
              <CloseIcon className="h-5 w-5" />
            </Dialog.Close>
          </div>
          {props.today && (
            <div className="mt-3 rounded-xl bg-brand-light p-3 text-sm" data-testid="history-today">
              <p className="text-xs font-bold text-brand-dark">TODAY</p>
              <p>
                {props.today.sets} sets · {props.today.reps} reps · {props.today.weight} lbs
              </p>
            </div>
          )}
          {history.loading && !history.data ? (
            <p className="mt-3 text-sm text-slate-500">Loading history...</p>
          ) : history.error && !history.data ? (
            <p className="mt-3 text-sm text-red-700" role="alert">
              Failed to fetch exercise history
            </p>
          ) : past.length === 0 ? (
            <div className="mt-3 text-sm text-slate-600">
              <p>No workout history found for this exercise.</p>
              {!props.today && (
                <p className="mt-1 font-semibold">This is your first time doing this exercise!</p>
              )}
            </div>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100" data-testid="history-entries">
              {past.map((h) => (
                <li key={h.id} className="py-2 text-sm">
                  <p className="font-semibold text-slate-900">{h.workoutDate}</p>
                  <p className="text-slate-600">
                    {h.sets} sets · {h.reps} reps{h.weight > 0 ? ` · ${h.weight} lbs` : ''}
                  </p>
                  {h.notes && <p className="text-xs text-slate-500">{h.notes}</p>}
                </li>
              ))}
            </ul>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * Spec section 2, Video dialog: the curated video embedded (privacy-enhanced host), or without
 * one (or when the embed is refused) a link to search the video site for the exercise.
 */
function VideoDialog(props: {
  name: string;
  videoUrl: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = props.videoUrl ? youtubeVideoId(props.videoUrl) : null;
  const embed = useApiQuery<VideoEmbed>(
    props.open && id ? `/api/youtube/embed/${encodeURIComponent(id)}` : null,
  );
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 w-[92%] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 shadow-2xl"
          aria-describedby={undefined}
        >
          <div className="flex items-start justify-between gap-2">
            <Dialog.Title className="text-lg font-bold">{props.name}</Dialog.Title>
            <Dialog.Close aria-label="Close" className="rounded-full p-1 text-slate-500">
              <CloseIcon className="h-5 w-5" />
            </Dialog.Close>
          </div>
          {id && embed.loading && !embed.data ? (
            <div
              className="mt-3 aspect-video w-full animate-pulse rounded-xl bg-slate-200"
              aria-label="Loading video"
            />
          ) : embed.data ? (
            <>
              <iframe
                src={embed.data.embedUrl}
                title={embed.data.title}
                className="mt-3 aspect-video w-full rounded-xl bg-slate-900"
                allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
                referrerPolicy="strict-origin-when-cross-origin"
                allowFullScreen
                data-testid="exercise-video"
              />
              <p className="mt-2 text-sm font-semibold text-slate-800">{embed.data.title}</p>
              <a
                href={embed.data.watchUrl}
                target="_blank"
                rel="noreferrer noopener"
                className="mt-3 block text-center text-sm font-semibold text-brand"
              >
                Watch on YouTube
              </a>
            </>
          ) : (
            <>
              <p className="mt-2 text-sm text-slate-600">
                We have no video of our own for this exercise yet. Watch how others coach it:
              </p>
              <a
                href={videoSearchUrl(props.name)}
                target="_blank"
                rel="noreferrer noopener"
                className="mt-4 block rounded-xl bg-brand py-3 text-center font-semibold text-white"
              >
                Watch on YouTube
              </a>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
