import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { CurrentUserId } from '../../../shared/security/current-user.decorator';
import { ExerciseLogsService } from '../application/exercise-logs.service';

/** Spec section 7: POST /api/exercise-logs and the golfer's own history of one exercise. */
@Controller('exercise-logs')
export class ExerciseLogsController {
  constructor(private readonly logs: ExerciseLogsService) {}

  @Post()
  log(@CurrentUserId() userId: string, @Body() body: unknown) {
    return this.logs.log(userId, body);
  }

  @Get('user/authenticated/history/:exerciseName')
  history(@CurrentUserId() userId: string, @Param('exerciseName') name: string) {
    return this.logs.history(userId, name);
  }
}
