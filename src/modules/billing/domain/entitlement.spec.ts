import { entitlement, type SubscriptionState } from './entitlement';

const at = (iso: string) => new Date(iso);
const base: SubscriptionState = {
  status: 'active',
  currentPeriodEnd: at('2026-12-24T12:00:00Z'),
  cancelAtPeriodEnd: false,
  pastDueSince: null,
};

describe('entitlement', () => {
  it('is premium while active or trialing, renewing', () => {
    expect(entitlement(base, at('2026-11-25T00:00:00Z'), 7)).toEqual({
      isPremium: true,
      endsAt: null,
    });
    expect(
      entitlement({ ...base, status: 'trialing' }, at('2026-11-25T00:00:00Z'), 7).isPremium,
    ).toBe(true);
  });

  it('keeps a cancellation at period end premium until the end date, then free', () => {
    const cancelled = { ...base, cancelAtPeriodEnd: true };
    expect(entitlement(cancelled, at('2026-12-24T11:59:59Z'), 7)).toEqual({
      isPremium: true,
      endsAt: at('2026-12-24T12:00:00Z'),
    });
    expect(entitlement(cancelled, at('2026-12-24T12:00:00Z'), 7).isPremium).toBe(false);
  });

  it('gives a past-due subscription the grace period from the failed payment', () => {
    const pastDue = {
      ...base,
      status: 'past_due' as const,
      pastDueSince: at('2026-12-24T12:00:00Z'),
    };
    expect(entitlement(pastDue, at('2026-12-31T11:59:00Z'), 7)).toEqual({
      isPremium: true,
      endsAt: at('2026-12-31T12:00:00Z'),
    });
    expect(entitlement(pastDue, at('2026-12-31T12:00:00Z'), 7).isPremium).toBe(false);
    // Not seen failing yet: the grace runs from the period end.
    expect(
      entitlement({ ...pastDue, pastDueSince: null }, at('2026-12-30T00:00:00Z'), 7).isPremium,
    ).toBe(true);
    expect(entitlement(pastDue, at('2026-12-25T00:00:00Z'), 0).isPremium).toBe(false);
  });

  it.each(['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused'] as const)(
    'is free when %s',
    (status) => {
      expect(entitlement({ ...base, status }, at('2026-11-25T00:00:00Z'), 7)).toEqual({
        isPremium: false,
        endsAt: null,
      });
    },
  );
});
