import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { notificationAge } from '~/lib/ages';
import type { NotificationItem } from './useNotifications';
import { NotificationIcon } from './NotificationIcon';
import { CloseIcon } from '~/ui/icons';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  items: NotificationItem[] | undefined;
  unreadCount: number;
  pending: boolean;
  onMarkRead: (id: string) => void;
  onMarkAllRead: () => void;
  onDelete: (id: string) => void;
}

/** Slides in from the right; tapping outside or the X closes it (Radix Dialog). */
export function NotificationsPanel(props: Props) {
  const { open, onOpenChange, items, unreadCount, pending } = props;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay
          className="fixed inset-0 z-40 bg-slate-900/40"
          data-testid="notifications-overlay"
        />
        <Dialog.Content
          // Never the full width of a phone: a strip of the dimmed page stays visible to tap.
          className="fixed inset-y-0 right-0 z-50 flex w-[85%] max-w-sm animate-slide-in-right flex-col bg-white shadow-2xl focus:outline-none"
          aria-describedby={undefined}
        >
          {/* Title and X on the first row; Mark All Read below it, so a phone-wide panel never
              squeezes the button into a column of words. */}
          <header className="border-b border-slate-100 px-4 py-3">
            <div className="flex items-center gap-2">
              <Dialog.Title className="text-lg font-bold">Notifications</Dialog.Title>
              {unreadCount > 0 && (
                <span
                  className="rounded-full bg-red-500 px-2 py-0.5 text-xs font-semibold text-white"
                  data-testid="panel-unread-count"
                >
                  {unreadCount}
                </span>
              )}
              <Dialog.Close
                aria-label="Close"
                className="-mr-2 ml-auto rounded-full p-2 text-slate-500 hover:bg-slate-100"
              >
                <CloseIcon className="h-5 w-5" />
              </Dialog.Close>
            </div>
            {items && items.length > 0 && (
              <div className="mt-1 flex justify-end">
                <button
                  type="button"
                  onClick={props.onMarkAllRead}
                  disabled={unreadCount === 0 || pending}
                  className="-mr-2 whitespace-nowrap rounded-lg px-2 py-1 text-sm font-semibold text-brand hover:bg-brand-light disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent"
                >
                  Mark All Read
                </button>
              </div>
            )}
          </header>
          <div className="flex-1 overflow-y-auto">
            {items === undefined ? (
              <p className="p-8 text-center text-slate-500">Loading notifications...</p>
            ) : items.length === 0 ? (
              <div className="p-8 text-center">
                <p className="font-semibold text-slate-700">No notifications yet</p>
                <p className="mt-1 text-sm text-slate-500">
                  Complete exercises and upload videos to get updates!
                </p>
              </div>
            ) : (
              <ul className="divide-y divide-slate-100">
                {items.map((n) => (
                  <li
                    key={n.id}
                    data-testid="notification-item"
                    data-read={n.isRead}
                    className={`flex gap-3 px-4 py-3 ${n.isRead ? 'bg-white' : 'bg-brand-light/40'}`}
                  >
                    <NotificationIcon type={n.type} />
                    <NotificationBody
                      item={n}
                      onOpen={() => {
                        if (!n.isRead) props.onMarkRead(n.id);
                        onOpenChange(false);
                      }}
                    >
                      <p
                        className={`text-sm ${n.isRead ? 'font-medium text-slate-700' : 'font-bold'}`}
                      >
                        {n.title}
                      </p>
                      <p className="mt-0.5 text-sm text-slate-600">{n.message}</p>
                      <p className="mt-1 text-xs text-slate-400">{notificationAge(n.createdAt)}</p>
                    </NotificationBody>
                    <div className="flex flex-col gap-1">
                      {!n.isRead && (
                        <button
                          type="button"
                          aria-label={`Mark "${n.title}" as read`}
                          onClick={() => props.onMarkRead(n.id)}
                          className="rounded-full p-1.5 text-brand hover:bg-brand-light"
                        >
                          <svg
                            viewBox="0 0 24 24"
                            className="h-4 w-4"
                            fill="none"
                            stroke="currentColor"
                            strokeWidth="2.5"
                          >
                            <path d="M5 12l5 5L20 7" strokeLinecap="round" strokeLinejoin="round" />
                          </svg>
                        </button>
                      )}
                      <button
                        type="button"
                        aria-label={`Delete "${n.title}"`}
                        onClick={() => props.onDelete(n.id)}
                        className="rounded-full p-1.5 text-slate-400 hover:bg-red-50 hover:text-red-600"
                      >
                        <svg
                          viewBox="0 0 24 24"
                          className="h-4 w-4"
                          fill="none"
                          stroke="currentColor"
                          strokeWidth="2"
                        >
                          <path
                            d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 002 2h6a2 2 0 002-2l1-12M9 7V4h6v3"
                            strokeLinecap="round"
                            strokeLinejoin="round"
                          />
                        </svg>
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The notification's text; with a link, tapping it opens the page and marks it read. */
function NotificationBody(props: {
  item: NotificationItem;
  onOpen: () => void;
  children: ReactNode;
}) {
  if (!props.item.link) return <div className="min-w-0 flex-1">{props.children}</div>;
  return (
    <Link
      to={props.item.link}
      onClick={props.onOpen}
      className="-m-1 block min-w-0 flex-1 rounded-lg p-1 hover:bg-slate-50"
      data-testid="notification-link"
    >
      {props.children}
    </Link>
  );
}
