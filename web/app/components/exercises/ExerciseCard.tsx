import type { LibraryExercise } from '../../../../src/modules/workout/application/exercise-library.service';

const DIFFICULTY_TONE = {
  Easy: 'bg-green-50 text-green-800',
  Medium: 'bg-amber-50 text-amber-800',
  Hard: 'bg-red-50 text-red-800',
} as const;

const CATEGORY = { mobility: 'Mobility', strength: 'Strength', balance: 'Balance' } as const;

/** One library card: image, name, Premium badge, description, difficulty, category, dose, rating. */
export function ExerciseCard({
  exercise: e,
  duration,
}: {
  exercise: LibraryExercise;
  duration: string;
}) {
  return (
    <article
      className="flex gap-3 rounded-2xl bg-white p-3 shadow-sm"
      data-testid="exercise-card"
      aria-label={e.name}
    >
      <img
        src={e.imageUrl}
        alt={`${e.name}: illustration`}
        width={96}
        height={80}
        loading="lazy"
        className="h-20 w-24 shrink-0 rounded-xl"
      />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-bold leading-tight text-slate-900">{e.name}</h3>
          {e.isPremium && (
            <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-bold text-amber-800">
              Premium
            </span>
          )}
        </div>
        <p className="mt-1 line-clamp-3 text-sm text-slate-600">{e.description}</p>
        <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
          <span
            className={`rounded-full px-2 py-0.5 font-semibold ${DIFFICULTY_TONE[e.difficultyLabel]}`}
          >
            {e.difficultyLabel}
          </span>
          <span>{CATEGORY[e.category]}</span>
          <span className="inline-flex items-center gap-0.5" aria-label={`Duration ${duration}`}>
            <ClockIcon />
            {duration}
          </span>
          <span>
            {e.sets} × {e.repetitions}
          </span>
        </div>
        <Stars rating={e.rating} />
      </div>
    </article>
  );
}

function Stars({ rating }: { rating: LibraryExercise['rating'] }) {
  const filled = rating.average === null ? 0 : Math.round(rating.average);
  const label =
    rating.average === null
      ? 'No ratings yet'
      : `${rating.average.toFixed(1)} out of 5 (${rating.count} ${rating.count === 1 ? 'rating' : 'ratings'})`;
  return (
    <p className="mt-1 flex items-center gap-1 text-xs text-slate-500" aria-label={label}>
      <span aria-hidden="true" className="tracking-tight text-amber-500">
        {'★'.repeat(filled)}
        <span className="text-slate-300">{'★'.repeat(5 - filled)}</span>
      </span>
      <span aria-hidden="true">
        {rating.average === null ? 'No ratings yet' : `(${rating.count})`}
      </span>
    </p>
  );
}

export function ExerciseCardSkeleton() {
  return (
    <div className="flex animate-pulse gap-3 rounded-2xl bg-white p-3 shadow-sm">
      <div className="h-20 w-24 shrink-0 rounded-xl bg-slate-200" />
      <div className="flex-1 space-y-2 py-1">
        <div className="h-4 w-2/3 rounded bg-slate-200" />
        <div className="h-3 w-full rounded bg-slate-100" />
        <div className="h-3 w-5/6 rounded bg-slate-100" />
      </div>
    </div>
  );
}

function ClockIcon() {
  return (
    <svg
      viewBox="0 0 16 16"
      className="h-3 w-3"
      fill="none"
      stroke="currentColor"
      aria-hidden="true"
    >
      <circle cx="8" cy="8" r="6.5" strokeWidth="1.5" />
      <path d="M8 4.5V8l2.5 1.5" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}
