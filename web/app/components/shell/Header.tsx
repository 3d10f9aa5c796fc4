import { Link } from '@remix-run/react';
import { useState } from 'react';
import { badgeLabel } from '~/lib/ages';
import { NotificationsPanel } from './NotificationsPanel';
import { useNotifications } from './useNotifications';
import { Logo } from './Logo';

interface Props {
  initials: string;
  csrfToken: string;
  initialUnread: number;
}

export function Header({ initials, csrfToken, initialUnread }: Props) {
  const [open, setOpen] = useState(false);
  const notes = useNotifications(csrfToken, initialUnread);
  return (
    <header className="sticky top-0 z-30 border-b border-slate-100 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-3xl items-center gap-3 px-4">
        <Link to="/" aria-label="SwingFit home" className="flex items-center gap-2">
          <Logo />
          <span className="text-lg font-extrabold tracking-tight text-slate-900">SwingFit</span>
        </Link>
        <div className="ml-auto flex items-center gap-2">
          <button
            type="button"
            onClick={() => {
              setOpen(true);
              void notes.refresh();
            }}
            aria-label={`Notifications${notes.unreadCount ? `, ${notes.unreadCount} unread` : ''}`}
            className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100"
          >
            <svg
              viewBox="0 0 24 24"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path
                d="M6 8a6 6 0 1112 0c0 7 3 9 3 9H3s3-2 3-9M10 21h4"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            {notes.unreadCount > 0 && (
              <span
                data-testid="unread-badge"
                className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-500 px-1 text-[11px] font-bold text-white ring-2 ring-white"
              >
                {badgeLabel(notes.unreadCount)}
              </span>
            )}
          </button>
          <Link
            to="/profile"
            aria-label="Your profile"
            data-testid="avatar"
            className="flex h-9 w-9 items-center justify-center rounded-full bg-brand text-sm font-bold text-white shadow-sm"
          >
            {initials}
          </Link>
        </div>
      </div>
      <NotificationsPanel
        open={open}
        onOpenChange={setOpen}
        items={notes.items}
        unreadCount={notes.unreadCount}
        pending={notes.pending}
        onMarkRead={(id) => void notes.markRead(id)}
        onMarkAllRead={() => void notes.markAllRead()}
        onDelete={(id) => void notes.remove(id)}
      />
    </header>
  );
}
