import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { PeriodClosesService } from './application/period-closes.service';
import { LeaderboardService } from './application/leaderboard.service';
import { PointsService } from './application/points.service';
import { LeaderboardController } from './http/leaderboard.controller';

/** Issue 14: points, streaks, the monthly leaderboard and the week and month closes. */
@Module({
  imports: [IdentityModule, NotificationsModule],
  controllers: [LeaderboardController],
  providers: [PointsService, LeaderboardService, PeriodClosesService],
  exports: [PointsService, LeaderboardService],
})
export class GamificationModule {}
