import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { makeTempDir } from '../../src/modules/swing-engine/infrastructure/video/test-clips';
import { startApp, type RunningApp } from '../support/app-server';
import { eventually } from '../support/browser-app';
import { HOOK_TIMEOUT } from '../support/readiness';
import { StripeFake, type FakeSubscription } from '../support/stripe-fake';
import { signUpUser, type SignedUp } from '../support/users';

interface Summary {
  isPremium: boolean;
  mode: string;
  subscription: {
    plan: string;
    status: string;
    currentPeriodEnd: string;
    cancelAtPeriodEnd: boolean;
    card: { brand: string; last4: string } | null;
  } | null;
}

/**
 * Issue 15, checks 1 and 2: the real `stripe` SDK against a loopback fake of Stripe, webhooks
 * signed by the SDK's own helper, under a moved clock.
 */
describe('billing with Stripe', () => {
  const tmp = makeTempDir('billing');
  const clockFile = path.join(tmp.dir, 'clock');
  const setClock = (iso: string) => writeFileSync(clockFile, new Date(iso).toISOString());
  const fake = new StripeFake();
  let app: RunningApp;
  let db: Client;

  beforeAll(async () => {
    setClock('2026-11-24T09:00:00Z');
    await fake.start();
    app = await startApp({
      ...fake.env(),
      TEST_CLOCK_FILE: clockFile,
      ENTITLEMENT_CHECK_SECONDS: '1',
      BILLING_GRACE_DAYS: '7',
    });
    db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await db?.end();
    await app?.stop();
    await fake.stop();
    tmp.remove();
  }, HOOK_TIMEOUT);

  const deliver = (payload: string, signature?: string) => {
    const req = request(app.url)
      .post('/api/webhooks/stripe')
      .set('content-type', 'application/json');
    return (signature === undefined ? req : req.set('stripe-signature', signature)).send(payload);
  };
  const send = (type: string, object: object) => {
    const event = fake.event(type, object);
    return deliver(event.payload, fake.sign(event.payload));
  };
  const summary = async (golfer: SignedUp) =>
    (await golfer.client.get('/api/billing').expect(200)).body as Summary;

  /** A golfer who went through checkout and whose payment Stripe reported. */
  async function subscribed(plan: 'monthly' | 'annual' = 'annual') {
    const golfer = await signUpUser(app.url);
    const checkout = await golfer.client.post('/api/create-checkout-session', { plan }).expect(200);
    expect(checkout.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const subscription = fake.completeCheckout(
      checkout.body.sessionId as string,
      new Date('2027-11-24T09:00:00Z'),
    );
    const session = fake.sessions.get(checkout.body.sessionId as string)!;
    const event = fake.event('checkout.session.completed', session);
    await deliver(event.payload, fake.sign(event.payload)).expect(200);
    return { golfer, subscription, event };
  }

  it('makes a golfer premium when checkout completes, once however often the event comes', async () => {
    setClock('2026-11-24T09:00:00Z');
    const { golfer, event } = await subscribed('annual');
    const after = await summary(golfer);
    expect(after).toMatchObject({
      isPremium: true,
      mode: 'stripe',
      subscription: {
        plan: 'annual',
        status: 'active',
        currentPeriodEnd: '2027-11-24T09:00:00.000Z',
        cancelAtPeriodEnd: false,
        card: { brand: 'mastercard', last4: '4444' },
      },
    });
    const user = await golfer.client.get('/api/auth/user').expect(200);
    expect(user.body).toMatchObject({ isPremium: true, subscriptionEndDate: expect.any(String) });
    // The price was chosen by the server from the plan name.
    expect(fake.requests).toContain('POST /v1/checkout/sessions');

    const reads = fake.requests.length;
    const replay = await deliver(event.payload, fake.sign(event.payload)).expect(200);
    expect(replay.body).toEqual({ received: true, duplicate: true });
    expect(fake.requests.length).toBe(reads); // a replay does not even ask Stripe
    const stored = await db.query('select 1 from billing_events where event_id = $1', [event.id]);
    expect(stored.rows).toHaveLength(1);
  });

  it('ends with the state Stripe has, whatever order the events arrive in', async () => {
    const { golfer, subscription } = await subscribed('monthly');
    const stale = structuredClone(subscription); // what 'updated' said before the cancel
    fake.update(subscription.id, { status: 'canceled' });
    await send('customer.subscription.deleted', subscription).expect(200);
    expect((await summary(golfer)).isPremium).toBe(false);
    // The older 'updated' event arrives last: it says active, Stripe says canceled.
    await send('customer.subscription.updated', stale).expect(200);
    const after = await summary(golfer);
    expect(after.isPremium).toBe(false);
    expect(after.subscription?.status).toBe('canceled');
  });

  it('refuses forged or unsigned events and changes nothing', async () => {
    const golfer = await signUpUser(app.url);
    await golfer.client.post('/api/create-checkout-session', { plan: 'monthly' }).expect(200);
    const [sessionId] = [...fake.sessions.keys()].slice(-1);
    const subscription = fake.completeCheckout(sessionId!, new Date('2027-01-01T00:00:00Z'));
    const event = fake.event('customer.subscription.updated', subscription);
    const forged = await deliver(event.payload, fake.sign(event.payload, 'whsec_someone_else'));
    expect(forged.status).toBe(400);
    const tampered = fake.sign(event.payload);
    await deliver(event.payload.replace('"active"', '"trialing"'), tampered).expect(400);
    await deliver(event.payload).expect(400);
    await deliver(event.payload, 'garbage').expect(400);
    expect((await summary(golfer)).isPremium).toBe(false);
    const stored = await db.query('select 1 from billing_events where event_id = $1', [event.id]);
    expect(stored.rows).toHaveLength(0);
  });

  it('keeps a subscription cancelled at period end premium until its end date', async () => {
    setClock('2026-11-24T09:00:00Z');
    const { golfer, subscription } = await subscribed('monthly');
    fake.update(subscription.id, {
      cancel_at_period_end: true,
      periodEnd: new Date('2026-12-24T09:00:00Z'),
    });
    await send('customer.subscription.updated', subscription).expect(200);
    expect(await summary(golfer)).toMatchObject({
      isPremium: true,
      subscription: { cancelAtPeriodEnd: true, currentPeriodEnd: '2026-12-24T09:00:00.000Z' },
    });
    setClock('2026-12-24T09:00:05Z'); // the scheduled check runs every second here
    await eventually(async () => {
      expect((await summary(golfer)).isPremium).toBe(false);
    });
    setClock('2026-11-24T09:00:00Z');
  });

  it('tells the golfer when a payment fails and keeps premium for the grace period', async () => {
    setClock('2026-11-24T09:00:00Z');
    const { golfer, subscription } = await subscribed('monthly');
    fake.update(subscription.id, { status: 'past_due' });
    await send('invoice.payment_failed', fake.invoice(subscription)).expect(200);
    const notes = await golfer.client.get('/api/notifications').expect(200);
    expect(JSON.stringify(notes.body)).toContain('Payment Failed');
    expect((await summary(golfer)).isPremium).toBe(true);
    setClock('2026-12-01T09:00:05Z'); // seven days on: the grace is over
    await eventually(async () => {
      expect((await summary(golfer)).isPremium).toBe(false);
    });
    // Paid after all: premium again.
    fake.update(subscription.id, { status: 'active' });
    await send('invoice.paid', fake.invoice(subscription)).expect(200);
    expect((await summary(golfer)).isPremium).toBe(true);
    setClock('2026-11-24T09:00:00Z');
  });

  it("never works with another golfer's billing, and tells a free golfer the portal is premium", async () => {
    const { golfer: owner } = await subscribed('monthly');
    const ownerCustomer = (
      await db.query<{ customer_id: string }>(
        'select customer_id from billing_accounts where user_id = $1',
        [owner.user.id],
      )
    ).rows[0]!.customer_id;
    const portal = await owner.client.post('/api/create-customer-portal', {}).expect(200);
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\//);

    const other = await signUpUser(app.url);
    const refused = await other.client.post('/api/create-customer-portal', {
      customerId: ownerCustomer,
    });
    expect(refused.status).toBe(403);
    const checkout = await other.client.post('/api/create-checkout-session', {
      plan: 'monthly',
      customerId: ownerCustomer,
    });
    expect(checkout.status).toBe(403);
    const free = await other.client.post('/api/create-customer-portal', {});
    expect(free.status).toBe(403);
    expect(free.body.message).toBe(
      'Billing management is for Premium members with a subscription.',
    );
    await other.client.post('/api/subscription/upgrade', { userId: owner.user.id }).expect(403);
    // The browser names a plan, never a price.
    await other.client.post('/api/create-checkout-session', { plan: 'price_cheap' }).expect(400);
    await other.client
      .post('/api/create-checkout-session', { plan: 'monthly', price: 'price_cheap' })
      .expect(400);
    // A premium golfer is not sold a second subscription.
    await owner.client.post('/api/create-checkout-session', { plan: 'annual' }).expect(409);
  });

  it('asks Stripe, not the browser, when told a payment went through', async () => {
    const golfer = await signUpUser(app.url);
    const start = await golfer.client
      .post('/api/get-or-create-subscription', { plan: 'monthly' })
      .expect(200);
    expect(start.body).toMatchObject({
      kind: 'payment',
      clientSecret: expect.stringMatching(/^pi_/),
    });
    // Get or create: asked again for the same plan, the same unpaid subscription.
    const again = await golfer.client
      .post('/api/get-or-create-subscription', { plan: 'monthly' })
      .expect(200);
    expect(again.body).toEqual(start.body);
    // Not paid yet: the hint changes nothing.
    const hint = await golfer.client
      .post('/api/update-subscription-status', { subscriptionActive: true })
      .expect(200);
    expect(hint.body.isPremium).toBe(false);
    const subscription = fake.subscriptions.get(start.body.subscriptionId as string)!;
    fake.update(subscription.id, {
      status: 'active',
      periodEnd: new Date('2026-12-24T09:00:00Z'),
    } as Partial<FakeSubscription>);
    const refreshed = await golfer.client.post('/api/refresh-subscription', {}).expect(200);
    expect(refreshed.body).toEqual({
      message: 'Your Premium subscription is active.',
      isPremium: true,
    });
  });
});
