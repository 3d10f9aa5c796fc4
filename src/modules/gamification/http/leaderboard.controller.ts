import { Controller, Get, Param, Query } from '@nestjs/common';
import { ForbiddenError } from '../../../shared/errors/app-errors';
import { CurrentUserId } from '../../../shared/security/current-user.decorator';
import { LeaderboardService } from '../application/leaderboard.service';

/** Spec section 7: the month's leaderboard and the golfer's own position. */
@Controller()
export class LeaderboardController {
  constructor(private readonly leaderboard: LeaderboardService) {}

  /** The ranking with the golfer's own row; ?state=TX narrows it to one state. */
  @Get('leaderboard')
  board(@CurrentUserId() userId: string, @Query('state') state?: string) {
    return this.leaderboard.monthly(userId, cleanState(state));
  }

  @Get('monthly-leaderboard')
  async monthly(@CurrentUserId() userId: string, @Query('state') state?: string) {
    return (await this.leaderboard.monthly(userId, cleanState(state))).entries;
  }

  @Get('users/:userId/monthly-position')
  position(@CurrentUserId() userId: string, @Param('userId') named: string) {
    if (named !== '1' && named !== userId) {
      throw new ForbiddenError('You can only see your own position.');
    }
    return this.leaderboard.position(userId);
  }
}

/** A state name as typed: trimmed, at most 100 characters; blank means every state. */
function cleanState(state: unknown): string | null {
  if (typeof state !== 'string') return null;
  const trimmed = state.trim().slice(0, 100);
  return trimmed || null;
}
