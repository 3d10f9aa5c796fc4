import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
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
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

  let stopped = false;
  const stop = async () => {
    await stopProcess(child);
    if (stopped || options.reuse) return;
    stopped = true;
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  try {
    await waitForHttp(`${url}/api/auth/csrf`, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    databaseUrl: db.url,
    dataDir,
    pid: child.pid!,
    kill,
    terminate: () => stopProcess(child),
    output: () => output,
    stop,
  };
}

async function waitForHttp(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the app exited (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the app did not start within 30 s:\n${output()}`);
}

export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
