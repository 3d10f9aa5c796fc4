import { Controller, Get, Param } from '@nestjs/common';
import { ForbiddenError } from '../../../shared/errors/app-errors';
import { CurrentUserId } from '../../../shared/security/current-user.decorator';
import { WorkoutSessionsService } from '../application/workout-sessions.service';

/** Spec section 7: GET /api/user-sessions/{userId} ('1' is the signed-in golfer). */
@Controller('user-sessions')
export class UserSessionsController {
  constructor(private readonly sessions: WorkoutSessionsService) {}

  @Get(':userId')
  list(@CurrentUserId() userId: string, @Param('userId') named: string) {
    if (named !== '1' && named !== userId) {
      throw new ForbiddenError('You can only see your own workouts.');
    }
    return this.sessions.sessions(userId);
  }
}
