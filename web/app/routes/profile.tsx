import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useFetcher, useLoaderData, useNavigate, useRevalidator } from '@remix-run/react';
import { useEffect, useState } from 'react';
import {
  isProfileComplete,
  type PublicUser,
} from '../../../src/modules/identity/domain/public-user';
import { actionFailure, assertCsrf, requireUserId, type ActionFailure } from '~/lib/session.server';
import { CsrfInput } from '~/lib/csrf';
import { apiFetch } from '~/lib/api';
import { useRootData } from '~/lib/root-data';
import { useToast } from '~/ui/Toaster';
import { SubscriptionSection } from '~/components/billing/SubscriptionSection';

export const meta: MetaFunction = () => [{ title: 'Profile · SwingFit' }];

export async function loader({ context }: LoaderFunctionArgs) {
  const userId = requireUserId(context); // the user itself comes from the root loader
  return json({ billing: await context.services.billing.summary(userId) });
}

type ActionResult = { ok: true; user: PublicUser } | ActionFailure;

export async function action({ request, context }: ActionFunctionArgs) {
  const userId = requireUserId(context);
  const form = await request.formData();
  assertCsrf(context, form);
  const input = Object.fromEntries(
    ['firstName', 'lastName', 'email', 'handicap', 'city', 'state'].map((key) => [
      key,
      String(form.get(key) ?? ''),
    ]),
  );
  try {
    const user = await context.services.identity.updateProfile(userId, input);
    return json<ActionResult>({ ok: true, user });
  } catch (error) {
    return actionFailure(error);
  }
}

export default function Profile() {
  const { user } = useRootData();
  const { billing } = useLoaderData<typeof loader>();
  const [editing, setEditing] = useState(false);
  if (!user) return null; // signed out: the loader has redirected
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-extrabold">Profile</h1>
      <PersonalInformation user={user} editing={editing} setEditing={setEditing} />
      <SubscriptionSection billing={billing} />
      <AccountDetails user={user} />
      <LogOut />
    </div>
  );
}

const FIELDS: {
  key: keyof PublicUser & string;
  label: string;
  type?: string;
  autoComplete?: string;
}[] = [
  { key: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { key: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'handicap', label: 'Handicap', type: 'number' },
  { key: 'city', label: 'City', autoComplete: 'address-level2' },
  { key: 'state', label: 'State', autoComplete: 'address-level1' },
];

function PersonalInformation({
  user,
  editing,
  setEditing,
}: {
  user: PublicUser;
  editing: boolean;
  setEditing: (v: boolean) => void;
}) {
  const fetcher = useFetcher<ActionResult>();
  const { toast } = useToast();
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;

  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      toast({ title: 'Profile Updated', description: 'Your personal information was saved.' });
      setEditing(false);
    } else if (!result.fields || Object.keys(result.fields).length === 0) {
      // The spec's words, for a failure no field explains; a field's own message shows under
      // that field, and a toast on top of it would only repeat it louder.
      toast({
        title: 'Update Failed',
        description: 'Failed to update profile. Please try again.',
        variant: 'destructive',
      });
    }
  }, [result, toast, setEditing]);

  const fieldErrors = result && !result.ok ? (result.fields ?? {}) : {};
  const complete = isProfileComplete(user);

  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm" aria-labelledby="personal-info">
      <div className="flex items-center justify-between gap-3">
        <h2 id="personal-info" className="text-lg font-bold">
          Personal Information
        </h2>
        {!editing && (
          <button
            type="button"
            onClick={() => setEditing(true)}
            className="shrink-0 whitespace-nowrap rounded-lg px-3 py-1.5 text-sm font-semibold text-brand hover:bg-brand-light"
          >
            {complete ? 'Edit' : 'Complete Profile'}
          </button>
        )}
      </div>
      {editing ? (
        // noValidate: the browser's own checks would block Save with a bubble some phones never
        // show; the server's messages appear under the fields instead (min/max/step stay for the
        // numeric keyboard).
        <fetcher.Form method="post" noValidate className="mt-4 space-y-3">
          <CsrfInput />
          {FIELDS.map((field) => {
            const errors = fieldErrors[field.key];
            const value = user[field.key];
            return (
              <div key={field.key}>
                <label
                  htmlFor={`profile-${field.key}`}
                  className="mb-1 block text-sm font-semibold text-slate-700"
                >
                  {field.label}
                </label>
                <input
                  id={`profile-${field.key}`}
                  name={field.key}
                  type={field.type ?? 'text'}
                  step={field.key === 'handicap' ? '0.1' : undefined}
                  min={field.key === 'handicap' ? -10 : undefined}
                  max={field.key === 'handicap' ? 54 : undefined}
                  inputMode={field.key === 'handicap' ? 'decimal' : undefined}
                  autoComplete={field.autoComplete}
                  defaultValue={value === null || value === undefined ? '' : String(value)}
                  aria-invalid={errors ? true : undefined}
                  className="w-full rounded-xl border border-slate-300 px-3 py-2.5 text-base outline-none focus:border-brand focus:ring-2 focus:ring-brand/30 aria-[invalid]:border-red-500"
                />
                {errors?.map((message) => (
                  <p key={message} className="mt-1 text-sm text-red-600">
                    {message}
                  </p>
                ))}
              </div>
            );
          })}
          <div className="flex gap-3 pt-2">
            <button
              type="submit"
              disabled={fetcher.state !== 'idle'}
              className="flex-1 rounded-xl bg-brand py-3 font-bold text-white hover:bg-brand-dark disabled:opacity-60"
            >
              {fetcher.state !== 'idle' ? 'Saving...' : 'Save'}
            </button>
            <button
              type="button"
              onClick={() => setEditing(false)}
              className="flex-1 rounded-xl border border-slate-300 py-3 font-semibold text-slate-700 hover:bg-slate-50"
            >
              Cancel
            </button>
          </div>
        </fetcher.Form>
      ) : (
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3">
          {FIELDS.map((field) => {
            const value = user[field.key];
            return (
              <div key={field.key} className={field.key === 'email' ? 'col-span-2' : undefined}>
                <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">
                  {field.label}
                </dt>
                <dd
                  className={`mt-0.5 break-words ${value === null || value === '' ? 'text-slate-400' : 'font-semibold'}`}
                >
                  {value === null || value === '' ? 'Not set' : String(value)}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </section>
  );
}

function AccountDetails({ user }: { user: PublicUser }) {
  const joined = new Date(user.createdAt).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm">
      <h2 className="text-lg font-bold">Account Details</h2>
      <dl className="mt-3 space-y-2 text-sm">
        <Row label="Member since" value={joined} />
        <Row
          label="Sign-in"
          value={user.signInMethod === 'oidc' ? 'Single sign-on' : 'Email and password'}
        />
        <Row label="Account ID" value={user.id} mono />
      </dl>
      <a
        href="/api/login"
        className="mt-4 inline-block text-sm font-semibold text-brand hover:underline"
      >
        Change Password
      </a>
    </section>
  );
}

function Row({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="shrink-0 text-slate-500">{label}</dt>
      <dd className={`text-right font-medium ${mono ? 'break-all font-mono text-xs' : ''}`}>
        {value}
      </dd>
    </div>
  );
}

function LogOut() {
  const { csrfToken } = useRootData();
  const { toast } = useToast();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const logOut = async () => {
    setBusy(true);
    try {
      const { redirectTo } = await apiFetch<{ redirectTo: string }>('/api/logout', csrfToken, {
        method: 'POST',
      });
      toast({ title: 'Logged Out', description: 'See you on the course!' });
      if (redirectTo.startsWith('/')) {
        navigate('/');
        revalidator.revalidate();
      } else {
        window.location.href = redirectTo; // end the identity provider's session too
      }
    } catch {
      toast({ title: 'Logout Failed', description: 'Please try again.', variant: 'destructive' });
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void logOut()}
      disabled={busy}
      className="w-full rounded-2xl border border-red-200 bg-white py-3 font-bold text-red-600 shadow-sm hover:bg-red-50 disabled:opacity-60"
    >
      Log Out
    </button>
  );
}
