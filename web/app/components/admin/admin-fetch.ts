/** A 401 or 403 on admin data: the page sends the browser to /admin-login (spec section 4). */
export class AdminSignInRequired extends Error {}

export class AdminRequestFailed extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: { message?: string; errors?: Array<{ row: number; message: string }> },
  ) {
    super(message);
  }
}

/** fetch for /api/admin (and the download): JSON in and out, the CSRF header on writes. */
export async function adminFetch<T>(
  path: string,
  csrfToken: string,
  init: RequestInit = {},
): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/json');
  if (init.method && init.method !== 'GET') headers.set('x-csrf-token', csrfToken);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  const res = await fetch(path, { ...init, headers, credentials: 'include' });
  if (res.status === 401 || res.status === 403) throw new AdminSignInRequired();
  const body = (await res.json().catch(() => ({}))) as T & { message?: string };
  if (!res.ok) {
    throw new AdminRequestFailed(body.message ?? res.statusText, res.status, body);
  }
  return body;
}
