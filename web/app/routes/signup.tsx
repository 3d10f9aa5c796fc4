import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { AuthCard, Field, FormError, submitClass } from '~/components/auth/AuthCard';
import { CsrfInput } from '~/lib/csrf';

export const meta: MetaFunction = () => [{ title: 'Create your account · SwingFit' }];

export function loader({ context }: LoaderFunctionArgs) {
  if (context.userId) throw redirect('/');
  if (context.authMode === 'oidc') throw redirect('/api/login');
  return { flash: context.takeFlash() ?? null };
}

export default function SignUp() {
  const { flash } = useLoaderData<typeof loader>();
  const fields = flash?.fields ?? {};
  return (
    <AuthCard
      title="Create your account"
      subtitle="Free to start: one swing analysis and a daily workout."
    >
      <form method="post" action="/api/signup">
        <CsrfInput />
        <FormError message={flash?.error} />
        <div className="grid grid-cols-2 gap-3">
          <Field
            label="First name"
            name="firstName"
            autoComplete="given-name"
            required
            defaultValue={flash?.firstName}
            errors={fields['firstName']}
          />
          <Field
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            required
            defaultValue={flash?.lastName}
            errors={fields['lastName']}
          />
        </div>
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={flash?.email}
          errors={fields['email']}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          hint="At least 8 characters, hard to guess: a few unrelated words work well."
          errors={fields['password']}
        />
        <button type="submit" className={submitClass}>
          Create Account
        </button>
      </form>
      <p className="mt-5 text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to="/login" className="font-semibold text-brand hover:underline">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
