import { IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PLAN_NAMES, type PlanName } from '../domain/plans';

const PLAN_MESSAGE = "Choose the 'monthly' or 'annual' plan.";

/** The browser names a plan, never a price (issue 15). */
export class PlanChoiceDto {
  @IsIn(PLAN_NAMES, { message: PLAN_MESSAGE })
  plan: PlanName = 'monthly';

  /** Older screens send the customer; it must be the golfer's own when present. */
  @IsOptional()
  @IsString()
  @MaxLength(255)
  customerId?: string;
}

export class CustomerDto {
  @IsOptional()
  @IsString()
  @MaxLength(255)
  customerId?: string;
}

export class TestCheckoutDto {
  @IsString({ message: 'The test checkout is missing.' })
  @MaxLength(64)
  sessionId!: string;
}

export class TestPaymentDto {
  @IsString({ message: 'The test payment is missing.' })
  @MaxLength(128)
  clientSecret!: string;
}

export class TestCancelDto {
  @IsBoolean({ message: 'Say whether to cancel at the period end.' })
  cancelAtPeriodEnd!: boolean;
}
