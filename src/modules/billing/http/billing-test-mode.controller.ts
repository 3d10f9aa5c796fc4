import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CurrentUserId } from '../../../shared/security/current-user.decorator';
import { TestModeBillingService } from '../application/test-mode-billing.service';

/** Test mode only (no Stripe keys): the steps a golfer would take on Stripe's own pages. */
@Controller('billing/test')
export class BillingTestModeController {
  constructor(private readonly testMode: TestModeBillingService) {}

  @Post('complete-checkout')
  @HttpCode(200)
  completeCheckout(@CurrentUserId() userId: string, @Body() body: unknown) {
    return this.testMode.completeCheckout(userId, body);
  }

  @Post('confirm-payment')
  @HttpCode(200)
  confirmPayment(@CurrentUserId() userId: string, @Body() body: unknown) {
    return this.testMode.confirmPayment(userId, body);
  }

  @Post('cancel')
  @HttpCode(200)
  cancel(@CurrentUserId() userId: string, @Body() body: unknown) {
    return this.testMode.setCancelAtPeriodEnd(userId, body);
  }
}
