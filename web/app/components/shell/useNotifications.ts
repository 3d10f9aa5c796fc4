import { useCallback, useEffect, useRef, useState } from 'react';
import { apiFetch } from '~/lib/api';

export interface NotificationItem {
  id: string;
  type: string;
  title: string;
  message: string;
  isRead: boolean;
  /** The app path it opens when tapped (e.g. its analysis), or null. */
  link: string | null;
  createdAt: string;
}

const POLL_MS = 30_000;

/**
 * The header's notifications: fetched on mount, every 30 s and when the window regains focus;
 * mutations update the list at once and then refetch.
 */
export function useNotifications(csrfToken: string, initialUnread: number) {
  const [items, setItems] = useState<NotificationItem[] | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const alive = useRef(true);

  const refresh = useCallback(async () => {
    try {
      const list = await apiFetch<NotificationItem[]>('/api/notifications', csrfToken);
      if (alive.current) {
        setItems(list);
        setError(null);
      }
    } catch (e) {
      if (alive.current) setError((e as Error).message);
    }
  }, [csrfToken]);

  useEffect(() => {
    alive.current = true;
    void refresh();
    const timer = setInterval(() => void refresh(), POLL_MS);
    const onFocus = () => void refresh();
    window.addEventListener('focus', onFocus);
    return () => {
      alive.current = false;
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [refresh]);

  const mutate = useCallback(
    async (
      optimistic: (list: NotificationItem[]) => NotificationItem[],
      call: () => Promise<unknown>,
    ) => {
      setPending(true);
      setItems((list) => (list ? optimistic(list) : list));
      try {
        await call();
      } catch (e) {
        setError((e as Error).message);
      } finally {
        await refresh();
        if (alive.current) setPending(false);
      }
    },
    [refresh],
  );

  const markRead = (id: string) =>
    mutate(
      (list) => list.map((n) => (n.id === id ? { ...n, isRead: true } : n)),
      () => apiFetch(`/api/notifications/${id}/read`, csrfToken, { method: 'PATCH' }),
    );
  const markAllRead = () =>
    mutate(
      (list) => list.map((n) => ({ ...n, isRead: true })),
      () => apiFetch('/api/notifications/read-all', csrfToken, { method: 'PATCH' }),
    );
  const remove = (id: string) =>
    mutate(
      (list) => list.filter((n) => n.id !== id),
      () => apiFetch(`/api/notifications/${id}`, csrfToken, { method: 'DELETE' }),
    );

  const unreadCount = items ? items.filter((n) => !n.isRead).length : initialUnread;
  return { items, unreadCount, pending, error, refresh, markRead, markAllRead, remove };
}
