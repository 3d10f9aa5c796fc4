import { Module, type DynamicModule } from '@nestjs/common';
import { GamificationModule } from '../gamification/gamification.module';
import { IdentityModule } from '../identity/identity.module';
import { ExerciseLogsService } from './application/exercise-logs.service';
import { ExerciseLogsController } from './http/exercise-logs.controller';
import { DailyWorkoutService } from './application/daily-workout.service';
import { ExerciseLibraryService } from './application/exercise-library.service';
import { DailyWorkoutController } from './http/daily-workout.controller';
import { ExercisesController } from './http/exercises.controller';

/**
 * Issue 14: the exercise library and the daily workout (logs, completions and ratings come
 * next). `analysis` is the app's one AnalysisModule instance: the workout reads the golfer's
 * focus areas through its exported SwingAnalysesService.
 */
@Module({})
export class WorkoutModule {
  static forRoot(analysis: DynamicModule): DynamicModule {
    return {
      module: WorkoutModule,
      imports: [IdentityModule, GamificationModule, analysis],
      controllers: [ExercisesController, DailyWorkoutController, ExerciseLogsController],
      providers: [ExerciseLibraryService, DailyWorkoutService, ExerciseLogsService],
      exports: [ExerciseLibraryService, DailyWorkoutService, ExerciseLogsService],
    };
  }
}
