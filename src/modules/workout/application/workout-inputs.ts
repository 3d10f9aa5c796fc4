import { Transform } from 'class-transformer';
import {
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';

/** Spec section 5: sets, reps and weight are read as integers; blank or invalid becomes 0. */
const toCount = ({ value }: { value: unknown }) => {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
};
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CompleteExerciseDto {
  @Transform(trim)
  @IsNotEmpty({ message: 'Name the exercise you completed.' })
  @MaxLength(120, { message: 'Name the exercise you completed.' })
  @IsString({ message: 'Name the exercise you completed.' })
  exerciseName!: string;
}

/** POST /api/exercise-logs (spec section 3, Exercise log). */
export class ExerciseLogDto {
  @Transform(trim)
  @IsNotEmpty({ message: 'Name the exercise you logged.' })
  @MaxLength(120, { message: 'Name the exercise you logged.' })
  @IsString({ message: 'Name the exercise you logged.' })
  exerciseName!: string;

  /** ISO date or date-time; the log is filed under its day. */
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}/, { message: 'Give the workout date as an ISO date.' })
  @IsString({ message: 'Give the workout date as an ISO date.' })
  workoutDate?: string;

  @Transform(toCount)
  @Max(1000, { message: 'Sets can be at most 1000.' })
  @IsInt()
  sets = 0;

  @Transform(toCount)
  @Max(10000, { message: 'Reps can be at most 10000.' })
  @IsInt()
  reps = 0;

  /** Pounds, sent as text by the screen. */
  @Transform(toCount)
  @Max(2000, { message: 'Weight can be at most 2000 lbs.' })
  @IsInt()
  weight = 0;

  @Transform(toCount)
  @Max(86400, { message: 'Duration can be at most a day.' })
  @IsInt()
  duration = 0;

  @IsOptional()
  @MaxLength(500, { message: 'Notes can be at most 500 characters.' })
  @IsString({ message: 'Notes must be text.' })
  notes?: string;
}

/** POST /api/exercises/{slug}/rating: 1 to 5 stars. */
export class RatingDto {
  @Max(5, { message: 'Choose a rating from 1 to 5 stars.' })
  @Min(1, { message: 'Choose a rating from 1 to 5 stars.' })
  @IsInt({ message: 'Choose a rating from 1 to 5 stars.' })
  rating!: number;
}
