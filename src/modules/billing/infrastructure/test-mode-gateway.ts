import { randomBytes } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import { Clock } from '../../../shared/clock/clock';
import { isSubscriptionStatus } from '../domain/entitlement';
import { isPlanName, PLANS, type PlanName } from '../domain/plans';
import {
  TestModePayments,
  InvalidWebhookSignature,
  type BillingEvent,
  type CheckoutSessionSnapshot,
  type PaymentStart,
  type SubscriptionSnapshot,
} from '../application/billing-gateway';

interface TestSubscriptionRow {
  id: string;
  customer_id: string;
  user_id: string;
  plan: string;
  status: string;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
}

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const SECRET_SUFFIX = '_secret_test';

/**
 * Billing without Stripe keys: the same calls and state changes as a real payment, kept in
 * local tables, with a 'complete test payment' step instead of a card. Nothing is charged.
 */
export class TestModeGateway extends TestModePayments {
  readonly mode = 'test' as const;

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {
    super();
  }

  createCustomer(): Promise<string> {
    return Promise.resolve(newId('cus'));
  }

  async createCheckoutSession(input: {
    customerId: string;
    plan: PlanName;
    userId: string;
  }): Promise<{ id: string; url: string }> {
    const id = newId('cs');
    await this.sql(
      `insert into "billing_test_checkouts" ("id", "customer_id", "user_id", "plan") values (?, ?, ?, ?)`,
      [id, input.customerId, input.userId, input.plan],
    );
    // Our own stand-in for Stripe's hosted checkout page.
    return { id, url: `/subscribe?plan=${input.plan}&checkout=${id}` };
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSessionSnapshot | null> {
    const [row] = await this.sql<
      Array<{ id: string; customer_id: string; subscription_id: string | null; user_id: string }>
    >(
      `select "id", "customer_id", "subscription_id", "user_id" from "billing_test_checkouts" where "id" = ?`,
      [id],
    );
    return row
      ? {
          id: row.id,
          customerId: row.customer_id,
          subscriptionId: row.subscription_id,
          userId: row.user_id,
        }
      : null;
  }

  async startSubscription(input: {
    customerId: string;
    plan: PlanName;
    userId: string;
  }): Promise<PaymentStart> {
    const id = newId('sub');
    await this.sql(
      `insert into "billing_test_subscriptions" ("id", "customer_id", "user_id", "plan", "status")
       values (?, ?, ?, ?, 'incomplete')`,
      [id, input.customerId, input.userId, input.plan],
    );
    return { subscriptionId: id, clientSecret: `${id}${SECRET_SUFFIX}`, kind: 'payment' };
  }

  async resumePayment(subscriptionId: string): Promise<PaymentStart | null> {
    const subscription = await this.retrieveSubscription(subscriptionId);
    return subscription?.status === 'incomplete'
      ? { subscriptionId, clientSecret: `${subscriptionId}${SECRET_SUFFIX}`, kind: 'payment' }
      : null;
  }

  async retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null> {
    const [row] = await this.sql<TestSubscriptionRow[]>(
      `select * from "billing_test_subscriptions" where "id" = ?`,
      [id],
    );
    return row ? toSnapshot(row) : null;
  }

  async latestSubscription(customerId: string): Promise<SubscriptionSnapshot | null> {
    const [row] = await this.sql<TestSubscriptionRow[]>(
      `select * from "billing_test_subscriptions" where "customer_id" = ?
        order by "created_at" desc limit 1`,
      [customerId],
    );
    return row ? toSnapshot(row) : null;
  }

  createPortalSession(): Promise<string> {
    return Promise.resolve('/subscribe?portal=1');
  }

  parseWebhook(): BillingEvent {
    throw new InvalidWebhookSignature('Billing runs in test mode: no webhooks are accepted.');
  }

  /** The test checkout page's 'Complete Test Payment': an active subscription, paid now. */
  async completeCheckout(checkoutId: string): Promise<string> {
    const session = await this.retrieveCheckoutSession(checkoutId);
    if (!session) throw new Error('unknown test checkout');
    if (session.subscriptionId) return session.subscriptionId; // completed already
    const [row] = await this.sql<Array<{ plan: string }>>(
      `select "plan" from "billing_test_checkouts" where "id" = ?`,
      [checkoutId],
    );
    const plan = isPlanName(row?.plan) ? row.plan : 'monthly';
    const id = newId('sub');
    await this.sql(
      `insert into "billing_test_subscriptions" ("id", "customer_id", "user_id", "plan", "status", "current_period_end")
       values (?, ?, ?, ?, 'active', ?)`,
      [id, session.customerId, session.userId, plan, this.periodEnd(plan)],
    );
    await this.sql(`update "billing_test_checkouts" set "subscription_id" = ? where "id" = ?`, [
      id,
      checkoutId,
    ]);
    return id;
  }

  /** The embedded form's 'Complete Test Payment': the incomplete subscription becomes active. */
  async confirmPayment(clientSecret: string): Promise<string | null> {
    if (!clientSecret.endsWith(SECRET_SUFFIX)) return null;
    const id = clientSecret.slice(0, -SECRET_SUFFIX.length);
    const subscription = await this.retrieveSubscription(id);
    if (!subscription) return null;
    if (subscription.status === 'incomplete') {
      await this.sql(
        `update "billing_test_subscriptions" set "status" = 'active', "current_period_end" = ? where "id" = ?`,
        [this.periodEnd(subscription.plan ?? 'monthly'), id],
      );
    }
    return id;
  }

  /** The test portal: cancel at the period end, or resume before it. */
  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
    await this.sql(
      `update "billing_test_subscriptions" set "cancel_at_period_end" = ? where "id" = ?`,
      [cancel, subscriptionId],
    );
  }

  private periodEnd(plan: PlanName): Date {
    return DateTime.fromJSDate(this.clock.now())
      .plus(PLANS[plan].interval === 'month' ? { months: 1 } : { years: 1 })
      .toJSDate();
  }

  private sql<T = unknown>(query: string, params: unknown[]): Promise<T> {
    return this.em.fork().getConnection().execute<T & object>(query, params, 'all') as Promise<T>;
  }
}

function toSnapshot(row: TestSubscriptionRow): SubscriptionSnapshot {
  const status = isSubscriptionStatus(row.status) ? row.status : 'incomplete';
  return {
    id: row.id,
    customerId: row.customer_id,
    status,
    plan: isPlanName(row.plan) ? row.plan : null,
    currentPeriodEnd: row.current_period_end ? new Date(row.current_period_end) : null,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    // The test card every test-mode payment 'uses'; the screens label it as a test.
    card: status === 'incomplete' ? null : { brand: 'visa', last4: '4242' },
    userId: row.user_id,
  };
}
