import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useNavigation } from '@remix-run/react';
import { useEffect } from 'react';
import { Field, FormError, submitClass } from '~/components/auth/AuthCard';
import { CsrfInput } from '~/lib/csrf';
import { actionFailure, assertCsrf, requireUserId, type ActionFailure } from '~/lib/session.server';
import { useToast } from '~/ui/Toaster';
import { ChevronLeftIcon } from '~/ui/icons';

export const meta: MetaFunction = () => [{ title: 'Change Password · SwingFit' }];

export async function loader({ context }: LoaderFunctionArgs) {
  const userId = requireUserId(context);
  const user = await context.services.identity.getUser(userId);
  // Accounts of an identity provider change their password there.
  if (user.signInMethod === 'oidc') throw redirect('/api/login');
  return null;
}

type Result = { ok: true } | ActionFailure;

export async function action({ request, context }: ActionFunctionArgs) {
  const userId = requireUserId(context);
  const form = await request.formData();
  assertCsrf(context, form);
  const newPassword = String(form.get('newPassword') ?? '');
  if (newPassword !== String(form.get('confirmPassword') ?? '')) {
    return json<Result>(
      {
        ok: false,
        error: 'Please correct the highlighted fields.',
        fields: { confirmPassword: ['The two new passwords do not match.'] },
      },
      { status: 400 },
    );
  }
  try {
    await context.services.identity.changePassword(userId, {
      currentPassword: String(form.get('currentPassword') ?? ''),
      newPassword,
    });
    // Every other session was signed out; this one continues under a new id.
    await context.renewSession();
    return json<Result>({ ok: true });
  } catch (error) {
    return actionFailure(error);
  }
}

export default function ChangePassword() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { toast } = useToast();
  useEffect(() => {
    if (result?.ok)
      toast({
        title: 'Password Changed',
        description: 'Use your new password next time you sign in.',
      });
  }, [result, toast]);
  const fields = result && !result.ok ? (result.fields ?? {}) : {};
  return (
    <div className="space-y-4">
      <Link
        to="/profile"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand"
      >
        <ChevronLeftIcon className="h-4 w-4" />
        Profile
      </Link>
      <h1 className="text-2xl font-extrabold">Change Password</h1>
      <section className="rounded-2xl bg-white p-5 shadow-sm">
        {result?.ok ? (
          <div>
            <p className="font-semibold text-brand-dark">Your password was changed.</p>
            <Link to="/profile" className={`${submitClass} mt-4 block text-center`}>
              Back to Profile
            </Link>
          </div>
        ) : (
          <Form method="post">
            <CsrfInput />
            <FormError
              message={result && !result.ok && !result.fields ? result.error : undefined}
            />
            <Field
              label="Current password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              errors={fields['currentPassword']}
            />
            <Field
              label="New password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              hint="At least 8 characters, hard to guess: a few unrelated words work well."
              errors={fields['newPassword']}
            />
            <Field
              label="Confirm new password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              errors={fields['confirmPassword']}
            />
            <button
              type="submit"
              className={submitClass}
              disabled={navigation.state === 'submitting'}
            >
              {navigation.state === 'submitting' ? 'Saving...' : 'Change Password'}
            </button>
          </Form>
        )}
      </section>
    </div>
  );
}
