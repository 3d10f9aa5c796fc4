import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { killChild, stopChild, waitForReady, watchChild } from './readiness';
import { createTestDatabase } from './test-database';

export interface RunningApp {
  url: string;
  databaseUrl: string;
  /** DATA_DIR of the server (uploads under DATA_DIR/uploads unless UPLOADS_DIR is set). */
  dataDir: string;
  pid: number;
  /** SIGKILL: a crash, no shutdown hooks; the database and DATA_DIR stay for a restart. */
  kill: () => Promise<void>;
  /** SIGTERM (a graceful shutdown); the database and DATA_DIR stay for a restart. */
  terminate: () => Promise<void>;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

export interface StartAppOptions {
  /** Listen on this port (e.g. one picked with `freePort()` beforehand); a free one otherwise. */
  port?: number;
  /**
   * Run on the database and DATA_DIR of an earlier (killed) server, as a restart does. They are
   * left in place on stop: the first server's stop removes them.
   */
  reuse?: Pick<RunningApp, 'databaseUrl' | 'dataDir'>;
}

/**
 * Starts the built app (`npm run build` first) as its own process on a fresh database, the way
 * `npm start` runs it, and resolves once it serves.
 */
export async function startApp(
  env: Record<string, string> = {},
  options: StartAppOptions = {},
): Promise<RunningApp> {
  const db = options.reuse
    ? { url: options.reuse.databaseUrl, drop: () => Promise.resolve() }
    : await createTestDatabase();
  const port = options.port ?? (await freePort());
  const dataDir = options.reuse?.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'golf-test-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/src/main.js'], {
    cwd: path.resolve(__dirname, '../..'),
    env: {
      PATH: process.env['PATH'] ?? '',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      TRUST_PROXY_HOPS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const watched = watchChild(child);

  let stopped = false;
  const stop = async () => {
    await stopChild(watched);
    if (stopped || options.reuse) return;
    stopped = true;
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // Ready when it answers; a child that dies on the way fails the wait at once, with its output.
    await waitForReady('the app', watched, async () => {
      try {
        // A request the server accepted but never answered is retried, not waited on forever.
        const res = await fetch(`${url}/api/auth/csrf`, { signal: AbortSignal.timeout(30_000) });
        return res.ok || undefined;
      } catch {
        return undefined; // not listening yet
      }
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    databaseUrl: db.url,
    dataDir,
    pid: child.pid!,
    kill: () => killChild(watched),
    terminate: () => stopChild(watched),
    output: watched.output,
    stop,
  };
}
