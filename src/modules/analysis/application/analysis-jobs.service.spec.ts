import { ConsoleLogger, Logger } from '@nestjs/common';
import { MemoryStorage } from '../../../../test/support/memory-storage';
import { swingMetric } from '../../../../test/support/swing-metric';
import { loadConfig } from '../../../shared/config/app-config';
import { JobQueue, type JobHandler } from '../../../shared/queue/job-queue';
import type { NotificationsService } from '../../notifications/application/notifications.service';
import { ANALYSIS_FAILED_MESSAGE } from '../domain/analysis-view';
import type { StoredFailure } from '../domain/stored-analysis';
import type { AnalysisStatus } from '../domain/swing-analysis.entity';
import type { SwingReport } from '../../swing-engine/rules';
import {
  AnalysisExecutor,
  type AnalysisJobInput,
  type AnalysisJobOutput,
} from './analysis-executor';
import { AnalysisLeases, type Claim, type Completion } from './analysis-leases';
import { AnalysisJobsService } from './analysis-jobs.service';
import { CoachingService } from './coaching.service';

/** One analysis row as the leases see it. */
interface Row {
  status: AnalysisStatus;
  owner: string | null;
  attempts: number;
  completion: Completion | null;
  failure: StoredFailure | null;
}

/** The lease rules of decision 0009, in memory. */
class MemoryLeases extends AnalysisLeases {
  readonly rows = new Map<string, Row>();

  add(id: string, row: Partial<Row> = {}) {
    this.rows.set(id, {
      status: 'queued',
      owner: null,
      attempts: 0,
      completion: null,
      failure: null,
      ...row,
    });
  }

  private held(id: string, owner: string): Row | null {
    const row = this.rows.get(id);
    return row && row.status === 'running' && row.owner === owner ? row : null;
  }

  claim(id: string, owner: string): Promise<Claim | null> {
    const row = this.rows.get(id);
    if (!row || row.status !== 'queued') return Promise.resolve(null);
    Object.assign(row, { status: 'running', owner, attempts: row.attempts + 1 });
    const video = { key: `analyses/${id}/face-on.mp4`, originalName: 'swing.mp4', size: 10 };
    return Promise.resolve({
      id,
      userId: 'golfer',
      attempts: row.attempts,
      clubSelection: 'driver',
      uploadInput: { faceOn: video, downTheLine: null, launch: null },
    });
  }

  renew(id: string, owner: string): Promise<boolean> {
    return Promise.resolve(!!this.held(id, owner));
  }

  complete(id: string, owner: string, completion: Completion): Promise<boolean> {
    const row = this.held(id, owner);
    if (row) Object.assign(row, { status: 'complete', owner: null, completion });
    return Promise.resolve(!!row);
  }

  fail(id: string, owner: string, failure: StoredFailure): Promise<boolean> {
    const row = this.held(id, owner);
    if (row) Object.assign(row, { status: 'failed', owner: null, failure });
    return Promise.resolve(!!row);
  }

  release(id: string, owner: string, options: { refundAttempt?: boolean } = {}): Promise<void> {
    const row = this.held(id, owner);
    if (row) {
      const attempts = Math.max(0, row.attempts - (options.refundAttempt ? 1 : 0));
      Object.assign(row, { status: 'queued', owner: null, attempts });
    }
    return Promise.resolve();
  }

  status(id: string): Promise<AnalysisStatus | null> {
    return Promise.resolve(this.rows.get(id)?.status ?? null);
  }

  unfinished(): Promise<string[]> {
    return Promise.resolve([...this.rows].filter(([, r]) => r.status === 'queued').map(([i]) => i));
  }
}

const report = {
  schemaVersion: 1,
  faceOn: { metrics: [swingMetric('shoulderTurn', 88)] },
  downTheLine: null,
  assessment: {
    strengths: ['Full turn'],
    weaknesses: [],
    keyIssues: ['Sway'],
    recommendations: ['Stay centred.'],
    exerciseRecommendations: ['Wall drill'],
    drills: [{ exercise: 'Wall drill', finding: 'Sway' }],
    mobilityAnalysis: { shoulderTurn: '88°' },
  },
  launchMonitor: null,
  focusAreas: [],
  disclaimer: 'Estimates.',
} as unknown as SwingReport;

/** Answers each run with what the spec tells it; `hold` keeps a run going until stopAll. */
class ScriptedExecutor extends AnalysisExecutor {
  next: 'report' | 'engine-failure' | 'crash' | 'hold' = 'report';
  runs: AnalysisJobInput[] = [];
  private stops: (() => void)[] = [];
  started: Promise<void>;
  private markStarted!: () => void;

  constructor(private readonly storage: MemoryStorage) {
    super();
    this.started = new Promise((resolve) => (this.markStarted = resolve));
  }

  run(input: AnalysisJobInput): Promise<AnalysisJobOutput> {
    this.runs.push(input);
    // The run writes into its own folder, as the child process does.
    const outKey = input.outDir.replace('/memory/', '');
    this.storage.put(`${outKey}/report.json`);
    this.markStarted();
    switch (this.next) {
      case 'report':
        return Promise.resolve({
          ok: true,
          report,
          timings: { total: 5 },
          files: { report: 'report.json', poseTracks: ['pose-face-on.json'], stills: { top: 'x' } },
        });
      case 'engine-failure':
        return Promise.resolve({
          ok: false,
          reason: 'no-golfer',
          title: 'No Golfer Found',
          message: 'No golfer was found in the video.',
        });
      case 'crash':
        return Promise.reject(new Error('child process crashed'));
      case 'hold':
        return new Promise((_, reject) => this.stops.push(() => reject(new Error('stopped'))));
    }
  }

  stopAll(): void {
    for (const stop of this.stops.splice(0)) stop();
  }
}

class NoQueue extends JobQueue {
  closed = false;
  enqueue(): Promise<void> {
    return Promise.resolve();
  }
  process(_handler: JobHandler): void {}
  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }
}

function setUp() {
  const storage = new MemoryStorage();
  const leases = new MemoryLeases();
  const executor = new ScriptedExecutor(storage);
  const queue = new NoQueue();
  const notices: string[] = [];
  const notifications = {
    notify: (userId: string, type: string) =>
      Promise.resolve(void notices.push(`${userId}:${type}`)),
  } as unknown as NotificationsService;
  const jobs = new AnalysisJobsService(
    loadConfig({}),
    'worker',
    queue,
    leases,
    executor,
    storage,
    new CoachingService(null),
    notifications,
  );
  leases.add('a1');
  return { storage, leases, executor, queue, notices, jobs, row: () => leases.rows.get('a1')! };
}

const first = { number: 1, last: false };

describe('AnalysisJobsService: one attempt', () => {
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(new ConsoleLogger()));

  it('writes the report, coaching and media under the lease and tells the golfer', async () => {
    const t = setUp();
    t.storage.put('analyses/a1/run-0/report.json'); // an earlier run's leftovers
    await t.jobs.run('a1', first);
    const row = t.row();
    expect(row.status).toBe('complete');
    expect(row.completion!.keyIssues).toEqual(['Sway']);
    expect(row.completion!.analysisResults).toMatchObject({
      version: 2,
      report,
      coaching: { source: 'measured-rules' },
      media: { poseTracks: ['face-on'], eventStills: ['top'] },
      timings: { total: 5 },
      failure: null,
    });
    expect(row.completion!.artifactsKey).toBe('analyses/a1/run-1');
    expect(t.storage.keys()).toEqual(['analyses/a1/run-1/report.json']);
    expect(t.notices).toEqual(['golfer:upload_success']);
  });

  it('leaves a row another runner holds to it and asks for a retry; a finished row is done', async () => {
    const t = setUp();
    t.leases.add('a1', { status: 'running', owner: 'someone-else', attempts: 1 });
    await expect(t.jobs.run('a1', first)).rejects.toThrow('held by another runner');
    t.leases.add('a1', { status: 'complete' });
    await expect(t.jobs.run('a1', first)).resolves.toBeUndefined();
    expect(t.executor.runs).toHaveLength(0);
  });

  it('discards its results when the lease was lost before completion', async () => {
    const t = setUp();
    // Another runner took the row over while this run worked: the conditional write misses.
    jest.spyOn(t.leases, 'complete').mockResolvedValueOnce(false);
    await t.jobs.run('a1', first);
    expect(t.storage.keys()).toEqual([]);
    expect(t.notices).toEqual([]);
  });

  it("stores the engine's reason when the video cannot be analysed, without a retry", async () => {
    const t = setUp();
    t.executor.next = 'engine-failure';
    await expect(t.jobs.run('a1', first)).resolves.toBeUndefined();
    expect(t.row().status).toBe('failed');
    expect(t.row().failure).toEqual({
      reason: 'no-golfer',
      title: 'No Golfer Found',
      message: 'No golfer was found in the video.',
    });
    expect(t.storage.keys()).toEqual([]);
  });

  it('gives the row back and asks for a retry when the run broke', async () => {
    const t = setUp();
    t.executor.next = 'crash';
    await expect(t.jobs.run('a1', first)).rejects.toThrow('child process crashed');
    expect(t.row()).toMatchObject({ status: 'queued', owner: null, attempts: 1 });
    expect(t.storage.keys()).toEqual([]);
  });

  it('fails the analysis for good when the last attempt broke', async () => {
    const t = setUp();
    t.executor.next = 'crash';
    await expect(t.jobs.run('a1', { number: 3, last: true })).resolves.toBeUndefined();
    expect(t.row().status).toBe('failed');
    expect(t.row().failure).toEqual({
      reason: 'internal',
      title: 'Analysis Failed',
      message: ANALYSIS_FAILED_MESSAGE,
    });
  });

  it('hands a running analysis back on shutdown, with its attempt refunded', async () => {
    const t = setUp();
    t.executor.next = 'hold';
    const running = t.jobs.run('a1', first);
    await t.executor.started;
    expect(t.row()).toMatchObject({ status: 'running', attempts: 1 });
    await t.jobs.beforeApplicationShutdown();
    await expect(running).rejects.toThrow('stopped');
    expect(t.row()).toMatchObject({ status: 'queued', owner: null, attempts: 0 });
    expect(t.queue.closed).toBe(true);
    expect(t.storage.keys()).toEqual([]);
    // Nothing new starts once shutting down.
    await expect(t.jobs.run('a1', first)).rejects.toThrow('shutting down');
  });
});
