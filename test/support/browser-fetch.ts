/**
 * A tiny stand-in for a browser: fetch with manual redirects and a cookie jar. Every server in the
 * tests runs on 127.0.0.1, and cookies are not port-scoped, so one jar serves the app and the
 * identity provider alike, as a browser's would.
 */
interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attrs] = header.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = '/';
      let expired = false;
      for (const attr of attrs) {
        const [key, val = ''] = attr.split('=');
        const lower = key.toLowerCase();
        if (lower === 'path') path = val;
        if (lower === 'max-age' && Number(val) <= 0) expired = true;
        if (lower === 'expires' && Date.parse(val) <= Date.now()) expired = true;
      }
      const key = `${name};${path}`;
      if (expired || value === '') this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path });
    }
  }

  header(url: string): string {
    const { pathname } = new URL(url);
    return [...this.cookies.values()]
      .filter(
        ({ path }) =>
          pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`),
      )
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');
  }

  get(name: string): string | undefined {
    return [...this.cookies.values()].find((c) => c.name === name)?.value;
  }

  names(): string[] {
    return [...this.cookies.values()].map(({ name }) => name);
  }
}

export class Browser {
  readonly jar = new CookieJar();

  /** One request, cookies sent and stored, redirects not followed. */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.jar.header(url);
    if (cookie) headers.set('cookie', cookie);
    if (!headers.has('accept')) headers.set('accept', 'text/html,application/xhtml+xml,*/*;q=0.8');
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.jar.store(response);
    return response;
  }

  /**
   * Follows redirects by hand from `startUrl` until one points at a URL `stop` accepts; returns
   * that URL (not requested) and the hops taken.
   */
  async followUntil(
    startUrl: string,
    stop: (url: URL) => boolean,
    maxHops = 10,
  ): Promise<{ url: URL; hops: string[] }> {
    let url = startUrl;
    const hops: string[] = [];
    for (let i = 0; i < maxHops; i += 1) {
      const response = await this.fetch(url);
      const location = response.headers.get('location');
      hops.push(`${response.status} ${url}`);
      if (!location || response.status < 300 || response.status >= 400) {
        const body = await response.text();
        throw new Error(`no redirect from ${url} (${response.status}): ${body.slice(0, 500)}`);
      }
      await response.body?.cancel();
      const next = new URL(location, url);
      if (stop(next)) return { url: next, hops };
      url = next.href;
    }
    throw new Error(`too many redirects: ${hops.join(' -> ')}`);
  }
}

/** The first `<form>` of a page: its absolute action and its inputs, as the browser would post. */
export function parseForm(
  html: string,
  baseUrl: string,
): { action: string; fields: URLSearchParams } {
  const form = /<form\b[^>]*\baction="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error(`no form in page: ${html.slice(0, 300)}`);
  const fields = new URLSearchParams();
  for (const input of form[2].matchAll(/<input\b[^>]*>/gi)) {
    const name = /\bname="([^"]*)"/.exec(input[0]);
    const value = /\bvalue="([^"]*)"/.exec(input[0]);
    if (name) fields.append(name[1], value ? value[1] : '');
  }
  return { action: new URL(form[1].replace(/&amp;/g, '&'), baseUrl).href, fields };
}
