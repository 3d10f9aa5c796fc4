import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { AuthCard, Field, FormError, submitClass } from '~/components/auth/AuthCard';
import { CsrfInput } from '~/lib/csrf';

export const meta: MetaFunction = () => [{ title: 'Sign in · SwingFit' }];

export function loader({ context }: LoaderFunctionArgs) {
  if (context.userId) throw redirect('/');
  return { flash: context.takeFlash() ?? null, authMode: context.authMode };
}

/** Local accounts post to /api/login (rate-limited there); errors come back as a one-shot flash. */
export default function Login() {
  const { flash, authMode } = useLoaderData<typeof loader>();
  if (authMode === 'oidc') {
    return (
      <AuthCard title="Sign in" subtitle="Continue with your account provider.">
        <FormError message={flash?.error} />
        <a href="/api/login" className={`${submitClass} block text-center`}>
          Continue to sign in
        </a>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Welcome back" subtitle="Sign in to see your swing and today's workout.">
      <form method="post" action="/api/login" noValidate={false}>
        <CsrfInput />
        <FormError message={flash?.error} />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={flash?.email}
          errors={flash?.fields?.['email']}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          errors={flash?.fields?.['password']}
        />
        <button type="submit" className={submitClass}>
          Sign In
        </button>
      </form>
      <p className="mt-5 text-center text-sm text-slate-600">
        New to SwingFit?{' '}
        <Link to="/signup" className="font-semibold text-brand hover:underline">
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
