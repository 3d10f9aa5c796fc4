/**
 * fetch for our /api from the browser: sends the session cookie and the CSRF token, and turns a
 * non-ok response into an Error whose text is '{status}: {body text}' (spec section 7).
 */
export async function apiFetch<T = unknown>(
  path: string,
  csrfToken: string,
  init: RequestInit = {},
): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/json');
  if (init.method && init.method !== 'GET') headers.set('x-csrf-token', csrfToken);
  if (init.body && !(init.body instanceof FormData))
    headers.set('content-type', 'application/json');
  const res = await fetch(path, { ...init, headers, credentials: 'include' });
  if (!res.ok) {
    const text = await res.text();
    throw new Error(`${res.status}: ${text || res.statusText}`);
  }
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('json') ? await res.json() : await res.text()) as T;
}
