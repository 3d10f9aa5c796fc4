import { useNavigate } from '@remix-run/react';
import { useState, type ChangeEvent } from 'react';
import type { VideoDatabaseStats } from '../../../../src/modules/admin/application/video-database.service';
import { useRootData } from '~/lib/root-data';
import { toast } from '~/ui/toast-store';
import { adminFetch, AdminRequestFailed, AdminSignInRequired } from './admin-fetch';
import { AdminLayout } from './AdminLayout';
import { useAdminData } from './useAdminData';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Spec section 2, /admin/downloads: the video database workbook, live statistics, and import. */
export function AdminDownloadsScreen() {
  const stats = useAdminData<VideoDatabaseStats>('/api/admin/videos/stats', null);
  const s = stats.data;
  return (
    <AdminLayout current="downloads">
      <h1 className="text-2xl font-extrabold">Downloads</h1>
      <section className="rounded-2xl bg-white p-4 shadow-sm" data-testid="video-stats">
        <h2 className="text-lg font-bold">Exercise Video Database</h2>
        {!s ? (
          <p className="mt-2 text-sm text-slate-500">Loading statistics...</p>
        ) : (
          <>
            <p className="mt-2 text-sm text-slate-700">
              {s.videos.toLocaleString('en-US')} {s.videos === 1 ? 'video' : 'videos'} in{' '}
              {s.categories.length} {s.categories.length === 1 ? 'category' : 'categories'} · file
              size about {Math.max(1, Math.round(s.fileSizeBytes / 1024))} KB
            </p>
            {s.categories.length > 0 && (
              <ul className="mt-2 space-y-1 text-sm">
                {s.categories.map((c) => (
                  <li key={c.name} className="flex justify-between gap-2">
                    <span>{c.name}</span>
                    <span className="font-semibold">{c.count}</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
        <a
          href="/api/download/excel"
          download="golf-exercise-videos.xlsx"
          className="mt-4 block rounded-xl bg-slate-900 py-3 text-center font-bold text-white"
        >
          Download golf-exercise-videos.xlsx
        </a>
      </section>
      <ImportVideos onImported={stats.refresh} />
    </AdminLayout>
  );
}

function ImportVideos({ onImported }: { onImported: () => void }) {
  const { csrfToken } = useRootData();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<{
    message: string;
    errors: Array<{ row: number; message: string }>;
  } | null>(null);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    setProblems(null);
    try {
      const { imported } = await adminFetch<{ imported: number }>(
        '/api/admin/videos/import',
        csrfToken,
        { method: 'POST', body: file, headers: { 'content-type': XLSX } },
      );
      toast({ title: 'Videos Imported', description: `${imported} videos added or changed.` });
      onImported();
    } catch (e) {
      if (e instanceof AdminSignInRequired) return navigate('/admin-login');
      setProblems({
        message:
          e instanceof AdminRequestFailed ? e.message : 'The upload failed. Please try again.',
        errors: e instanceof AdminRequestFailed ? (e.body.errors ?? []) : [],
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm" data-testid="video-import">
      <h2 className="text-lg font-bold">Import Edited Workbook</h2>
      <p className="mt-1 text-sm text-slate-600">
        Add or change videos: edit the downloaded workbook and upload it. Every row is checked
        first; if any row is wrong, nothing is changed.
      </p>
      <label className="mt-3 block cursor-pointer rounded-xl border-2 border-dashed border-slate-300 p-4 text-center text-sm font-semibold text-slate-700">
        {busy ? 'Checking the workbook...' : 'Choose an .xlsx file'}
        <input
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => void upload(e)}
          disabled={busy}
          className="sr-only"
          aria-label="Workbook to import"
        />
      </label>
      {problems && (
        <div
          role="alert"
          className="mt-3 rounded-xl bg-red-50 p-3 text-sm text-red-800"
          data-testid="import-errors"
        >
          <p className="font-bold">{problems.message}</p>
          <ul className="mt-1 list-inside list-disc">
            {problems.errors.map((e) => (
              <li key={`${e.row}:${e.message}`}>
                Row {e.row}: {e.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
