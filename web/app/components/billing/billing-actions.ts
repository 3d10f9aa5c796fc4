import type { PlanName } from '../../../../src/modules/billing/domain/plans';
import { apiFetch } from '~/lib/api';
import { toast } from '~/ui/toast-store';

export const PRODUCT_NAME = 'SwingFit';

/** Profile's upgrade buttons: to the provider's checkout (or the test-mode stand-in). */
export async function startCheckout(plan: PlanName, csrfToken: string): Promise<void> {
  let url: string | undefined;
  try {
    ({ url } = await apiFetch<{ url?: string }>('/api/create-checkout-session', csrfToken, {
      method: 'POST',
      body: JSON.stringify({ plan }),
    }));
  } catch {
    toast({
      title: 'Subscription Error',
      description: 'Failed to create checkout session',
      variant: 'destructive',
    });
    return;
  }
  if (!url) {
    toast({
      title: 'Subscription Error',
      description: 'No checkout URL received from server',
      variant: 'destructive',
    });
    return;
  }
  window.location.href = url;
}

/** POST /api/refresh-subscription: the provider's word on the golfer's premium. */
export function refreshSubscription(csrfToken: string) {
  return apiFetch<{ message: string; isPremium: boolean }>('/api/refresh-subscription', csrfToken, {
    method: 'POST',
  });
}
