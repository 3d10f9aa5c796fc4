import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { LeaderboardService } from './application/leaderboard.service';
import { PointsService } from './application/points.service';
import { LeaderboardController } from './http/leaderboard.controller';

/** Issue 14: points, streaks and the monthly leaderboard (week and month closes come next). */
@Module({
  imports: [IdentityModule],
  controllers: [LeaderboardController],
  providers: [PointsService, LeaderboardService],
  exports: [PointsService, LeaderboardService],
})
export class GamificationModule {}
