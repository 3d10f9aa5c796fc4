import Stripe from 'stripe';
import { AppConfig } from '../../../shared/config/app-config';
import { isSubscriptionStatus } from '../domain/entitlement';
import type { PlanName } from '../domain/plans';
import {
  BillingGateway,
  InvalidWebhookSignature,
  type BillingEvent,
  type CheckoutSessionSnapshot,
  type PaymentStart,
  type SubscriptionSnapshot,
} from '../application/billing-gateway';

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** The real provider, through the official SDK (its host can point at a loopback fake). */
export class StripeGateway extends BillingGateway {
  readonly mode = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly prices: Record<PlanName, string>;

  constructor(private readonly config: AppConfig) {
    super();
    const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
    this.stripe = new Stripe(config.STRIPE_SECRET_KEY!, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'https:' ? 443 : 80),
            protocol: base.protocol === 'http:' ? 'http' : 'https',
          }
        : {}),
    });
    this.prices = { monthly: config.STRIPE_PRICE_MONTHLY!, annual: config.STRIPE_PRICE_ANNUAL! };
  }

  async createCustomer(input: { email: string | null; userId: string }): Promise<string> {
    const customer = await this.stripe.customers.create({
      ...(input.email ? { email: input.email } : {}),
      metadata: { userId: input.userId },
    });
    return customer.id;
  }

  async createCheckoutSession(input: {
    customerId: string;
    plan: PlanName;
    userId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }> {
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: input.customerId,
      client_reference_id: input.userId,
      line_items: [{ price: this.prices[input.plan], quantity: 1 }],
      subscription_data: { metadata: { userId: input.userId, plan: input.plan } },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    });
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return { id: session.id, url: session.url };
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSessionSnapshot | null> {
    try {
      const session = await this.stripe.checkout.sessions.retrieve(id);
      return {
        id: session.id,
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
        userId: session.client_reference_id,
      };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
      throw error;
    }
  }

  async startSubscription(input: {
    customerId: string;
    plan: PlanName;
    userId: string;
  }): Promise<PaymentStart> {
    const subscription = await this.stripe.subscriptions.create({
      customer: input.customerId,
      items: [{ price: this.prices[input.plan] }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { userId: input.userId, plan: input.plan },
      expand: ['latest_invoice.confirmation_secret', 'pending_setup_intent'],
    });
    const start = paymentStart(subscription);
    if (!start) throw new Error('Stripe returned a subscription with nothing to confirm');
    return start;
  }

  async resumePayment(subscriptionId: string): Promise<PaymentStart | null> {
    try {
      const subscription = await this.stripe.subscriptions.retrieve(subscriptionId, {
        expand: ['latest_invoice.confirmation_secret', 'pending_setup_intent'],
      });
      return subscription.status === 'incomplete' ? paymentStart(subscription) : null;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
      throw error;
    }
  }

  async retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null> {
    try {
      const subscription = await this.stripe.subscriptions.retrieve(id, {
        expand: ['default_payment_method'],
      });
      return this.snapshot(subscription);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
      throw error;
    }
  }

  async latestSubscription(customerId: string): Promise<SubscriptionSnapshot | null> {
    const list = await this.stripe.subscriptions.list({
      customer: customerId,
      status: 'all',
      limit: 1,
      expand: ['data.default_payment_method'],
    });
    const [first] = list.data;
    return first ? this.snapshot(first) : null;
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<string> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: returnUrl,
    });
    return session.url;
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined): BillingEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature ?? '',
        this.config.STRIPE_WEBHOOK_SECRET!,
      );
    } catch {
      throw new InvalidWebhookSignature('The webhook signature does not match.');
    }
    return { id: event.id, type: event.type, ...referencesOf(event) };
  }

  private snapshot(subscription: Stripe.Subscription): SubscriptionSnapshot {
    const item = subscription.items.data[0];
    const priceId = item?.price.id;
    const plan = (Object.keys(this.prices) as PlanName[]).find((p) => this.prices[p] === priceId);
    const method = subscription.default_payment_method;
    const card = method && typeof method !== 'string' ? method.card : null;
    return {
      id: subscription.id,
      customerId: idOf(subscription.customer)!,
      status: isSubscriptionStatus(subscription.status) ? subscription.status : 'incomplete',
      plan: plan ?? null,
      currentPeriodEnd: item ? new Date(item.current_period_end * 1000) : null,
      cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
      card: card ? { brand: card.brand, last4: card.last4 } : null,
      userId: subscription.metadata['userId'] ?? null,
    };
  }
}

/** What the browser confirms for a subscription's first payment (or card setup). */
function paymentStart(subscription: Stripe.Subscription): PaymentStart | null {
  const invoice = subscription.latest_invoice;
  const paymentSecret =
    invoice && typeof invoice !== 'string' ? invoice.confirmation_secret?.client_secret : null;
  if (paymentSecret) {
    return { subscriptionId: subscription.id, clientSecret: paymentSecret, kind: 'payment' };
  }
  const setup = subscription.pending_setup_intent;
  if (setup && typeof setup !== 'string' && setup.client_secret) {
    return { subscriptionId: subscription.id, clientSecret: setup.client_secret, kind: 'setup' };
  }
  return null;
}

/** Which subscription, customer and golfer an event is about. */
function referencesOf(event: Stripe.Event): Omit<BillingEvent, 'id' | 'type'> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      return {
        subscriptionId: idOf(session.subscription),
        customerId: idOf(session.customer),
        userId: session.client_reference_id,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      return {
        subscriptionId: subscription.id,
        customerId: idOf(subscription.customer),
        userId: subscription.metadata['userId'] ?? null,
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      return {
        subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
        customerId: idOf(invoice.customer),
        userId: null,
      };
    }
    default:
      return { subscriptionId: null, customerId: null, userId: null };
  }
}
