import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../support/app-server';
import {
  CEILING,
  HOOK_TIMEOUT,
  stopChild,
  waitForReady,
  watchChild,
  type WatchedChild,
} from '../support/readiness';

/** The built app as `npm start` runs it: no DATABASE_URL, so it starts the embedded PostgreSQL. */
function startEmbedded(dataDir: string, port: number, pgPort: number): WatchedChild {
  const child = spawn(process.execPath, ['dist/src/main.js'], {
    cwd: path.resolve(__dirname, '../..'),
    env: {
      PATH: process.env['PATH'] ?? '',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      EMBEDDED_POSTGRES_PORT: String(pgPort),
      LOG_LEVEL: 'log',
      NO_COLOR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return watchChild(child);
}

/** Resolves once the app answers, rejects at once if it exits first, or after `ms`. */
async function serving(app: WatchedChild, port: number, ms: number): Promise<void> {
  await waitForReady(
    'the app',
    app,
    () =>
      fetch(`http://127.0.0.1:${port}/api/auth/csrf`).then(
        (res) => res.ok || undefined,
        () => undefined,
      ),
    { ceilingMs: ms, intervalMs: 200 },
  );
}

function postmasterPid(dataDir: string): number | null {
  const file = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(file)) return null;
  const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
  return Number.isSafeInteger(pid) ? pid : null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Every process whose command line names `dir` (the postmaster and its children). */
function processesUsing(dir: string): number[] {
  return os.platform() === 'linux'
    ? readdirSync('/proc')
        .filter((name) => /^\d+$/.test(name))
        .map(Number)
        .filter((pid) => {
          try {
            return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dir) && alive(pid);
          } catch {
            return false;
          }
        })
    : [];
}

/** Stops whatever PostgreSQL the data folder still has running (the test must leave none). */
async function stopLeftovers(dataDir: string) {
  const pids = processesUsing(dataDir);
  const postmaster = postmasterPid(dataDir);
  if (postmaster && alive(postmaster)) pids.unshift(postmaster);
  for (const pid of pids) {
    try {
      process.kill(pid, pid === postmaster ? 'SIGQUIT' : 'SIGKILL');
    } catch {
      // gone already
    }
  }
  const deadline = Date.now() + 20_000;
  while (processesUsing(dataDir).length && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const pid of processesUsing(dataDir)) process.kill(pid, 'SIGKILL');
}

/**
 * Fault 2 of issue 12: after the app's process was killed with SIGKILL, its embedded PostgreSQL
 * stayed up on its own and the next start failed with `FATAL [Bootstrap] undefined`.
 */
describe('npm start with the embedded PostgreSQL', () => {
  let dataDir: string;
  const started: WatchedChild[] = [];

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'golf-embedded-'));
    // As root, PostgreSQL runs as the `postgres` user, which must reach its folder.
    chmodSync(dataDir, 0o755);
  });

  afterEach(async () => {
    for (const app of started.splice(0)) await stopChild(app);
    await stopLeftovers(dataDir);
    expect(processesUsing(dataDir)).toEqual([]);
    rmSync(dataDir, { recursive: true, force: true });
  }, HOOK_TIMEOUT);

  it('serves again within a minute after its node process alone was killed', async () => {
    const [port, pgPort] = [await freePort(), await freePort()];
    const first = startEmbedded(dataDir, port, pgPort);
    started.push(first);
    await serving(first, port, CEILING.processReady); // the first start runs initdb
    const postmaster = postmasterPid(dataDir);
    expect(postmaster).not.toBeNull();

    first.child.kill('SIGKILL'); // the node process only, as the OOM killer does
    await first.exited;
    expect(alive(postmaster!)).toBe(true); // PostgreSQL stayed up on its own

    const second = startEmbedded(dataDir, port, pgPort);
    started.push(second);
    await serving(second, port, 60_000); // the requirement: serving again within a minute
    expect(second.output()).toContain(`PostgreSQL (pid ${postmaster}) is still running`);
    expect(alive(postmaster!)).toBe(false);
  });

  it('says why when PostgreSQL cannot start, never "undefined"', async () => {
    // A folder that looks like a cluster but is not one.
    mkdirSync(path.join(dataDir, 'postgres'));
    writeFileSync(path.join(dataDir, 'postgres', 'PG_VERSION'), '18\n');
    const app = startEmbedded(dataDir, await freePort(), await freePort());
    started.push(app);
    expect((await app.exited).code).toBe(1);
    expect(app.output()).toMatch(
      /FATAL \[Bootstrap\] Error: the embedded PostgreSQL .* did not start/,
    );
    expect(app.output()).not.toContain('[Bootstrap] undefined');
  });
});
