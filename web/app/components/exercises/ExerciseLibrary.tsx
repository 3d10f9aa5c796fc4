import { useMemo, useState } from 'react';
import type { LibraryExercise } from '../../../../src/modules/workout/application/exercise-library.service';
import { formatDuration } from '../../../../src/modules/workout/domain/exercise';
import { useApiQuery } from '~/lib/use-api';
import { ExerciseCard, ExerciseCardSkeleton } from './ExerciseCard';

const CHIPS = [
  { key: 'all', label: 'All' },
  { key: 'mobility', label: 'Mobility' },
  { key: 'strength', label: 'Strength' },
  { key: 'balance', label: 'Balance' },
] as const;
type Chip = (typeof CHIPS)[number]['key'];

/** Search (name or description), category chips, Free and Premium sections (spec section 2). */
export function ExerciseLibrary() {
  const query = useApiQuery<LibraryExercise[]>('/api/exercises');
  const [search, setSearch] = useState('');
  const [chip, setChip] = useState<Chip>('all');
  const shown = useMemo(() => {
    const words = search.trim().toLowerCase();
    return (query.data ?? []).filter(
      (e) =>
        (chip === 'all' || e.category === chip) &&
        (!words ||
          e.name.toLowerCase().includes(words) ||
          e.description.toLowerCase().includes(words)),
    );
  }, [query.data, search, chip]);
  const free = shown.filter((e) => !e.isPremium);
  const premium = shown.filter((e) => e.isPremium);

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-extrabold text-slate-900">Exercise Library</h1>
      <input
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder="Search exercises..."
        aria-label="Search exercises"
        className="w-full rounded-xl border border-slate-300 bg-white px-4 py-3 text-base focus:border-brand focus:outline-none"
      />
      <div className="flex gap-2 overflow-x-auto" role="group" aria-label="Category">
        {CHIPS.map((c) => (
          <button
            key={c.key}
            type="button"
            aria-pressed={chip === c.key}
            onClick={() => setChip(c.key)}
            className={`whitespace-nowrap rounded-full px-4 py-1.5 text-sm font-semibold ${
              chip === c.key ? 'bg-brand text-white' : 'bg-white text-slate-700 shadow-sm'
            }`}
          >
            {c.label}
          </button>
        ))}
      </div>

      {query.error && !query.data ? (
        <div className="rounded-2xl bg-white p-6 text-center shadow-sm" role="alert">
          <p className="font-bold text-slate-900">Unable to Load Exercises</p>
          <p className="mt-1 text-sm text-slate-600">Check your connection and try again.</p>
          <button
            type="button"
            onClick={query.refetch}
            className="mt-4 rounded-xl bg-brand px-5 py-2.5 font-semibold text-white"
          >
            Try Again
          </button>
        </div>
      ) : !query.data ? (
        <div className="space-y-3" data-testid="exercises-loading" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <ExerciseCardSkeleton key={i} />
          ))}
        </div>
      ) : shown.length === 0 ? (
        <div className="rounded-2xl bg-white p-6 text-center shadow-sm">
          <p className="font-bold text-slate-900">No Exercises Found</p>
          <p className="mt-1 text-sm text-slate-600">Try another search or category.</p>
        </div>
      ) : (
        <>
          <Section title="Free Exercises" exercises={free} />
          <Section title="Premium Exercises" exercises={premium} />
        </>
      )}
    </div>
  );
}

function Section(props: { title: string; exercises: LibraryExercise[] }) {
  if (props.exercises.length === 0) return null;
  return (
    <section aria-label={props.title}>
      <h2 className="mb-2 text-lg font-bold text-slate-900">
        {props.title}{' '}
        <span className="text-sm font-medium text-slate-500">({props.exercises.length})</span>
      </h2>
      <ul className="space-y-3">
        {props.exercises.map((e) => (
          <li key={e.id}>
            <ExerciseCard exercise={e} duration={formatDuration(e.duration)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
