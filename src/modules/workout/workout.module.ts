import { Module, type DynamicModule } from '@nestjs/common';
import { GamificationModule } from '../gamification/gamification.module';
import { IdentityModule } from '../identity/identity.module';
import { ExerciseLogsService } from './application/exercise-logs.service';
import { ExerciseLogsController } from './http/exercise-logs.controller';
import { DailyWorkoutService } from './application/daily-workout.service';
import { ExerciseLibraryService } from './application/exercise-library.service';
import { DailyWorkoutController } from './http/daily-workout.controller';
import { ExercisesController } from './http/exercises.controller';
import { ExerciseVideosService } from './application/exercise-videos.service';
import { UsageLimitsService } from './application/usage-limits.service';
import { UsageLimitsController } from './http/usage-limits.controller';
import { YoutubeController } from './http/youtube.controller';
import { UserSessionsController } from './http/user-sessions.controller';
import { WorkoutSessionsService } from './application/workout-sessions.service';

/**
 * Issue 14: the exercise library with its curated videos and ratings, the daily workout, its
 * logs and completions, and the usage summary. `analysis` is the app's one AnalysisModule instance: the workout reads the golfer's
 * focus areas through its exported SwingAnalysesService.
 */
@Module({})
export class WorkoutModule {
  static forRoot(analysis: DynamicModule): DynamicModule {
    return {
      module: WorkoutModule,
      imports: [IdentityModule, GamificationModule, analysis],
      controllers: [
        ExercisesController,
        DailyWorkoutController,
        ExerciseLogsController,
        UsageLimitsController,
        YoutubeController,
        UserSessionsController,
      ],
      providers: [
        ExerciseLibraryService,
        DailyWorkoutService,
        ExerciseLogsService,
        ExerciseVideosService,
        UsageLimitsService,
        WorkoutSessionsService,
      ],
      exports: [
        ExerciseLibraryService,
        DailyWorkoutService,
        ExerciseLogsService,
        ExerciseVideosService,
        UsageLimitsService,
      ],
    };
  }
}
