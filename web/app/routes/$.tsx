import { json, type MetaFunction } from '@remix-run/node';
import { NotFound } from '~/components/NotFound';

/** Any path no other route matches: a 404 status, shown inside the app shell when signed in. */
export async function loader() {
  return json(null, { status: 404 });
}

export const meta: MetaFunction = () => [{ title: 'Page Not Found · SwingFit' }];

export default function CatchAll() {
  return <NotFound />;
}
