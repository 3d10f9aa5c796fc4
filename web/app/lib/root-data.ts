import { useRouteLoaderData } from '@remix-run/react';
import type { loader } from '~/root';

/** Root loader data from any component: the user, the CSRF token, the unread count. */
export function useRootData() {
  const data = useRouteLoaderData<typeof loader>('root');
  if (!data) throw new Error('root loader data is missing');
  return data;
}
