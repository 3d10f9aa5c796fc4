import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { FocusCategory } from '../../swing-engine/rules';
import { NotFoundError } from '../../../shared/errors/app-errors';
import type {
  Difficulty,
  Equipment,
  ExerciseCategory,
  ExerciseDefinition,
} from '../domain/exercise';
import { difficultyLabel } from '../domain/exercise';
import {
  EXERCISE_CATALOG,
  EXERCISE_CATALOG_VERSION,
  findExercise,
} from '../domain/exercise-catalog';
import { ExerciseEntity } from '../domain/exercise.entity';
import { renderExerciseSvg } from '../domain/exercise-illustration';

/** A library card's data (spec section 3, Library exercise, plus what the card shows). */
export interface LibraryExercise {
  id: string;
  slug: string;
  name: string;
  description: string;
  cues: string[];
  golfReason: string;
  category: ExerciseCategory;
  focusAreas: FocusCategory[];
  difficulty: Difficulty;
  difficultyLabel: 'Easy' | 'Medium' | 'Hard';
  isPremium: boolean;
  imageUrl: string;
  /** Seconds. */
  duration: number;
  sets: number;
  repetitions: number;
  equipment: Equipment;
  /** Golfers' ratings (1-5) once premium golfers rate exercises they completed. */
  rating: { average: number | null; count: number };
}

export const exerciseImageUrl = (slug: string) => `/api/exercises/${slug}/image.svg`;

/** Two app instances booting at once take turns; the key is this job's own. */
const CATALOG_LOCK = 'exercise-catalog-sync';

/** The exercise library: loaded from the repository's catalog, read by the screens. */
@Injectable()
export class ExerciseLibraryService implements OnApplicationBootstrap {
  private readonly logger = new Logger(ExerciseLibraryService.name);

  constructor(private readonly em: EntityManager) {}

  async onApplicationBootstrap(): Promise<void> {
    const changed = await this.syncCatalog();
    if (changed) this.logger.log(`exercise library: ${changed} exercises added or updated`);
  }

  /**
   * Inserts new exercises and updates those whose catalog version is older, in one transaction
   * under an advisory lock; exercises gone from the catalog stay, inactive (logs point at them).
   * Idempotent: a second run changes nothing. Returns how many rows it wrote.
   */
  async syncCatalog(
    catalog: readonly ExerciseDefinition[] = EXERCISE_CATALOG,
    version = EXERCISE_CATALOG_VERSION,
  ): Promise<number> {
    return this.em.fork().transactional(async (tx) => {
      const connection = tx.getConnection();
      await connection.execute('select pg_advisory_xact_lock(hashtext(?))', [CATALOG_LOCK]);
      let written = 0;
      for (const e of catalog) {
        const rows = await connection.execute<{ id: string }[]>(
          `insert into "exercises" ("id", "slug", "name", "description", "cues", "golf_reason",
              "category", "focus_areas", "difficulty", "duration_seconds", "sets", "repetitions",
              "equipment", "is_premium", "harder_variant", "illustration", "catalog_version")
           values (gen_random_uuid(), ?, ?, ?, ?::jsonb, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?)
           on conflict ("slug") do update set
              "name" = excluded."name", "description" = excluded."description",
              "cues" = excluded."cues", "golf_reason" = excluded."golf_reason",
              "category" = excluded."category", "focus_areas" = excluded."focus_areas",
              "difficulty" = excluded."difficulty", "duration_seconds" = excluded."duration_seconds",
              "sets" = excluded."sets", "repetitions" = excluded."repetitions",
              "equipment" = excluded."equipment", "is_premium" = excluded."is_premium",
              "harder_variant" = excluded."harder_variant", "illustration" = excluded."illustration",
              "catalog_version" = excluded."catalog_version", "active" = true, "updated_at" = now()
            where "exercises"."catalog_version" < excluded."catalog_version"
               or not "exercises"."active"
           returning "id"`,
          [
            e.slug,
            e.name,
            e.description,
            JSON.stringify(e.cues),
            e.golfReason,
            e.category,
            JSON.stringify(e.focusAreas),
            e.difficulty,
            e.durationSeconds,
            e.sets,
            e.repetitions,
            e.equipment,
            e.isPremium,
            e.harderVariant ?? null,
            JSON.stringify(e.illustration),
            version,
          ],
          'all',
        );
        written += rows.length;
      }
      const retired = await tx.nativeUpdate(
        ExerciseEntity,
        { slug: { $nin: catalog.map((e) => e.slug) }, active: true },
        { active: false, updatedAt: new Date() },
      );
      return written + retired;
    });
  }

  /** Every active exercise, free ones first, then by name (spec: Free and Premium sections). */
  async library(): Promise<LibraryExercise[]> {
    const rows = await this.em
      .fork()
      .find(ExerciseEntity, { active: true }, { orderBy: { isPremium: 'asc', name: 'asc' } });
    return rows.map(toLibraryExercise);
  }

  /** The illustration of an exercise in the catalog (drawn from the repository's data). */
  illustration(slug: string): string {
    const exercise = findExercise(slug);
    if (!exercise) throw new NotFoundError('Exercise not found.');
    return renderExerciseSvg(exercise);
  }
}

function toLibraryExercise(row: ExerciseEntity): LibraryExercise {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    cues: row.cues,
    golfReason: row.golfReason,
    category: row.category,
    focusAreas: row.focusAreas,
    difficulty: row.difficulty,
    difficultyLabel: difficultyLabel(row.difficulty),
    isPremium: row.isPremium,
    imageUrl: exerciseImageUrl(row.slug),
    duration: row.durationSeconds,
    sets: row.sets,
    repetitions: row.repetitions,
    equipment: row.equipment,
    rating: { average: null, count: 0 },
  };
}
