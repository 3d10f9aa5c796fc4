import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { ForbiddenError } from '../../../shared/errors/app-errors';
import { CurrentUserId } from '../../../shared/security/current-user.decorator';
import { validateInput } from '../../../shared/validation';
import { PlanChoiceDto } from '../application/billing-inputs';
import { BillingService } from '../application/billing.service';

class UpgradeDto extends PlanChoiceDto {
  @IsOptional()
  @IsString()
  @MaxLength(64)
  userId?: string;
}

/** Spec section 7's billing calls; the signed-in golfer's own billing only. */
@Controller()
export class BillingController {
  constructor(private readonly billing: BillingService) {}

  @Get('billing')
  summary(@CurrentUserId() userId: string) {
    return this.billing.summary(userId);
  }

  @Post('create-checkout-session')
  @HttpCode(200)
  checkout(@CurrentUserId() userId: string, @Body() body: unknown) {
    return this.billing.createCheckout(userId, body);
  }

  @Post('get-or-create-subscription')
  @HttpCode(200)
  subscription(@CurrentUserId() userId: string, @Body() body: unknown) {
    return this.billing.startSubscription(userId, body);
  }

  /** {subscriptionActive: true} after the browser confirmed a payment: a hint to ask Stripe. */
  @Post('update-subscription-status')
  @HttpCode(200)
  statusHint(@CurrentUserId() userId: string) {
    return this.billing.refresh(userId);
  }

  @Post('refresh-subscription')
  @HttpCode(200)
  refresh(@CurrentUserId() userId: string) {
    return this.billing.refresh(userId);
  }

  @Post('create-customer-portal')
  @HttpCode(200)
  portal(@CurrentUserId() userId: string, @Body() body: unknown) {
    return this.billing.portal(userId, body ?? {});
  }

  /** Spec: {userId} -> starts the upgrade: a checkout for the plan (monthly by default). */
  @Post('subscription/upgrade')
  @HttpCode(200)
  async upgrade(@CurrentUserId() userId: string, @Body() body: unknown) {
    const dto = await validateInput(UpgradeDto, body);
    if (dto.userId && dto.userId !== '1' && dto.userId !== userId) {
      throw new ForbiddenError('You can only upgrade your own account.');
    }
    return this.billing.createCheckout(userId, { plan: dto.plan });
  }
}
