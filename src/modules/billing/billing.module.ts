import { Module } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppConfig } from '../../shared/config/app-config';
import { Clock } from '../../shared/clock/clock';
import { IdentityModule } from '../identity/identity.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { BillingGateway } from './application/billing-gateway';
import { BillingWebhooksService } from './application/billing-webhooks.service';
import { BillingService } from './application/billing.service';
import { EntitlementCheckService } from './application/entitlement-check.service';
import { TestModeBillingService } from './application/test-mode-billing.service';
import { BillingTestModeController } from './http/billing-test-mode.controller';
import { BillingController } from './http/billing.controller';
import { StripeWebhookController } from './http/stripe-webhook.controller';
import { StripeGateway } from './infrastructure/stripe-gateway';
import { TestModeGateway } from './infrastructure/test-mode-gateway';

/**
 * Issue 15: premium subscriptions. Stripe when its keys are configured, else the labelled test
 * mode (decision 0017); premium follows the subscription's state at the provider.
 */
@Module({
  imports: [IdentityModule, NotificationsModule],
  controllers: [BillingController, BillingTestModeController, StripeWebhookController],
  providers: [
    {
      provide: BillingGateway,
      inject: [AppConfig, EntityManager, Clock],
      useFactory: (config: AppConfig, em: EntityManager, clock: Clock) =>
        config.billingMode === 'stripe'
          ? new StripeGateway(config)
          : new TestModeGateway(em, clock),
    },
    BillingService,
    BillingWebhooksService,
    TestModeBillingService,
    EntitlementCheckService,
  ],
  exports: [BillingService],
})
export class BillingModule {}
