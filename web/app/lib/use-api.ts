import { useCallback, useEffect, useState } from 'react';
import { apiFetch } from './api';

export interface ApiQuery<T> {
  data: T | undefined;
  error: Error | null;
  loading: boolean;
  refetch: () => void;
}

/**
 * GET an /api path from the browser after hydration (spec section 7: no retry, refetched on
 * focus). A null path waits. `pollMs` refetches on an interval while set.
 */
export function useApiQuery<T>(path: string | null, pollMs?: number): ApiQuery<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<Error | null>(null);
  const [loading, setLoading] = useState(path !== null);
  const [tick, setTick] = useState(0);
  const refetch = useCallback(() => setTick((t) => t + 1), []);

  useEffect(() => {
    if (path === null) return;
    let cancelled = false;
    setLoading(true);
    apiFetch<T>(path, '')
      .then((value) => {
        if (cancelled) return;
        setData(value);
        setError(null);
      })
      .catch((err: unknown) => {
        if (!cancelled) setError(err instanceof Error ? err : new Error(String(err)));
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [path, tick]);

  useEffect(() => {
    if (path === null) return;
    const onFocus = () => refetch();
    window.addEventListener('focus', onFocus);
    const timer = pollMs ? window.setInterval(refetch, pollMs) : undefined;
    return () => {
      window.removeEventListener('focus', onFocus);
      if (timer !== undefined) window.clearInterval(timer);
    };
  }, [path, pollMs, refetch]);

  return { data, error, loading, refetch };
}
