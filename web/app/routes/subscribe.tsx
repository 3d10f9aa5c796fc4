import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { isPlanName } from '../../../src/modules/billing/domain/plans';
import { SubscribeScreen, type SubscribeView } from '~/components/billing/SubscribeScreen';
import { requireUserId } from '~/lib/session.server';

export const meta: MetaFunction = () => [{ title: 'Subscribe · SwingFit' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const userId = requireUserId(context);
  const params = new URL(request.url).searchParams;
  const planParam = params.get('plan');
  const plan = isPlanName(planParam) ? planParam : 'monthly';
  const checkout = params.get('checkout');
  const view: SubscribeView =
    params.get('portal') === '1'
      ? { kind: 'test-portal' }
      : checkout
        ? { kind: 'test-checkout', plan, sessionId: checkout }
        : { kind: 'payment', plan };
  return json({ view, billing: await context.services.billing.summary(userId) });
}

export default function Subscribe() {
  const { view, billing } = useLoaderData<typeof loader>();
  return <SubscribeScreen view={view} billing={billing} />;
}
