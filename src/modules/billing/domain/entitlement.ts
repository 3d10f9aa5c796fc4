/**
 * Who is premium, from the subscription's state at Stripe (or the test-mode stand-in) and the
 * clock. Pure: the webhook handler, the refresh call and the scheduled check all ask this.
 */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const isSubscriptionStatus = (value: unknown): value is SubscriptionStatus =>
  typeof value === 'string' && (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);

export interface SubscriptionState {
  status: SubscriptionStatus;
  /** End of the period paid for; null before the first payment. */
  currentPeriodEnd: Date | null;
  /** Cancelled by the golfer: it runs to the period end and does not renew. */
  cancelAtPeriodEnd: boolean;
  /** When we first saw it past due (payment failed); the grace period runs from here. */
  pastDueSince: Date | null;
}

export interface Entitlement {
  isPremium: boolean;
  /** When premium ends unless something changes (a renewal, a paid invoice); null: renews. */
  endsAt: Date | null;
}

const DAY_MS = 86_400_000;

export function entitlement(state: SubscriptionState, now: Date, graceDays: number): Entitlement {
  switch (state.status) {
    case 'active':
    case 'trialing': {
      if (!state.cancelAtPeriodEnd) return { isPremium: true, endsAt: null };
      // Cancelled at period end: premium until the end date, then free.
      const end = state.currentPeriodEnd;
      return { isPremium: end !== null && now < end, endsAt: end };
    }
    case 'past_due': {
      // A failed renewal keeps premium for the grace period while Stripe retries the card.
      const since = state.pastDueSince ?? state.currentPeriodEnd ?? now;
      const graceEnd = new Date(since.getTime() + graceDays * DAY_MS);
      return { isPremium: now < graceEnd, endsAt: graceEnd };
    }
    default:
      return { isPremium: false, endsAt: null };
  }
}
