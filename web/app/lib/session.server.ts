import { redirect, type AppLoadContext } from '@remix-run/node';
import { json } from '@remix-run/node';

/** Pages behind sign-in send signed-out visitors to the landing screen at '/'. */
export function requireUserId(context: AppLoadContext): string {
  if (!context.userId) throw redirect('/');
  return context.userId;
}

/** Remix form posts must carry the session's CSRF token in `_csrf`. */
export function assertCsrf(context: AppLoadContext, form: FormData): void {
  if (!context.isCsrfValid(form.get('_csrf'))) {
    throw json(
      { ok: false, error: 'Your session expired. Reload the page and try again.' },
      { status: 403 },
    );
  }
}
