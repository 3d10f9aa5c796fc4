import { Module } from '@nestjs/common';
import { ExerciseLibraryService } from './application/exercise-library.service';
import { ExercisesController } from './http/exercises.controller';

/** Issue 14: the exercise library (daily workouts, logs and ratings come next). */
@Module({
  controllers: [ExercisesController],
  providers: [ExerciseLibraryService],
  exports: [ExerciseLibraryService],
})
export class WorkoutModule {}
