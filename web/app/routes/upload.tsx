import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { UploadScreen } from '~/components/upload/UploadScreen';
import type { PremiumClub } from '~/components/upload/UploadQuota';
import { useRootData } from '~/lib/root-data';
import { requireUserId } from '~/lib/session.server';

export const meta: MetaFunction = () => [{ title: 'Upload Swing Video · SwingFit' }];

/** ?club=driver|7-iron preselects the club (spec section 2). */
export function loader({ request, context }: LoaderFunctionArgs) {
  requireUserId(context);
  const club = new URL(request.url).searchParams.get('club');
  return { club: club === 'driver' || club === '7-iron' ? (club as PremiumClub) : null };
}

export default function Upload() {
  const { club } = useLoaderData<typeof loader>();
  const { csrfToken } = useRootData();
  return <UploadScreen csrfToken={csrfToken} club={club} />;
}
