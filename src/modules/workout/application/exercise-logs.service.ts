import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundError } from '../../../shared/errors/app-errors';
import { validateInput } from '../../../shared/validation';
import { exerciseByName } from '../domain/exercise-catalog';
import { DailyWorkoutService } from './daily-workout.service';
import { ExerciseLogDto } from './workout-inputs';

/** Spec section 3: an exercise history entry. */
export interface ExerciseHistoryEntry {
  id: string;
  workoutDate: string;
  sets: number;
  reps: number;
  weight: number;
  notes: string;
}

const HISTORY_LIMIT = 100;

/** What a premium golfer logged of each exercise; only their own, newest first. */
@Injectable()
export class ExerciseLogsService {
  constructor(
    private readonly em: EntityManager,
    private readonly workouts: DailyWorkoutService,
  ) {}

  async log(userId: string, body: unknown): Promise<ExerciseHistoryEntry> {
    await this.workouts.requirePremium(userId, 'Logging workouts is a Premium feature.');
    const dto = await validateInput(ExerciseLogDto, body);
    const exercise = exerciseByName(dto.exerciseName);
    if (!exercise) throw new NotFoundError('Exercise not found.');
    const date = dto.workoutDate?.slice(0, 10) ?? this.workouts.today();
    const [row] = await this.em
      .fork()
      .getConnection()
      .execute<Array<{ id: string; workout_date: string }>>(
        `insert into "exercise_logs" ("id", "user_id", "exercise_slug", "workout_date", "sets", "reps", "weight", "duration", "notes")
         values (gen_random_uuid(), ?, ?, ?::date, ?, ?, ?, ?, ?)
         returning "id", to_char("workout_date", 'YYYY-MM-DD') as "workout_date"`,
        [
          userId,
          exercise.slug,
          date,
          dto.sets,
          dto.reps,
          dto.weight,
          dto.duration,
          dto.notes ?? '',
        ],
        'all',
      );
    return {
      id: row!.id,
      workoutDate: row!.workout_date,
      sets: dto.sets,
      reps: dto.reps,
      weight: dto.weight,
      notes: dto.notes ?? '',
    };
  }

  async history(userId: string, exerciseName: string): Promise<ExerciseHistoryEntry[]> {
    await this.workouts.requirePremium(userId, 'Exercise history is a Premium feature.');
    const exercise = exerciseByName(exerciseName);
    if (!exercise) return [];
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<
        Array<{
          id: string;
          workout_date: string;
          sets: number;
          reps: number;
          weight: number;
          notes: string;
        }>
      >(
        `select "id", to_char("workout_date", 'YYYY-MM-DD') as "workout_date", "sets", "reps", "weight", "notes"
           from "exercise_logs" where "user_id" = ? and "exercise_slug" = ?
          order by "workout_date" desc, "created_at" desc limit ?`,
        [userId, exercise.slug, HISTORY_LIMIT],
        'all',
      );
    return rows.map((r) => ({
      id: r.id,
      workoutDate: r.workout_date,
      sets: r.sets,
      reps: r.reps,
      weight: r.weight,
      notes: r.notes,
    }));
  }
}
