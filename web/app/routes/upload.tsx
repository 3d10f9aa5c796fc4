import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { UploadScreen } from '~/components/upload/UploadScreen';
import type { PremiumClub } from '~/components/upload/UploadQuota';
import { useRootData } from '~/lib/root-data';
import { requireUserId } from '~/lib/session.server';

export const meta: MetaFunction = () => [{ title: 'Upload Swing Video · SwingFit' }];

/** ?club=driver|7-iron preselects the club (spec section 2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const userId = requireUserId(context);
  const club = new URL(request.url).searchParams.get('club');
  const status = await context.services.uploadQuotas.status(userId);
  return json({
    club: club === 'driver' || club === '7-iron' ? (club as PremiumClub) : null,
    status,
  });
}

export default function Upload() {
  const { club, status } = useLoaderData<typeof loader>();
  const { csrfToken } = useRootData();
  return <UploadScreen csrfToken={csrfToken} club={club} initialStatus={status} />;
}
