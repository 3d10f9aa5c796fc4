import { redirect } from '@remix-run/node';

/** /mobile-preview's Get Started goes to /home; Home lives at '/'. */
export function loader() {
  return redirect('/');
}
