import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Logger } from '@nestjs/common';

const STOP_WAIT_MS = 60_000;

/**
 * Makes way for starting the embedded PostgreSQL of `databaseDir`. An app process killed with
 * SIGKILL (the out-of-memory killer's way) leaves its PostgreSQL running on its own, holding
 * the data folder and the port: that postmaster is stopped cleanly (fast shutdown). A
 * postmaster.pid whose process is gone, or is not this cluster's postmaster, is removed.
 */
export async function clearLeftoverPostmaster(
  databaseDir: string,
  logger: Pick<Logger, 'warn'>,
): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  const text = await readFile(pidFile, 'utf8').catch(() => null);
  if (text === null) return;
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  if (!Number.isSafeInteger(pid) || pid <= 0 || !isRunning(pid)) {
    logger.warn(`removing a stale ${pidFile} (no such process)`);
    await rm(pidFile, { force: true });
    return;
  }
  if (!(await isPostmasterOf(pid, databaseDir))) {
    logger.warn(`removing a stale ${pidFile} (process ${pid} is not its PostgreSQL)`);
    await rm(pidFile, { force: true });
    return;
  }
  logger.warn(
    `PostgreSQL (pid ${pid}) is still running from an app process that ended without stopping ` +
      'it; stopping it before starting again',
  );
  process.kill(pid, 'SIGINT'); // fast shutdown: sessions end, the data is checkpointed
  if (await exited(pid, STOP_WAIT_MS)) return;
  process.kill(pid, 'SIGQUIT'); // immediate shutdown: recovery runs at the next start
  if (await exited(pid, 10_000)) return;
  throw new Error(
    `PostgreSQL (pid ${pid}) left running in ${databaseDir} does not stop; stop it by hand ` +
      `(kill ${pid}) and start again`,
  );
}

/** Alive and not a zombie (a zombie would answer signal 0 until its parent reaps it). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !processState(pid).startsWith('Z');
}

function processState(pid: number): string {
  try {
    // /proc/<pid>/stat: "pid (comm) state ..."; comm may hold spaces and parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2);
  } catch {
    return ''; // not Linux, or gone
  }
}

/** Whether `pid` is a postgres started with `-D databaseDir` (guards against a reused pid). */
async function isPostmasterOf(pid: number, databaseDir: string): Promise<boolean> {
  const args = await commandLine(pid);
  if (!args.length || path.basename(args[0]!) !== 'postgres') return false;
  const dir = args[args.indexOf('-D') + 1];
  return !!dir && path.resolve(dir) === path.resolve(databaseDir);
}

async function commandLine(pid: number): Promise<string[]> {
  const proc = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => null);
  if (proc !== null) return proc.split('\0').filter(Boolean);
  // Not Linux: ps gives the command line joined by spaces (fine for our own paths).
  const { stdout } = await promisify(execFile)('ps', ['-o', 'command=', '-p', String(pid)]).catch(
    () => ({ stdout: '' }),
  );
  return stdout.trim().split(/\s+/).filter(Boolean);
}

async function exited(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isRunning(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}
