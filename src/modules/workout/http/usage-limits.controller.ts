import { Controller, Get } from '@nestjs/common';
import { CurrentUserId } from '../../../shared/security/current-user.decorator';
import { UsageLimitsService } from '../application/usage-limits.service';

/** Spec section 7: GET /api/usage-limits, the signed-in golfer's counters. */
@Controller('usage-limits')
export class UsageLimitsController {
  constructor(private readonly limits: UsageLimitsService) {}

  @Get()
  usageLimits(@CurrentUserId() userId: string) {
    return this.limits.usageLimits(userId);
  }
}
