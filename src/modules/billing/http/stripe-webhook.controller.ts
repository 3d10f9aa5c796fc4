import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Public, SkipCsrf } from '../../../shared/security/public.decorator';
import { BillingWebhooksService } from '../application/billing-webhooks.service';

/** Stripe calls this with the raw body (main.ts keeps it unparsed) and its signature. */
@Controller('webhooks')
export class StripeWebhookController {
  constructor(private readonly webhooks: BillingWebhooksService) {}

  @Public()
  @SkipCsrf()
  @Post('stripe')
  @HttpCode(200)
  receive(@Req() req: Request, @Headers('stripe-signature') signature: string | undefined) {
    return this.webhooks.receive(req.body, signature);
  }
}
