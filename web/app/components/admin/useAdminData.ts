import { useNavigate } from '@remix-run/react';
import { useCallback, useEffect, useState } from 'react';
import { adminFetch, AdminSignInRequired } from './admin-fetch';

/**
 * Admin data from `path`, refreshed every `pollMs` and on demand; a 401 or 403 sends the
 * browser to /admin-login.
 */
export function useAdminData<T>(path: string, pollMs: number | null) {
  const navigate = useNavigate();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const refresh = useCallback(() => setTick((t) => t + 1), []);

  useEffect(() => {
    let cancelled = false;
    adminFetch<T>(path, '')
      .then((value) => {
        if (cancelled) return;
        setData(value);
        setError(null);
      })
      .catch((e: unknown) => {
        if (cancelled) return;
        if (e instanceof AdminSignInRequired) navigate('/admin-login');
        else setError(e instanceof Error ? e.message : 'Failed to load');
      });
    return () => {
      cancelled = true;
    };
  }, [path, tick, navigate]);

  useEffect(() => {
    if (pollMs === null) return;
    const timer = setInterval(refresh, pollMs);
    return () => clearInterval(timer);
  }, [pollMs, refresh]);

  return { data, error, refresh };
}
