/**
 * What the benchmark scripts share: a throw-away database on the test PostgreSQL, the built
 * server started on it, a cookie-keeping client, percentiles.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new database on the test PostgreSQL: its URL and how to drop it. */
export async function throwAwayDatabase(prefix) {
  const database = `${prefix}_${Date.now().toString(36)}`;
  await adminQuery(`create database ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return {
    url: url.href,
    drop: () => adminQuery(`drop database if exists ${database} with (force)`),
  };
}

/** The built server (dist/) on `databaseUrl`, serving once this resolves. */
export async function startServer(databaseUrl, env = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'golf-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['dist/src/main.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; ; i++) {
    if (i > 300) throw new Error('the server did not start');
    const up = await fetch(`${base}/api/auth/csrf`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, server, dataDir };
}

/** Stops a server from startServer and waits for it to exit. */
export async function stopServer(server) {
  server.server.kill('SIGTERM');
  await new Promise((r) => server.server.once('exit', r));
}

/** A tiny cookie-keeping client with the session's CSRF token. */
export class BenchClient {
  constructor(base) {
    this.base = base;
    this.cookie = '';
    this.csrf = '';
  }
  async request(method, url, body, headers = {}) {
    const res = await fetch(this.base + url, {
      method,
      body,
      headers: {
        cookie: this.cookie,
        'x-csrf-token': this.csrf,
        accept: 'application/json',
        ...headers,
      },
    });
    const setCookie = res.headers.getSetCookie?.() ?? [];
    if (setCookie.length) this.cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
    return res;
  }
  async refreshCsrf() {
    this.csrf = (await (await this.request('GET', '/api/auth/csrf')).json()).csrfToken;
  }
  async signUp(n) {
    await this.refreshCsrf();
    const res = await this.request(
      'POST',
      '/api/signup',
      JSON.stringify({
        email: `bench.${Date.now()}.${n}@example.test`,
        password: 'correct horse battery staple',
        firstName: 'Bench',
        lastName: `Golfer${n}`,
      }),
      { 'content-type': 'application/json' },
    );
    if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
    await this.refreshCsrf();
    return (await (await this.request('GET', '/api/auth/user')).json()).id;
  }
}

/** Times (ms, sorted) of `requests` GETs of `url` after `warmUp` untimed ones; each must be 200. */
export async function measure(client, url, { requests = 300, warmUp = 30 } = {}) {
  const times = [];
  for (let i = 0; i < warmUp + requests; i++) {
    const t0 = performance.now();
    const res = await client.request('GET', url);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    if (i >= warmUp) times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
