import type { SubscriptionStatus } from '../domain/entitlement';
import type { PlanName } from '../domain/plans';

/** A subscription as the payment provider holds it now (never as an event once described it). */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  plan: PlanName | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  card: { brand: string; last4: string } | null;
  /** The golfer we created it for (its metadata). */
  userId: string | null;
}

export interface CheckoutSessionSnapshot {
  id: string;
  customerId: string | null;
  subscriptionId: string | null;
  userId: string | null;
}

/** The parts of a verified webhook event the handler needs; the state itself is re-read. */
export interface BillingEvent {
  id: string;
  type: string;
  subscriptionId: string | null;
  customerId: string | null;
  userId: string | null;
}

/** Payment Element: what the browser confirms (a payment, or a setup when nothing is due). */
export interface PaymentStart {
  subscriptionId: string;
  clientSecret: string;
  kind: 'payment' | 'setup';
}

export class InvalidWebhookSignature extends Error {}

/**
 * The payment provider: Stripe with keys, else the local test mode. Everything billing decides
 * comes from `retrieveSubscription`, so both behave the same from the service's side.
 */
export abstract class BillingGateway {
  abstract readonly mode: 'stripe' | 'test';
  abstract createCustomer(input: { email: string | null; userId: string }): Promise<string>;
  abstract createCheckoutSession(input: {
    customerId: string;
    plan: PlanName;
    userId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }>;
  abstract retrieveCheckoutSession(id: string): Promise<CheckoutSessionSnapshot | null>;
  abstract startSubscription(input: {
    customerId: string;
    plan: PlanName;
    userId: string;
  }): Promise<PaymentStart>;
  /** The first payment of a subscription still waiting for it; null once paid or gone. */
  abstract resumePayment(subscriptionId: string): Promise<PaymentStart | null>;
  abstract retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null>;
  /** The customer's newest subscription, whatever its status. */
  abstract latestSubscription(customerId: string): Promise<SubscriptionSnapshot | null>;
  abstract createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /** Verifies the signature over the raw body; throws InvalidWebhookSignature. */
  abstract parseWebhook(rawBody: Buffer, signature: string | undefined): BillingEvent;
}

/** The test mode's gateway: also does what the golfer would do on Stripe's own pages. */
export abstract class TestModePayments extends BillingGateway {
  /** 'Complete Test Payment' on the stand-in checkout page; returns the subscription id. */
  abstract completeCheckout(checkoutId: string): Promise<string>;
  /** 'Complete Test Payment' in the embedded form; null when the secret is unknown. */
  abstract confirmPayment(clientSecret: string): Promise<string | null>;
  /** The stand-in portal: cancel at the period end, or resume. */
  abstract setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
}
