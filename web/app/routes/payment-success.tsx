import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PaymentSuccessScreen } from '~/components/billing/PaymentSuccessScreen';
import { requireUserId } from '~/lib/session.server';

export const meta: MetaFunction = () => [{ title: 'Payment · SwingFit' }];

export function loader({ request, context }: LoaderFunctionArgs) {
  requireUserId(context);
  return json({ sessionId: new URL(request.url).searchParams.get('session_id') });
}

export default function PaymentSuccess() {
  const { sessionId } = useLoaderData<typeof loader>();
  return <PaymentSuccessScreen sessionId={sessionId} />;
}
