/** Spec section 1: the premium plans. Amounts in integer cents; Stripe prices come from config. */
export const PLAN_NAMES = ['monthly', 'annual'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export interface Plan {
  name: PlanName;
  title: string;
  amountCents: number;
  interval: 'month' | 'year';
  /** Shown beside the price ('save 17%' against twelve monthly payments). */
  note: string | null;
}

export const PLANS: Record<PlanName, Plan> = {
  monthly: {
    name: 'monthly',
    title: 'Premium Monthly',
    amountCents: 999,
    interval: 'month',
    note: null,
  },
  annual: {
    name: 'annual',
    title: 'Premium Annual',
    amountCents: 9999,
    interval: 'year',
    note: 'save 17%',
  },
};

export const isPlanName = (value: unknown): value is PlanName =>
  typeof value === 'string' && (PLAN_NAMES as readonly string[]).includes(value);

/** '$9.99' from 999. */
export const formatPrice = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

export const priceLabel = (plan: Plan): string =>
  `${formatPrice(plan.amountCents)}/${plan.interval === 'month' ? 'month' : 'year'}`;
