import { useNavigate } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { AuditEntry } from '../../../../src/modules/admin/application/admin-audit.service';
import type {
  AdminUserPage,
  AdminUserRow,
} from '../../../../src/modules/admin/application/admin-users.service';
import type { UsageField } from '../../../../src/modules/admin/application/admin-inputs';
import { useRootData } from '~/lib/root-data';
import { toast } from '~/ui/toast-store';
import { adminFetch, AdminRequestFailed, AdminSignInRequired } from './admin-fetch';
import { AdminLayout } from './AdminLayout';
import { useAdminData } from './useAdminData';

const POLL_MS = 10_000;
const PAGE_SIZE = 25;
const COUNTERS: Array<{ field: UsageField; key: keyof AdminUserRow['usage']; label: string }> = [
  { field: 'videoUploadsUsed', key: 'videoUploads', label: 'Video Uploads' },
  { field: 'analysisViewsUsed', key: 'analysisViews', label: 'Analysis Views' },
  { field: 'workoutViewsUsed', key: 'workoutViews', label: 'Workout Views' },
];

/** Spec section 2, /admin: counts, the golfer list with usage resets, and the audit log. */
export function AdminUsersScreen() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const query = new URLSearchParams({ search, page: String(page), pageSize: String(PAGE_SIZE) });
  const users = useAdminData<AdminUserPage>(`/api/admin/users?${query}`, POLL_MS);
  const audit = useAdminData<AuditEntry[]>('/api/admin/audit', POLL_MS);
  const refresh = () => {
    users.refresh();
    audit.refresh();
  };
  const data = users.data;
  const pages = data ? Math.max(1, Math.ceil(data.matching / data.pageSize)) : 1;

  return (
    <AdminLayout current="users">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-extrabold">Users</h1>
        <button
          type="button"
          onClick={refresh}
          className="rounded-lg bg-white px-3 py-1.5 text-sm font-semibold shadow-sm"
        >
          Refresh
        </button>
      </div>
      <div className="grid grid-cols-3 gap-2" data-testid="admin-counts">
        <Count label="Total Users" value={data?.counts.total} />
        <Count label="Premium Users" value={data?.counts.premium} />
        <Count label="Free Users" value={data?.counts.free} />
      </div>
      <input
        type="search"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        placeholder="Search by email or name"
        aria-label="Search users"
        className="w-full rounded-xl border border-slate-300 px-3 py-2 text-base"
      />
      {users.error && (
        <p role="alert" className="text-sm text-red-700">
          {users.error}
        </p>
      )}
      {!data ? (
        <p className="text-sm text-slate-500">Loading users...</p>
      ) : data.users.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-sm text-slate-600">No users match.</p>
      ) : (
        <ul className="space-y-3">
          {data.users.map((u) => (
            <UserCard key={u.id} user={u} onChanged={refresh} />
          ))}
        </ul>
      )}
      {data && (
        <div className="flex items-center justify-between text-sm">
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
            className="rounded-lg bg-white px-3 py-1.5 font-semibold shadow-sm disabled:opacity-40"
          >
            Previous
          </button>
          <span>
            Page {page} of {pages} · {data.matching.toLocaleString('en-US')} users
          </span>
          <button
            type="button"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
            className="rounded-lg bg-white px-3 py-1.5 font-semibold shadow-sm disabled:opacity-40"
          >
            Next
          </button>
        </div>
      )}
      <AuditLog entries={audit.data} />
    </AdminLayout>
  );
}

function Count({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="rounded-xl bg-white p-3 shadow-sm">
      <p className="text-xs font-semibold text-slate-500">{label}</p>
      <p className="text-2xl font-extrabold">{value?.toLocaleString('en-US') ?? '–'}</p>
    </div>
  );
}

function UserCard({ user, onChanged }: { user: AdminUserRow; onChanged: () => void }) {
  const { csrfToken } = useRootData();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<UsageField | null>(null);
  const reset = async (field: UsageField, label: string) => {
    setBusy(field);
    try {
      await adminFetch(`/api/admin/users/${user.id}/reset-usage`, csrfToken, {
        method: 'POST',
        body: JSON.stringify({ field }),
      });
      toast({ title: 'Usage Reset', description: `${label} reset for ${user.email ?? user.id}.` });
      onChanged();
    } catch (e) {
      if (e instanceof AdminSignInRequired) return navigate('/admin-login');
      toast({
        title: 'Reset Failed',
        description: e instanceof AdminRequestFailed ? e.message : 'Failed to reset usage',
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };
  return (
    <li
      className="rounded-2xl bg-white p-4 shadow-sm"
      data-testid="admin-user"
      aria-label={user.email ?? user.id}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-all font-bold">{user.email ?? '(no email)'}</p>
          {user.name && <p className="text-sm text-slate-600">{user.name}</p>}
        </div>
        <span
          className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-bold ${user.isPremium ? 'bg-amber-100 text-amber-800' : 'bg-slate-100 text-slate-700'}`}
        >
          {user.isPremium ? 'Premium' : 'Free'}
        </span>
      </div>
      <p className="mt-1 break-all font-mono text-[11px] text-slate-500">{user.id}</p>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-xs">
        <Stat label="Joined" value={new Date(user.createdAt).toLocaleDateString('en-US')} />
        <Stat label="Total points" value={user.totalPoints.toLocaleString('en-US')} />
        <Stat label="Weekly points" value={user.weeklyPoints.toLocaleString('en-US')} />
      </dl>
      <ul className="mt-3 divide-y divide-slate-100 text-sm">
        {COUNTERS.map(({ field, key, label }) => {
          const counter = user.usage[key];
          return (
            <li key={field} className="flex items-center justify-between gap-2 py-1.5">
              <span>
                {label}:{' '}
                <span className="font-semibold" data-testid={`usage-${key}`}>
                  {counter.limit >= 999
                    ? `${counter.used} / Unlimited`
                    : `${counter.used}/${counter.limit}`}
                </span>
              </span>
              <button
                type="button"
                disabled={busy !== null}
                onClick={() => void reset(field, label)}
                aria-label={`Reset ${label}`}
                className="rounded-lg border border-slate-300 px-2 py-1 text-xs font-semibold disabled:opacity-50"
              >
                {busy === field ? 'Resetting...' : 'Reset'}
              </button>
            </li>
          );
        })}
      </ul>
    </li>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
}

const ACTIONS: Record<AuditEntry['action'], string> = {
  login: 'Signed in',
  logout: 'Signed out',
  'reset-usage': 'Reset usage',
  'import-videos': 'Imported videos',
  'download-videos': 'Downloaded videos',
};

function AuditLog({ entries }: { entries: AuditEntry[] | null }) {
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm" data-testid="audit-log">
      <h2 className="text-lg font-bold">Audit Log</h2>
      {!entries || entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No admin actions yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {entries.map((e) => (
            <li key={e.id} className="py-2">
              <p className="font-semibold">
                {ACTIONS[e.action]}
                {e.detail && <span className="font-normal text-slate-600"> · {e.detail}</span>}
              </p>
              <p className="text-xs text-slate-500">
                {new Date(e.at).toLocaleString('en-US')} · {e.actor}
                {e.targetEmail && ` · ${e.targetEmail}`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
