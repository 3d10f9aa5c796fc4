import type { UploadStatus } from '~/lib/analysis-api';

export type PremiumClub = 'driver' | '7-iron';

/** Free: uploads used of 1. Premium: this week's Driver and 7-Iron slots, one to pick. */
export function UploadQuota(props: {
  status: UploadStatus;
  club: PremiumClub | null;
  onClub: (club: PremiumClub) => void;
  disabled?: boolean;
}) {
  const { status } = props;
  if (!status.isPremium) {
    return (
      <section
        className="flex items-center justify-between rounded-2xl bg-white p-4 shadow-sm"
        data-testid="upload-quota"
      >
        <div>
          <p className="font-semibold">Free plan</p>
          <p className="text-xs text-slate-500">One swing video upload in total</p>
        </div>
        <span className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-700">
          {Math.min(status.uploadsUsed, 1)}/1 used
        </span>
      </section>
    );
  }
  const slots: Array<{ club: PremiumClub; label: string; uploaded: boolean }> = [
    { club: 'driver', label: 'Driver', uploaded: status.weeklyDriverUploaded },
    { club: '7-iron', label: '7-Iron', uploaded: status.weeklySevenIronUploaded },
  ];
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm" data-testid="upload-quota">
      <p className="font-semibold">Which club is this swing?</p>
      <p className="text-xs text-slate-500">
        One Driver and one 7-Iron upload each week. Resets Sunday at midnight.
      </p>
      <div className="mt-3 grid grid-cols-2 gap-3" role="radiogroup" aria-label="Club">
        {slots.map((slot) => {
          const selected = props.club === slot.club;
          return (
            <button
              key={slot.club}
              type="button"
              role="radio"
              aria-checked={selected}
              disabled={slot.uploaded || props.disabled}
              onClick={() => props.onClub(slot.club)}
              className={`rounded-xl border-2 p-3 text-center ${
                slot.uploaded
                  ? 'border-slate-200 bg-slate-50 text-slate-400'
                  : selected
                    ? 'border-brand bg-brand-light'
                    : 'border-slate-200'
              }`}
            >
              <span className="block font-semibold">{slot.label}</span>
              <span className={`block text-xs ${slot.uploaded ? '' : 'text-brand'}`}>
                {slot.uploaded ? '✓ Uploaded' : 'Available'}
              </span>
            </button>
          );
        })}
      </div>
    </section>
  );
}
