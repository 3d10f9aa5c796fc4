import { Link, useNavigate } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useRootData } from '~/lib/root-data';
import { adminFetch } from './admin-fetch';

/** The operator's pages: their own header, no golfer tabs. */
export function AdminLayout({
  children,
  current,
}: {
  children: ReactNode;
  current: 'users' | 'downloads';
}) {
  const { csrfToken } = useRootData();
  const navigate = useNavigate();
  const signOut = async () => {
    await adminFetch('/api/admin/logout', csrfToken, { method: 'POST', body: '{}' }).catch(
      () => undefined,
    );
    navigate('/admin-login');
  };
  const tab = (to: string, label: string, active: boolean) => (
    <Link
      to={to}
      aria-current={active ? 'page' : undefined}
      className={`rounded-lg px-3 py-1.5 text-sm font-semibold ${active ? 'bg-white text-slate-900' : 'text-slate-200'}`}
    >
      {label}
    </Link>
  );
  return (
    <div className="min-h-screen bg-slate-100">
      <header className="bg-slate-900 px-4 pb-3 pt-4 text-white">
        <div className="flex items-center justify-between">
          <p className="text-lg font-extrabold">SwingFit Admin</p>
          <button
            type="button"
            onClick={() => void signOut()}
            className="text-sm font-semibold text-slate-300"
          >
            Sign Out
          </button>
        </div>
        <nav className="mt-3 flex gap-2">
          {tab('/admin', 'Users', current === 'users')}
          {tab('/admin/downloads', 'Downloads', current === 'downloads')}
        </nav>
      </header>
      <main className="mx-auto max-w-2xl space-y-4 p-4">{children}</main>
    </div>
  );
}
