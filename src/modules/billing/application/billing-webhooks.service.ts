import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../shared/errors/app-errors';
import { BillingGateway, InvalidWebhookSignature, type BillingEvent } from './billing-gateway';
import { BillingService } from './billing.service';

/** The events we act on; any other verified event is acknowledged and ignored. */
const HANDLED = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

/**
 * POST /api/webhooks/stripe. Verified with the SDK over the raw body; each event id is stored
 * once, so a replay is a no-op; the subscription is re-read from Stripe, so events arriving out
 * of order still leave the state Stripe has now.
 */
@Injectable()
export class BillingWebhooksService {
  private readonly logger = new Logger(BillingWebhooksService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly gateway: BillingGateway,
    private readonly billing: BillingService,
  ) {}

  async receive(
    rawBody: unknown,
    signature: string | undefined,
  ): Promise<{ received: true; duplicate: boolean }> {
    if (!Buffer.isBuffer(rawBody)) throw new AppError('Send the event as Stripe signed it.', 400);
    let event: BillingEvent;
    try {
      event = this.gateway.parseWebhook(rawBody, signature);
    } catch (error) {
      if (error instanceof InvalidWebhookSignature) throw new AppError(error.message, 400);
      throw error;
    }
    const db = this.em.fork().getConnection();
    const stored = await db.execute<Array<{ event_id: string }>>(
      `insert into "billing_events" ("event_id", "type") values (?, ?)
       on conflict ("event_id") do nothing returning "event_id"`,
      [event.id, event.type],
      'all',
    );
    if (stored.length === 0) return { received: true, duplicate: true };
    try {
      await this.handle(event);
    } catch (error) {
      // Not done: forget the event so Stripe's retry is handled, not taken for a replay.
      await db.execute(`delete from "billing_events" where "event_id" = ?`, [event.id]);
      throw error;
    }
    return { received: true, duplicate: false };
  }

  private async handle(event: BillingEvent): Promise<void> {
    if (!HANDLED.has(event.type)) return;
    const snapshot = event.subscriptionId
      ? await this.gateway.retrieveSubscription(event.subscriptionId)
      : event.customerId
        ? await this.gateway.latestSubscription(event.customerId)
        : null;
    if (snapshot) await this.billing.apply(snapshot, event.userId);
    else this.logger.warn(`${event.type} ${event.id}: no subscription to read`);
    if (event.type === 'invoice.payment_failed') {
      const customer = event.customerId ?? snapshot?.customerId;
      if (customer) await this.billing.notifyPaymentFailed(customer);
    }
  }
}
