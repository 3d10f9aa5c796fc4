import { useCallback, useEffect, useRef, useState } from 'react';
import { apiFetch } from './api';

export interface ApiQuery<T> {
  data: T | undefined;
  error: Error | null;
  loading: boolean;
  refetch: () => void;
}

export interface ApiQueryOptions<T> {
  /** What the route's loader already read through the load context: no first fetch. */
  initial?: T;
  /** Refetch on this interval while set. */
  pollMs?: number;
}

/**
 * GET an /api path from the browser (spec section 7: no retry, refetched on focus). A null path
 * waits. With `initial` from the loader the page renders on the server and only refreshes here.
 */
export function useApiQuery<T>(path: string | null, options: ApiQueryOptions<T> = {}): ApiQuery<T> {
  const { initial, pollMs } = options;
  const [data, setData] = useState<T | undefined>(initial);
  const [error, setError] = useState<Error | null>(null);
  const [loading, setLoading] = useState(path !== null && initial === undefined);
  const [tick, setTick] = useState(0);
  const skipFirst = useRef(initial !== undefined);

  const refetch = useCallback(() => setTick((t) => t + 1), []);

  useEffect(() => {
    if (path === null) return;
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
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
