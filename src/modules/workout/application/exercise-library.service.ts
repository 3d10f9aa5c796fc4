import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { FocusCategory } from '../../swing-engine/rules';
import { NotFoundError, RefusedError } from '../../../shared/errors/app-errors';
import { validateInput } from '../../../shared/validation';
import { IdentityService } from '../../identity/application/identity.service';
import { RatingDto } from './workout-inputs';
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

  constructor(
    private readonly em: EntityManager,
    private readonly identity: IdentityService,
  ) {}

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
    const em = this.em.fork();
    const [rows, ratings] = await Promise.all([
      em.find(ExerciseEntity, { active: true }, { orderBy: { isPremium: 'asc', name: 'asc' } }),
      em.getConnection().execute<Array<{ slug: string; average: string; count: string }>>(
        `select "exercise_slug" as "slug", avg("rating") as "average", count(*) as "count"
             from "exercise_ratings" group by "exercise_slug"`,
        [],
        'all',
      ),
    ]);
    const bySlug = new Map(
      ratings.map((r) => [
        r.slug,
        { average: Math.round(Number(r.average) * 10) / 10, count: Number(r.count) },
      ]),
    );
    return rows.map((row) => toLibraryExercise(row, bySlug.get(row.slug)));
  }

  /**
   * A premium golfer's 1-5 rating of an exercise they have completed (spec: ratings are real);
   * rating again replaces their earlier one.
   */
  async rate(userId: string, slug: string, body: unknown): Promise<LibraryExercise['rating']> {
    const { rating } = await validateInput(RatingDto, body);
    const user = await this.identity.currentUser(userId);
    if (!user?.isPremium) {
      throw new RefusedError(403, 'Premium Feature', 'Rating exercises is a Premium feature.', {
        requiresUpgrade: true,
      });
    }
    if (!findExercise(slug)) throw new NotFoundError('Exercise not found.');
    const db = this.em.fork().getConnection();
    const [done] = await db.execute<Array<{ n: string }>>(
      `select count(*) as "n" from "exercise_completions" where "user_id" = ? and "exercise_slug" = ?`,
      [userId, slug],
      'all',
    );
    if (Number(done?.n ?? 0) === 0) {
      throw new RefusedError(403, 'Complete It First', 'Complete this exercise before rating it.');
    }
    await db.execute(
      `insert into "exercise_ratings" ("user_id", "exercise_slug", "rating") values (?, ?, ?)
       on conflict ("user_id", "exercise_slug") do update set "rating" = excluded."rating", "updated_at" = now()`,
      [userId, slug, rating],
      'all',
    );
    const [agg] = await db.execute<Array<{ average: string; count: string }>>(
      `select avg("rating") as "average", count(*) as "count" from "exercise_ratings" where "exercise_slug" = ?`,
      [slug],
      'all',
    );
    return {
      average: Math.round(Number(agg?.average ?? 0) * 10) / 10,
      count: Number(agg?.count ?? 0),
    };
  }

  /** The illustration of an exercise in the catalog (drawn from the repository's data). */
  illustration(slug: string): string {
    const exercise = findExercise(slug);
    if (!exercise) throw new NotFoundError('Exercise not found.');
    return renderExerciseSvg(exercise);
  }
}

function toLibraryExercise(
  row: ExerciseEntity,
  rating: { average: number; count: number } | undefined,
): LibraryExercise {
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
    rating: rating ?? { average: null, count: 0 },
  };
}
