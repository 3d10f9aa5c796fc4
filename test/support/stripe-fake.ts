import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import Stripe from 'stripe';

/**
 * A loopback stand-in for the Stripe endpoints the app calls, for the real `stripe` SDK
 * (pointed here with its host, port and protocol options). It keeps customers, checkout
 * sessions and subscriptions in memory; tests change them as Stripe would and send webhook
 * events signed by the SDK's own test-header helper.
 */
export const FAKE_STRIPE = {
  secretKey: 'sk_test_loopback',
  publishableKey: 'pk_test_loopback',
  webhookSecret: 'whsec_loopback_secret',
  priceMonthly: 'price_monthly_test',
  priceAnnual: 'price_annual_test',
} as const;

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: Array<{ id: string; price: { id: string }; current_period_end: number }>;
  };
  default_payment_method: { id: string; card: { brand: string; last4: string } } | null;
  latest_invoice: { id: string; confirmation_secret: { client_secret: string } } | null;
  pending_setup_intent: null;
}

interface FakeSession {
  id: string;
  object: 'checkout.session';
  customer: string;
  subscription: string | null;
  client_reference_id: string | null;
  url: string;
  price: string;
  metadata: Record<string, string>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export class StripeFake {
  readonly customers = new Map<string, { id: string; email: string | null }>();
  readonly sessions = new Map<string, FakeSession>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  /** Every request the app made, 'METHOD /path'. */
  readonly requests: string[] = [];
  private server: Server | null = null;
  private readonly sdk = new Stripe(FAKE_STRIPE.secretKey);

  get url(): string {
    const address = this.server?.address() as AddressInfo;
    return `http://127.0.0.1:${address.port}`;
  }

  /** The app's environment for Stripe mode against this fake. */
  env(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: FAKE_STRIPE.secretKey,
      STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE.publishableKey,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE.webhookSecret,
      STRIPE_PRICE_MONTHLY: FAKE_STRIPE.priceMonthly,
      STRIPE_PRICE_ANNUAL: FAKE_STRIPE.priceAnnual,
      STRIPE_API_BASE: this.url,
    };
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }

  /** What Stripe does when the golfer pays on the hosted checkout page. */
  completeCheckout(sessionId: string, periodEnd: Date): FakeSubscription {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const subscription = this.newSubscription(session.customer, session.price, session.metadata);
    subscription.status = 'active';
    subscription.items.data[0]!.current_period_end = Math.floor(periodEnd.getTime() / 1000);
    subscription.default_payment_method = {
      id: id('pm'),
      card: { brand: 'mastercard', last4: '4444' },
    };
    session.subscription = subscription.id;
    return subscription;
  }

  update(subscriptionId: string, patch: Partial<FakeSubscription> & { periodEnd?: Date }) {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
    const { periodEnd, ...rest } = patch;
    Object.assign(subscription, rest);
    if (periodEnd) {
      subscription.items.data[0]!.current_period_end = Math.floor(periodEnd.getTime() / 1000);
    }
    return subscription;
  }

  /** A Stripe event around `object`, as the webhook endpoint receives it. */
  event(type: string, object: object): { id: string; payload: string } {
    const eventId = id('evt');
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    return { id: eventId, payload };
  }

  invoice(subscription: FakeSubscription): object {
    return {
      id: id('in'),
      object: 'invoice',
      customer: subscription.customer,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: {} },
      },
    };
  }

  /** The Stripe-Signature header the SDK's helper computes for this payload. */
  sign(payload: string, secret: string = FAKE_STRIPE.webhookSecret): string {
    return this.sdk.webhooks.generateTestHeaderString({ payload, secret });
  }

  private newSubscription(
    customer: string,
    price: string,
    metadata: Record<string, string>,
  ): FakeSubscription {
    const subscription: FakeSubscription = {
      id: id('sub'),
      object: 'subscription',
      customer,
      status: 'incomplete',
      cancel_at_period_end: false,
      cancel_at: null,
      metadata,
      items: {
        object: 'list',
        data: [{ id: id('si'), price: { id: price }, current_period_end: 0 }],
      },
      default_payment_method: null,
      latest_invoice: null,
      pending_setup_intent: null,
    };
    this.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = qs.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    const query = qs.parse(url.search.slice(1)) as Record<string, unknown>;
    const path = url.pathname;
    this.requests.push(`${req.method} ${path}`);
    const send = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(value));
    };
    const missing = (what: string) =>
      send(404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such ${what}`,
        },
      });
    const meta = (value: unknown) => (value ?? {}) as Record<string, string>;

    if (req.method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: (body['email'] as string) ?? null,
      };
      this.customers.set(customer.id, customer);
      return send(200, customer);
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const items = body['line_items'] as Array<{ price: string }>;
      const subscriptionData = (body['subscription_data'] ?? {}) as { metadata?: unknown };
      const session: FakeSession = {
        id: id('cs_test'),
        object: 'checkout.session',
        customer: body['customer'] as string,
        subscription: null,
        client_reference_id: (body['client_reference_id'] as string) ?? null,
        url: `https://checkout.stripe.test/pay/${id('cs')}`,
        price: items[0]!.price,
        metadata: meta(subscriptionData.metadata),
      };
      this.sessions.set(session.id, session);
      return send(200, session);
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && sessionMatch) {
      const session = this.sessions.get(sessionMatch[1]!);
      return session ? send(200, session) : missing('checkout session');
    }
    if (req.method === 'POST' && path === '/v1/subscriptions') {
      const items = body['items'] as Array<{ price: string }>;
      const subscription = this.newSubscription(
        body['customer'] as string,
        items[0]!.price,
        meta(body['metadata']),
      );
      subscription.latest_invoice = {
        id: id('in'),
        confirmation_secret: { client_secret: `pi_${id('x')}_secret_${id('y')}` },
      };
      return send(200, subscription);
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && subscriptionMatch) {
      const subscription = this.subscriptions.get(subscriptionMatch[1]!);
      return subscription ? send(200, subscription) : missing('subscription');
    }
    if (req.method === 'GET' && path === '/v1/subscriptions') {
      const data = [...this.subscriptions.values()]
        .filter((s) => s.customer === query['customer'])
        .reverse()
        .slice(0, 1);
      return send(200, { object: 'list', data, has_more: false, url: '/v1/subscriptions' });
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!this.customers.has(body['customer'] as string)) return missing('customer');
      return send(200, {
        id: id('bps'),
        object: 'billing_portal.session',
        url: `https://billing.stripe.test/session/${id('p')}`,
      });
    }
    return send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` },
    });
  }
}
