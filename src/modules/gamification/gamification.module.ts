import { Module } from '@nestjs/common';
import { PointsService } from './application/points.service';

/** Issue 14: points, streaks (leaderboards and the week and month closes come next). */
@Module({
  providers: [PointsService],
  exports: [PointsService],
})
export class GamificationModule {}
