/** A small coloured glyph per notification type; unknown types get the generic bell. */
const STYLES: Record<string, { bg: string; path: string }> = {
  exercise_completion: { bg: 'bg-green-100 text-green-700', path: 'M5 12l5 5L20 7' },
  streak_milestone: {
    bg: 'bg-orange-100 text-orange-600',
    path: 'M12 3c2 4 6 6 6 11a6 6 0 01-12 0c0-3 2-5 3-7 1 2 2 3 3 3 0-3-1-5 0-7z',
  },
  weekly_reset: {
    bg: 'bg-sky-100 text-sky-700',
    path: 'M4 12a8 8 0 0114-5l2-2v6h-6l2-2a5 5 0 10 1 6',
  },
  upload_success: {
    bg: 'bg-violet-100 text-violet-700',
    path: 'M12 16V4m0 0l-4 4m4-4l4 4M4 20h16',
  },
  leaderboard_update: {
    bg: 'bg-amber-100 text-amber-700',
    path: 'M8 21h8M12 17v4M7 4h10v5a5 5 0 01-10 0V4z',
  },
  achievement: {
    bg: 'bg-yellow-100 text-yellow-700',
    path: 'M12 3l2.6 5.6 6 .6-4.5 4 1.3 6-5.4-3.2L6.6 19l1.3-6-4.5-4 6-.6z',
  },
};
const GENERIC = {
  bg: 'bg-slate-100 text-slate-600',
  path: 'M6 8a6 6 0 1112 0c0 7 3 9 3 9H3s3-2 3-9M10 21h4',
};

export function NotificationIcon({ type }: { type: string }) {
  const style = STYLES[type] ?? GENERIC;
  return (
    <span
      className={`mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full ${style.bg}`}
    >
      <svg
        viewBox="0 0 24 24"
        className="h-4 w-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d={style.path} strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}
