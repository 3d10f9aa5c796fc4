import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppConfig } from '../../../shared/config/app-config';
import { Clock } from '../../../shared/clock/clock';
import { DomainEvents } from '../../../shared/events/domain-events';
import { AppError, ForbiddenError, RefusedError } from '../../../shared/errors/app-errors';
import { validateInput } from '../../../shared/validation';
import { IdentityService } from '../../identity/application/identity.service';
import { NotificationsService } from '../../notifications/application/notifications.service';
import { entitlement, isSubscriptionStatus, type SubscriptionState } from '../domain/entitlement';
import { isPlanName, PLANS, type Plan, type PlanName } from '../domain/plans';
import { BillingGateway, type SubscriptionSnapshot } from './billing-gateway';
import { CustomerDto, PlanChoiceDto } from './billing-inputs';

/** A golfer's billing as the Profile shows it (GET /api/billing). */
export interface BillingSummary {
  mode: 'stripe' | 'test' | 'off';
  isPremium: boolean;
  plans: Plan[];
  /** Stripe mode: the key the browser's Payment Element needs. */
  publishableKey: string | null;
  subscription: {
    plan: PlanName | null;
    status: string;
    /** ISO; the next renewal, or the last premium day when cancelled at period end. */
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
    /** ISO; set while premium is running out (cancelled, or a failed payment's grace). */
    endsAt: string | null;
    card: { brand: string; last4: string } | null;
  } | null;
}

interface AccountRow {
  user_id: string;
  mode: 'stripe' | 'test';
  customer_id: string;
  subscription_id: string | null;
  plan: string | null;
  status: string | null;
  current_period_end: Date | string | null;
  cancel_at_period_end: boolean;
  past_due_since: Date | string | null;
  card_brand: string | null;
  card_last4: string | null;
}

const PAYMENTS_OFF = 'Payments are not available right now. Please try again later.';

/**
 * Premium follows the subscription at the payment provider. Every path (webhook, refresh, the
 * success page's hint, the scheduled check) ends in `apply`, which reads the provider's current
 * state, never the browser's word or an event's order.
 */
@Injectable()
export class BillingService {
  private readonly logger = new Logger(BillingService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly gateway: BillingGateway,
    private readonly identity: IdentityService,
    private readonly notifications: NotificationsService,
    private readonly events: DomainEvents,
  ) {}

  get mode(): 'stripe' | 'test' | 'off' {
    return this.config.billingMode;
  }

  async summary(userId: string): Promise<BillingSummary> {
    const user = await this.identity.getUser(userId);
    const row = await this.account(userId);
    const state = row ? stateOf(row) : null;
    const ends = state
      ? entitlement(state, this.clock.now(), this.config.BILLING_GRACE_DAYS)
      : null;
    return {
      mode: this.mode,
      isPremium: user.isPremium,
      plans: [PLANS.monthly, PLANS.annual],
      publishableKey: this.mode === 'stripe' ? (this.config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
      subscription:
        row && row.status
          ? {
              plan: isPlanName(row.plan) ? row.plan : null,
              status: row.status,
              currentPeriodEnd: state?.currentPeriodEnd?.toISOString() ?? null,
              cancelAtPeriodEnd: row.cancel_at_period_end,
              endsAt: ends?.endsAt?.toISOString() ?? null,
              card:
                row.card_brand && row.card_last4
                  ? { brand: row.card_brand, last4: row.card_last4 }
                  : null,
            }
          : null,
    };
  }

  /** POST /api/create-checkout-session: {plan} -> {url} of the provider's checkout page. */
  async createCheckout(userId: string, body: unknown): Promise<{ url: string; sessionId: string }> {
    const dto = await validateInput(PlanChoiceDto, body);
    const customerId = await this.ownCustomer(userId, dto.customerId);
    await this.refuseIfPremium(userId);
    const session = await this.gateway.createCheckoutSession({
      customerId,
      plan: dto.plan,
      userId,
      successUrl: `${this.config.PUBLIC_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${this.config.PUBLIC_URL}/profile`,
    });
    return { url: session.url, sessionId: session.id };
  }

  /** POST /api/get-or-create-subscription: {plan} -> the Payment Element's clientSecret. */
  async startSubscription(
    userId: string,
    body: unknown,
  ): Promise<{ clientSecret: string; kind: 'payment' | 'setup'; subscriptionId: string }> {
    const dto = await validateInput(PlanChoiceDto, body);
    const customerId = await this.ownCustomer(userId, dto.customerId);
    await this.refuseIfPremium(userId);
    // Get or create: the same plan's unpaid subscription is offered again, not a second one.
    const row = await this.account(userId);
    const waiting =
      row?.subscription_id && row.status === 'incomplete' && row.plan === dto.plan
        ? await this.gateway.resumePayment(row.subscription_id)
        : null;
    const start =
      waiting ?? (await this.gateway.startSubscription({ customerId, plan: dto.plan, userId }));
    await this.sql(
      `update "billing_accounts" set "subscription_id" = ?, "plan" = ?, "status" = 'incomplete',
              "updated_at" = now() where "user_id" = ?`,
      [start.subscriptionId, dto.plan, userId],
    );
    return start;
  }

  /** POST /api/create-customer-portal: premium golfers with a customer manage billing there. */
  async portal(userId: string, body: unknown): Promise<{ url: string }> {
    const dto = await validateInput(CustomerDto, body);
    this.requireEnabled();
    const user = await this.identity.getUser(userId);
    const row = await this.account(userId);
    if (dto.customerId && dto.customerId !== row?.customer_id) {
      throw new ForbiddenError('That billing account is not yours.');
    }
    if (!user.isPremium || !row) {
      throw new RefusedError(
        403,
        'Portal Error',
        'Billing management is for Premium members with a subscription.',
        { requiresUpgrade: !user.isPremium },
      );
    }
    return {
      url: await this.gateway.createPortalSession(
        row.customer_id,
        `${this.config.PUBLIC_URL}/profile`,
      ),
    };
  }

  /**
   * POST /api/refresh-subscription (and update-subscription-status, a hint only): asks the
   * provider for the golfer's subscription now and applies it.
   */
  async refresh(userId: string): Promise<{ message: string; isPremium: boolean }> {
    const row = await this.account(userId);
    if (!row || this.mode === 'off') {
      const user = await this.identity.getUser(userId);
      return { message: 'No subscription found.', isPremium: user.isPremium };
    }
    const snapshot = row.subscription_id
      ? await this.gateway.retrieveSubscription(row.subscription_id)
      : await this.gateway.latestSubscription(row.customer_id);
    if (!snapshot) {
      const user = await this.identity.getUser(userId);
      return { message: 'No subscription found.', isPremium: user.isPremium };
    }
    const isPremium = await this.apply(snapshot, userId);
    return {
      message: isPremium ? 'Your Premium subscription is active.' : 'You are on the Free plan.',
      isPremium,
    };
  }

  /**
   * Stores the provider's current state of a subscription on its golfer's account and sets the
   * premium flag from it. Returns whether the golfer is premium now.
   */
  async apply(snapshot: SubscriptionSnapshot, userIdHint: string | null = null): Promise<boolean> {
    const existing = await this.accountByCustomer(snapshot.customerId);
    const userId = existing?.user_id ?? snapshot.userId ?? userIdHint;
    if (!userId) {
      this.logger.warn(
        `subscription ${snapshot.id}: no golfer has customer ${snapshot.customerId}`,
      );
      return false;
    }
    const now = this.clock.now();
    const wasPastDue = existing?.status === 'past_due';
    // The grace period runs from the first time we saw the subscription past due.
    const pastDueSince =
      snapshot.status !== 'past_due'
        ? null
        : wasPastDue && existing.past_due_since
          ? new Date(existing.past_due_since)
          : now;
    await this.sql(
      `insert into "billing_accounts" ("user_id", "mode", "customer_id", "subscription_id", "plan",
          "status", "current_period_end", "cancel_at_period_end", "past_due_since", "card_brand", "card_last4")
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict ("user_id") do update set "customer_id" = excluded."customer_id",
          "subscription_id" = excluded."subscription_id", "plan" = excluded."plan",
          "status" = excluded."status", "current_period_end" = excluded."current_period_end",
          "cancel_at_period_end" = excluded."cancel_at_period_end",
          "past_due_since" = excluded."past_due_since",
          "card_brand" = coalesce(excluded."card_brand", "billing_accounts"."card_brand"),
          "card_last4" = coalesce(excluded."card_last4", "billing_accounts"."card_last4"),
          "updated_at" = now()`,
      [
        userId,
        this.gateway.mode,
        snapshot.customerId,
        snapshot.id,
        snapshot.plan,
        snapshot.status,
        snapshot.currentPeriodEnd,
        snapshot.cancelAtPeriodEnd,
        pastDueSince,
        snapshot.card?.brand ?? null,
        snapshot.card?.last4 ?? null,
      ],
    );
    return this.settle(
      userId,
      {
        status: snapshot.status,
        currentPeriodEnd: snapshot.currentPeriodEnd,
        cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
        pastDueSince,
      },
      snapshot.customerId,
      snapshot.id,
    );
  }

  /**
   * The scheduled check: golfers whose paid period ended (cancelled at period end) or whose
   * grace ran out drop to free, from the stored state and the clock.
   */
  async settleLapsed(): Promise<number> {
    const rows = await this.sql<AccountRow[]>(
      `select a.* from "billing_accounts" a join "users" u on u."id" = a."user_id"
        where u."is_premium" and (
          (a."cancel_at_period_end" and a."current_period_end" <= ?) or a."status" = 'past_due'
          or a."status" not in ('active', 'trialing', 'past_due'))`,
      [this.clock.now()],
    );
    let dropped = 0;
    for (const row of rows) {
      const premium = await this.settle(
        row.user_id,
        stateOf(row),
        row.customer_id,
        row.subscription_id,
      );
      if (!premium) dropped += 1;
    }
    return dropped;
  }

  /** Tells the golfer a renewal payment failed (invoice.payment_failed). */
  async notifyPaymentFailed(customerId: string): Promise<void> {
    const row = await this.accountByCustomer(customerId);
    if (!row) return;
    await this.notifications.notify(
      row.user_id,
      'payment_failed',
      'Payment Failed',
      `We could not charge your card for Premium. Update your payment method within ${this.config.BILLING_GRACE_DAYS} days to keep Premium.`,
      '/profile',
    );
  }

  async accountByCustomer(customerId: string): Promise<AccountRow | null> {
    const [row] = await this.sql<AccountRow[]>(
      `select * from "billing_accounts" where "customer_id" = ?`,
      [customerId],
    );
    return row ?? null;
  }

  async account(userId: string): Promise<AccountRow | null> {
    const [row] = await this.sql<AccountRow[]>(
      `select * from "billing_accounts" where "user_id" = ?`,
      [userId],
    );
    return row ?? null;
  }

  requireEnabled(): void {
    if (this.mode === 'off') throw new AppError(PAYMENTS_OFF, 503);
  }

  private async settle(
    userId: string,
    state: SubscriptionState,
    customerId: string,
    subscriptionId: string | null,
  ): Promise<boolean> {
    const now = this.clock.now();
    const { isPremium } = entitlement(state, now, this.config.BILLING_GRACE_DAYS);
    const changed = await this.identity.setBilling(userId, {
      isPremium,
      stripeCustomerId: customerId,
      stripeSubscriptionId: subscriptionId,
      subscriptionEndDate: state.currentPeriodEnd,
    });
    if (changed) {
      this.logger.log(`golfer ${userId} is now ${isPremium ? 'premium' : 'free'}`);
      await this.events.publish('billing.premium-changed', { userId, isPremium, occurredAt: now });
    }
    return isPremium;
  }

  /** The golfer's customer at the provider, created on first use; never anyone else's. */
  private async ownCustomer(userId: string, claimed: string | undefined): Promise<string> {
    this.requireEnabled();
    const row = await this.account(userId);
    if (claimed && claimed !== row?.customer_id) {
      throw new ForbiddenError('That billing account is not yours.');
    }
    if (row && row.mode === this.gateway.mode) return row.customer_id;
    const user = await this.identity.getUser(userId);
    const customerId = await this.gateway.createCustomer({ email: user.email, userId });
    // A test-mode account meets real keys: the golfer starts over as a Stripe customer.
    await this.sql(
      `insert into "billing_accounts" ("user_id", "mode", "customer_id") values (?, ?, ?)
       on conflict ("user_id") do update set "mode" = excluded."mode",
          "customer_id" = excluded."customer_id", "subscription_id" = null, "status" = null,
          "plan" = null, "card_brand" = null, "card_last4" = null, "updated_at" = now()
        where "billing_accounts"."mode" <> excluded."mode"`,
      [userId, this.gateway.mode, customerId],
    );
    // Two first clicks at once: the stored customer wins.
    return (await this.account(userId))!.customer_id;
  }

  private async refuseIfPremium(userId: string): Promise<void> {
    const user = await this.identity.getUser(userId);
    if (user.isPremium) {
      throw new RefusedError(409, 'Already Premium', 'You already have Premium.');
    }
  }

  private sql<T = unknown>(query: string, params: unknown[]): Promise<T> {
    return this.em.fork().getConnection().execute<T & object>(query, params, 'all') as Promise<T>;
  }
}

function stateOf(row: AccountRow): SubscriptionState {
  return {
    status: isSubscriptionStatus(row.status) ? row.status : 'incomplete',
    currentPeriodEnd: row.current_period_end ? new Date(row.current_period_end) : null,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    pastDueSince: row.past_due_since ? new Date(row.past_due_since) : null,
  };
}
