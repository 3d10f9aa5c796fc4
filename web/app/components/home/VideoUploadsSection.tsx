import { Link } from '@remix-run/react';
import type { PublicUser } from '../../../../src/modules/identity/domain/public-user';
import { analysisPaths, type UploadStatus } from '~/lib/analysis-api';
import { useApiQuery } from '~/lib/use-api';

const FREE_UPLOAD_LIMIT = 1;

/** Upload quota at a glance (spec section 4): free used/1; premium weekly Driver and 7-Iron slots. */
export function VideoUploadsSection(props: { user: PublicUser; status?: UploadStatus | null }) {
  const { user } = props;
  if (user.isPremium) return <PremiumUploads initial={props.status ?? undefined} />;
  const used = Math.min(user.videoUploadsUsed, FREE_UPLOAD_LIMIT);
  const limitReached = user.videoUploadsUsed >= FREE_UPLOAD_LIMIT;
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm" data-testid="video-uploads">
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-bold">Video Uploads</h2>
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold text-slate-700">
          {used}/{FREE_UPLOAD_LIMIT}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-500">The free plan includes one swing video upload.</p>
      {limitReached ? (
        <>
          <button
            type="button"
            disabled
            className="mt-3 w-full rounded-xl bg-slate-200 py-3 font-semibold text-slate-500"
          >
            Limit Reached
          </button>
          <Link
            to="/profile"
            className="mt-2 block text-center text-sm font-semibold text-brand hover:underline"
          >
            Upgrade for Weekly Uploads
          </Link>
        </>
      ) : (
        <Link
          to="/upload"
          className="mt-3 block rounded-xl bg-brand py-3 text-center font-semibold text-white hover:bg-brand-dark"
        >
          Upload Swing Video
        </Link>
      )}
    </section>
  );
}

/** Premium: this week's Driver and 7-Iron slots, Available or Uploaded (spec section 4). */
function PremiumUploads({ initial }: { initial?: UploadStatus }) {
  const { data: status } = useApiQuery<UploadStatus>(analysisPaths.uploadStatus, { initial });
  const slots = [
    { club: 'driver', label: 'Driver', uploaded: status?.weeklyDriverUploaded },
    { club: '7-iron', label: '7-Iron', uploaded: status?.weeklySevenIronUploaded },
  ];
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm" data-testid="video-uploads">
      <h2 className="text-lg font-bold">Video Uploads</h2>
      <p className="mt-1 text-sm text-slate-500">
        One Driver and one 7-Iron swing each week. Resets Sunday at midnight.
      </p>
      <div className="mt-3 grid grid-cols-2 gap-3">
        {slots.map((slot) => (
          <div
            key={slot.club}
            className="rounded-xl border border-slate-200 p-3 text-center"
            data-testid={`upload-slot-${slot.club}`}
          >
            <p className="font-semibold">{slot.label}</p>
            <p className={`text-xs ${slot.uploaded ? 'text-slate-500' : 'text-brand'}`}>
              {status === undefined ? '\u00a0' : slot.uploaded ? '✓ Uploaded' : 'Available'}
            </p>
            {slot.uploaded ? (
              <button
                type="button"
                disabled
                className="mt-2 w-full rounded-lg bg-slate-100 py-2 text-sm font-semibold text-slate-400"
              >
                Completed
              </button>
            ) : (
              <Link
                to={`/upload?club=${slot.club}`}
                className="mt-2 block rounded-lg bg-brand py-2 text-sm font-semibold text-white hover:bg-brand-dark"
              >
                Upload
              </Link>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
