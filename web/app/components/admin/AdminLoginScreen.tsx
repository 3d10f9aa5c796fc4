import { Link, useNavigate } from '@remix-run/react';
import { useState, type FormEvent } from 'react';
import { useRootData } from '~/lib/root-data';
import { adminFetch, AdminRequestFailed, AdminSignInRequired } from './admin-fetch';

/** Spec section 2, /admin-login. */
export function AdminLoginScreen() {
  const { csrfToken } = useRootData();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password || busy) return;
    setBusy(true);
    setError(null);
    try {
      await adminFetch('/api/admin/login', csrfToken, {
        method: 'POST',
        body: JSON.stringify({ password }),
      });
      navigate('/admin');
    } catch (e) {
      setError(
        e instanceof AdminSignInRequired
          ? 'Invalid admin password'
          : e instanceof AdminRequestFailed && e.status === 429
            ? 'Too many attempts. Wait a minute and try again.'
            : 'Failed to authenticate. Please try again.',
      );
      setBusy(false);
    }
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-900 p-4">
      <form
        onSubmit={(e) => void submit(e)}
        className="w-full max-w-sm space-y-4 rounded-2xl bg-white p-6 shadow-xl"
      >
        <div>
          <h1 className="text-2xl font-extrabold">Admin Access</h1>
          <p className="mt-1 text-sm text-slate-600">Enter the admin password to continue.</p>
        </div>
        <div>
          <label htmlFor="admin-password" className="mb-1 block text-sm font-semibold">
            Password
          </label>
          <div className="flex gap-2">
            <input
              id="admin-password"
              type={visible ? 'text' : 'password'}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-base"
            />
            <button
              type="button"
              onClick={() => setVisible(!visible)}
              aria-label={visible ? 'Hide password' : 'Show password'}
              className="rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-700"
            >
              {visible ? 'Hide' : 'Show'}
            </button>
          </div>
        </div>
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm font-semibold text-red-700">
            {error}
          </p>
        )}
        <button
          type="submit"
          disabled={!password || busy}
          className="w-full rounded-xl bg-slate-900 py-3 font-bold text-white disabled:opacity-50"
        >
          {busy ? 'Checking...' : 'Access Admin Panel'}
        </button>
        <Link to="/" className="block text-center text-sm font-semibold text-brand">
          Back to Home
        </Link>
      </form>
    </main>
  );
}
