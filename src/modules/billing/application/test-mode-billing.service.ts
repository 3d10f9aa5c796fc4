import { Injectable } from '@nestjs/common';
import { ForbiddenError, NotFoundError } from '../../../shared/errors/app-errors';
import { validateInput } from '../../../shared/validation';
import { BillingGateway, TestModePayments } from './billing-gateway';
import { TestCancelDto, TestCheckoutDto, TestPaymentDto } from './billing-inputs';
import { BillingService } from './billing.service';

/**
 * The test mode's stand-ins for what the golfer would do on Stripe's pages: complete a payment
 * (no card), and cancel or resume in the portal. 404 when billing runs on Stripe.
 */
@Injectable()
export class TestModeBillingService {
  constructor(
    private readonly gateway: BillingGateway,
    private readonly billing: BillingService,
  ) {}

  async completeCheckout(userId: string, body: unknown): Promise<{ redirectTo: string }> {
    const { sessionId } = await validateInput(TestCheckoutDto, body);
    const gateway = this.testGateway();
    const session = await gateway.retrieveCheckoutSession(sessionId);
    if (!session) throw new NotFoundError('Payment session not found');
    if (session.userId !== userId) throw new ForbiddenError('That checkout is not yours.');
    const subscriptionId = await gateway.completeCheckout(sessionId);
    const snapshot = await gateway.retrieveSubscription(subscriptionId);
    if (snapshot) await this.billing.apply(snapshot, userId);
    return { redirectTo: `/payment-success?session_id=${encodeURIComponent(sessionId)}` };
  }

  async confirmPayment(userId: string, body: unknown): Promise<{ subscriptionId: string }> {
    const { clientSecret } = await validateInput(TestPaymentDto, body);
    const gateway = this.testGateway();
    const account = await this.billing.account(userId);
    const id = clientSecret.replace(/_secret_test$/, '');
    if (!account || account.subscription_id !== id) {
      throw new ForbiddenError('That payment is not yours.');
    }
    const confirmed = await gateway.confirmPayment(clientSecret);
    if (!confirmed) throw new NotFoundError('Payment session not found');
    const snapshot = await gateway.retrieveSubscription(confirmed);
    if (snapshot) await this.billing.apply(snapshot, userId);
    return { subscriptionId: confirmed };
  }

  async setCancelAtPeriodEnd(userId: string, body: unknown): Promise<{ isPremium: boolean }> {
    const { cancelAtPeriodEnd } = await validateInput(TestCancelDto, body);
    const gateway = this.testGateway();
    const account = await this.billing.account(userId);
    if (!account?.subscription_id) throw new NotFoundError('No subscription found.');
    await gateway.setCancelAtPeriodEnd(account.subscription_id, cancelAtPeriodEnd);
    const snapshot = await gateway.retrieveSubscription(account.subscription_id);
    return { isPremium: snapshot ? await this.billing.apply(snapshot, userId) : false };
  }

  private testGateway(): TestModePayments {
    if (!(this.gateway instanceof TestModePayments)) throw new NotFoundError();
    return this.gateway;
  }
}
