import { redirect } from '@remix-run/node';

/** With no id there is nothing to wait for: back to the upload (spec section 2). */
export function loader() {
  return redirect('/upload');
}
