import { redirect, type AppLoadContext } from '@remix-run/node';
import { json } from '@remix-run/node';
import { isAppError, isValidationFailed } from '../../../src/shared/errors/app-errors';

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

/** What a form action answers when the service refused the input. */
export interface ActionFailure {
  ok: false;
  error: string;
  fields?: Record<string, string[]>;
}

/**
 * An application error from a service call as the form's answer (field messages for 400);
 * anything else is a real failure and is rethrown.
 */
export function actionFailure(error: unknown) {
  if (isValidationFailed(error)) {
    return json<ActionFailure>(
      { ok: false, error: error.message, fields: error.fields },
      { status: 400 },
    );
  }
  if (isAppError(error)) {
    return json<ActionFailure>({ ok: false, error: error.message }, { status: error.status });
  }
  throw error;
}
