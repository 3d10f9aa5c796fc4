import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { startApp, type RunningApp } from '../support/app-server';
import { CEILING } from '../support/readiness';
import { postUpload, realSwing, Rows } from '../support/swing-uploads';
import { signUpUser } from '../support/users';
import {
  deleteRedisKeys,
  redisAvailable,
  startWorker,
  type RunningWorker,
} from '../support/worker-process';

const LEASE_SECONDS = '3';
const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

interface JobRow {
  status: string;
  attempts: number;
  lease_owner: string | null;
}

/**
 * Issue 4, check 4: a runner killed in the middle of an analysis, and another one started: the
 * analysis completes exactly once (one completion, one upload_success notification, one set of
 * artifacts), with Bull workers on the real Redis and with the in-process runner.
 */
describe('analysis jobs survive a killed runner', () => {
  const clip = realSwing();

  async function waitUntilRunning(rows: Rows, id: string, output?: () => string): Promise<JobRow> {
    const deadline = Date.now() + CEILING.analysis;
    for (;;) {
      const [row] = await rows.query<JobRow>(
        'select status, attempts, lease_owner from swing_analyses where id = $1',
        [id],
      );
      if (row?.status === 'running') return row;
      if (Date.now() > deadline)
        throw new Error(`analysis ${id} never started: ${row?.status}\n${output?.() ?? ''}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function expectCompletedOnce(rows: Rows, app: RunningApp, id: string, userId: string) {
    const [row] = await rows.query<JobRow>(
      'select status, attempts, lease_owner from swing_analyses where id = $1',
      [id],
    );
    expect(row).toMatchObject({ status: 'complete', attempts: 2, lease_owner: null });
    // The first upload's achievement (gamification), then the analysis's one notification.
    expect(await rows.settledNotificationTypes(userId, 2)).toEqual([
      'achievement',
      'upload_success',
    ]);
    // Only the winning run's artifacts are kept.
    const folder = path.join(app.dataDir, 'uploads', 'analyses', id);
    expect(readdirSync(folder).filter((name) => name.startsWith('run-'))).toEqual(['run-2']);
  }

  (clip ? it : it.skip)('in-process runner: the app is killed and restarted', async () => {
    const first = await startApp({ ANALYSIS_LEASE_SECONDS: LEASE_SECONDS });
    let second: RunningApp | null = null;
    const output = () => `${first.output()}\n${second?.output() ?? ''}`;
    const rows = await Rows.connect(first.databaseUrl);
    try {
      const golfer = await signUpUser(first.url);
      const res = await postUpload(golfer.client, { faceOnVideo: clip! }).expect(201);
      const id = (res.body as { id: string }).id;
      const running = await waitUntilRunning(rows, id);
      expect(running.attempts).toBe(1);
      await first.kill();

      second = await startApp({ ANALYSIS_LEASE_SECONDS: LEASE_SECONDS }, { reuse: first });
      // The restarted app serves while it analyses.
      await signUpUser(second.url);
      await waitForRow(rows, id, 'complete', output);
      await expectCompletedOnce(rows, second, id, golfer.user.id);
    } finally {
      await rows.close();
      await second?.stop();
      await first.stop();
    }
  });

  (clip ? it : it.skip)('in-process runner: a graceful restart hands the run back', async () => {
    const first = await startApp({ ANALYSIS_LEASE_SECONDS: '30' });
    let second: RunningApp | null = null;
    const rows = await Rows.connect(first.databaseUrl);
    try {
      const golfer = await signUpUser(first.url);
      const res = await postUpload(golfer.client, { faceOnVideo: clip! }).expect(201);
      const id = (res.body as { id: string }).id;
      await waitUntilRunning(rows, id);
      await first.terminate();
      // Given back at once, its attempt refunded: no waiting for the 30 s lease.
      const [row] = await rows.query<JobRow>(
        'select status, attempts, lease_owner from swing_analyses where id = $1',
        [id],
      );
      expect(row).toEqual({ status: 'queued', attempts: 0, lease_owner: null });
      second = await startApp({ ANALYSIS_LEASE_SECONDS: '30' }, { reuse: first });
      await waitForRow(rows, id, 'complete', () => `${first.output()}\n${second?.output()}`);
      const [done] = await rows.query<JobRow>('select attempts from swing_analyses where id = $1', [
        id,
      ]);
      expect(done).toEqual({ attempts: 1 });
    } finally {
      await rows.close();
      await second?.stop();
      await first.stop();
    }
  });

  (clip ? it : it.skip)(
    'Bull workers on Redis: the worker is killed, another takes over',
    async () => {
      const bull = await startBullApp();
      if (!bull) return;
      const { app, rows, workerEnv, workers } = bull;
      try {
        const golfer = await signUpUser(app.url);
        const res = await postUpload(golfer.client, { faceOnVideo: clip! }).expect(201);
        const id = (res.body as { id: string }).id;
        // The web app only enqueues: nothing runs until a worker starts.
        await new Promise((r) => setTimeout(r, 1000));
        expect(
          (await rows.query<JobRow>('select status from swing_analyses where id = $1', [id]))[0],
        ).toMatchObject({ status: 'queued' });

        workers.push(startWorker(workerEnv));
        await workers[0]!.ready();
        await waitUntilRunning(rows, id);
        await workers[0]!.kill();

        workers.push(startWorker(workerEnv));
        await waitForRow(rows, id, 'complete', () => workers.map((w) => w.output()).join('\n'));
        await expectCompletedOnce(rows, app, id, golfer.user.id);
      } finally {
        await bull.stop();
      }
    },
  );
});

/**
 * A web app that only enqueues (Bull on the real Redis, a queue prefix of its own), the worker
 * settings to join it, and a stop for all of it; null when Redis is absent (an error under CI).
 */
async function startBullApp() {
  if (!(await redisAvailable(REDIS_URL))) {
    if (process.env['CI'] === 'true') throw new Error(`no Redis at ${REDIS_URL}`);
    console.warn(`skipped: no Redis at ${REDIS_URL}`);
    return null;
  }
  const queueEnv = {
    REDIS_URL,
    REDIS_QUEUE_PREFIX: `test-${randomBytes(4).toString('hex')}`,
    ANALYSIS_LEASE_SECONDS: LEASE_SECONDS,
  };
  const app = await startApp(queueEnv);
  const rows = await Rows.connect(app.databaseUrl);
  const workerEnv = {
    ...queueEnv,
    DATABASE_URL: app.databaseUrl,
    UPLOADS_DIR: path.join(app.dataDir, 'uploads'),
  };
  const workers: RunningWorker[] = [];
  const stop = async () => {
    for (const worker of workers) await worker.stop();
    await rows.close();
    await app.stop();
    await deleteRedisKeys(REDIS_URL, queueEnv.REDIS_QUEUE_PREFIX);
  };
  return { app, rows, workerEnv, workers, stop };
}

async function waitForRow(rows: Rows, id: string, status: string, output?: () => string) {
  const deadline = Date.now() + CEILING.analysis;
  for (;;) {
    const [row] = await rows.query<JobRow>('select status from swing_analyses where id = $1', [id]);
    if (row?.status === status) return;
    if (Date.now() > deadline) {
      throw new Error(`analysis ${id} is ${row?.status}, not ${status}\n${output?.() ?? ''}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('several Bull workers', () => {
  const clip = realSwing();

  (clip ? it : it.skip)('share the queue; each analysis completes exactly once', async () => {
    const bull = await startBullApp();
    if (!bull) return;
    const { app, rows, workerEnv, workers } = bull;
    workers.push(startWorker(workerEnv), startWorker(workerEnv));
    try {
      await Promise.all(workers.map((worker) => worker.ready()));
      const golfers = await Promise.all([0, 1].map(() => signUpUser(app.url)));
      const ids: string[] = [];
      for (const golfer of golfers) {
        const res = await postUpload(golfer.client, { faceOnVideo: clip! }).expect(201);
        ids.push((res.body as { id: string }).id);
      }
      for (const id of ids) {
        await waitForRow(rows, id, 'complete', () => workers.map((w) => w.output()).join('\n'));
      }
      const done = await rows.query<{ attempts: number }>(
        'select attempts from swing_analyses where id = any($1)',
        [ids],
      );
      expect(done).toEqual([{ attempts: 1 }, { attempts: 1 }]);
      for (const golfer of golfers) {
        // The first upload's achievement (gamification), then the analysis's one notification.
        expect(await rows.settledNotificationTypes(golfer.user.id, 2)).toEqual([
          'achievement',
          'upload_success',
        ]);
      }
    } finally {
      await bull.stop();
    }
  });
});
