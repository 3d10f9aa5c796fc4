import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { validateInput } from '../../../shared/validation';
import { CompleteExerciseDto } from '../application/workout-inputs';
import { ForbiddenError } from '../../../shared/errors/app-errors';
import { CurrentUserId } from '../../../shared/security/current-user.decorator';
import { DailyWorkoutService } from '../application/daily-workout.service';

/** Spec section 7: GET /api/daily-workout/1 (the screens' '1' is the signed-in golfer). */
@Controller('daily-workout')
export class DailyWorkoutController {
  constructor(private readonly workouts: DailyWorkoutService) {}

  /** Spec: {exerciseName} -> progress and pointsAwarded. */
  @Post('complete')
  @HttpCode(200)
  async complete(@CurrentUserId() userId: string, @Body() body: unknown) {
    const dto = await validateInput(CompleteExerciseDto, body);
    return this.workouts.complete(userId, dto.exerciseName);
  }

  @Get(':userId')
  view(@CurrentUserId() userId: string, @Param('userId') named: string) {
    if (named !== '1' && named !== userId) {
      throw new ForbiddenError('You can only see your own workout.');
    }
    return this.workouts.view(userId);
  }
}
