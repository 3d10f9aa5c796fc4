import { spawn } from 'node:child_process';
import path from 'node:path';
import { killChild, printed, stopChild, waitForReady, watchChild } from './readiness';

export interface RunningWorker {
  pid: number;
  output: () => string;
  /** Resolves once it has printed that it runs analyses; fails at once if it exits before. */
  ready: () => Promise<void>;
  /** SIGKILL: the worker dies mid-analysis, as in a crash. */
  kill: () => Promise<void>;
  stop: () => Promise<void>;
}

/** `npm run worker` (the built dist/src/worker.js) with the given environment. */
export function startWorker(env: Record<string, string>): RunningWorker {
  const child = spawn(process.execPath, ['dist/src/worker.js'], {
    cwd: path.resolve(__dirname, '../..'),
    env: { PATH: process.env['PATH'] ?? '', NODE_ENV: 'test', LOG_LEVEL: 'log', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const watched = watchChild(child);
  return {
    pid: child.pid!,
    output: watched.output,
    ready: async () => {
      // src/worker.ts logs this line (LOG_LEVEL log) once its queue consumer is set up.
      await waitForReady('the worker', watched, () => printed(watched, /running analyses/));
    },
    kill: () => killChild(watched),
    stop: () => stopChild(watched),
  };
}

/**
 * Is a Redis answering at this URL? (a PING over a raw socket). An absent Redis refuses at once;
 * the long timeout only keeps a slow answer on a loaded machine from reading as "no Redis".
 */
export async function redisAvailable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  const net = await import('node:net');
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname);
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(30_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/** Deletes every key under a test's queue prefix (RESP over a raw socket: no client needed). */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const { hostname, port } = new URL(url);
  const net = await import('node:net');
  const script = "for _,k in ipairs(redis.call('keys', ARGV[1])) do redis.call('del', k) end";
  const args = ['EVAL', script, '0', `${prefix}:*`];
  const command = `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;
  await new Promise<void>((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname);
    const done = () => {
      socket.destroy();
      resolve();
    };
    socket.setTimeout(30_000, done);
    socket.once('error', done);
    socket.once('connect', () => socket.write(command));
    socket.once('data', done);
  });
}

const TEST_REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/**
 * Settings for an app that only enqueues analyses (Bull on Redis, a queue prefix of its own, no
 * worker): its uploads stay queued, so a test of allowances or access never races an analysis
 * that fails (a failed analysis gives its slot back). Requires Redis, as CI has.
 */
export async function enqueueOnlyEnv(): Promise<Record<string, string>> {
  if (!(await redisAvailable(TEST_REDIS_URL))) {
    throw new Error(`no Redis at ${TEST_REDIS_URL} (TEST_REDIS_URL)`);
  }
  const { randomBytes } = await import('node:crypto');
  return {
    REDIS_URL: TEST_REDIS_URL,
    REDIS_QUEUE_PREFIX: `test-queued-${randomBytes(4).toString('hex')}`,
  };
}
