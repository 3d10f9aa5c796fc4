import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { AppConfig } from '../../../shared/config/app-config';
import { FileStorage } from '../../../shared/storage/file-storage';
import { JobQueue, JOB_ATTEMPTS, type JobAttempt } from '../../../shared/queue/job-queue';
import { NotificationsService } from '../../notifications/application/notifications.service';
import {
  CLUB_LABELS,
  isClub,
  type LaunchMonitorForm,
  type SwingEventName,
  DEFAULT_ANALYSIS_TIMEOUT_MS,
} from '../../swing-engine/rules';
import { ANALYSIS_FAILED_MESSAGE, ANALYSIS_FAILED_TITLE } from '../domain/analysis-view';
import type { Coaching } from '../domain/coaching-text';
import { STORED_ANALYSIS_VERSION, type StoredFailure } from '../domain/stored-analysis';
import type { StoredVideo } from '../domain/swing-analysis.entity';
import { AnalysisExecutor, type AnalysisJobOutput } from './analysis-executor';
import { AnalysisLeases, type Claim, type Completion } from './analysis-leases';
import { CoachingService } from './coaching.service';

/** Which side of the queue this process is: the web app, or a `npm run worker` process. */
export const PROCESS_ROLE = Symbol('PROCESS_ROLE');
export type ProcessRole = 'web' | 'worker';

/**
 * Runs queued analyses: claim the row, run the engine in a child process, write the results
 * under the lease, notify the golfer. Also the sweeper that re-enqueues what the database says is
 * unfinished (at boot and every lease period), so nothing is lost with the queue.
 */
@Injectable()
export class AnalysisJobsService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('AnalysisJobs');
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private sweeper: NodeJS.Timeout | null = null;
  /** Runs in progress in this process, so a shutdown can hand them back. */
  private readonly inFlight = new Map<string, Promise<void>>();
  private stopping = false;
  private stopped: Promise<void> | null = null;

  constructor(
    private readonly config: AppConfig,
    @Inject(PROCESS_ROLE) private readonly role: ProcessRole,
    private readonly queue: JobQueue,
    private readonly leases: AnalysisLeases,
    private readonly executor: AnalysisExecutor,
    private readonly storage: FileStorage,
    private readonly coaching: CoachingService,
    private readonly notifications: NotificationsService,
  ) {}

  /** Web without Redis and every worker run analyses; a web app with Redis only enqueues. */
  get runsAnalyses(): boolean {
    return this.role === 'worker' || !this.config.REDIS_URL;
  }

  onApplicationBootstrap() {
    if (this.runsAnalyses) {
      this.queue.process((id, attempt) => this.run(id, attempt), this.config.ANALYSIS_CONCURRENCY);
    }
    void this.sweep();
    this.sweeper = setInterval(() => void this.sweep(), this.config.ANALYSIS_LEASE_SECONDS * 1000);
    this.sweeper.unref();
  }

  /**
   * Before the database closes: stop taking jobs, stop the runs in progress and give their rows
   * back (attempt refunded), so a restart or another runner picks them up at once instead of
   * after the lease runs out. A crash skips this; the lease covers that case.
   */
  beforeApplicationShutdown(): Promise<void> {
    // Nest's signal hook and main's own shutdown both close the app: one hand-back for both.
    this.stopped ??= this.handBack();
    return this.stopped;
  }

  private async handBack(): Promise<void> {
    this.stopping = true;
    if (this.sweeper) clearInterval(this.sweeper);
    if (this.inFlight.size)
      this.logger.log(`shutting down: handing back ${this.inFlight.size} run(s)`);
    this.executor.stopAll();
    await Promise.allSettled(this.inFlight.values());
    // After the runs: Bull's close waits for active jobs.
    await this.queue.close().catch(() => undefined);
  }

  async enqueue(id: string): Promise<void> {
    try {
      await this.queue.enqueue(id);
    } catch (error) {
      // The row is queued: the sweeper enqueues it again once the queue is back.
      this.logger.error(`could not enqueue ${id}: ${String(error)}`);
    }
  }

  async sweep(): Promise<void> {
    try {
      for (const id of await this.leases.unfinished()) await this.queue.enqueue(id);
    } catch (error) {
      this.logger.warn(`sweep failed: ${String(error)}`);
    }
  }

  /** One attempt at one analysis. Throws to ask the queue for a retry. */
  async run(id: string, attempt: JobAttempt): Promise<void> {
    if (this.stopping) throw new Error('shutting down');
    const running = this.attempt(id, attempt);
    this.inFlight.set(id, running);
    try {
      await running;
    } finally {
      this.inFlight.delete(id);
    }
  }

  private async attempt(id: string, attempt: JobAttempt): Promise<void> {
    const leaseSeconds = this.config.ANALYSIS_LEASE_SECONDS;
    const claim = await this.leases.claim(id, this.owner, leaseSeconds);
    if (!claim) {
      const status = await this.leases.status(id);
      if (status === null || status === 'complete' || status === 'failed') return; // done or deleted
      throw new Error(`analysis ${id} is held by another runner`);
    }
    const heartbeat = setInterval(
      () =>
        void this.leases
          .renew(id, this.owner, leaseSeconds)
          .catch((e: Error) => this.logger.warn(`lease renewal of ${id} failed: ${e.message}`)),
      (leaseSeconds * 1000) / 3,
    );
    const outKey = `analyses/${id}/run-${claim.attempts}`;
    try {
      const input = claim.uploadInput;
      if (!input) {
        await this.fail(claim, failure('missing-upload', ANALYSIS_FAILED_MESSAGE));
        return;
      }
      const output = await this.executor.run({
        faceOn: this.video(input.faceOn),
        downTheLine: input.downTheLine ? this.video(input.downTheLine) : null,
        launch: input.launch as LaunchMonitorForm | null,
        outDir: this.storage.localPath(outKey),
        timeoutMs: DEFAULT_ANALYSIS_TIMEOUT_MS,
      });
      if (!output.ok) {
        await this.storage.remove(outKey);
        await this.fail(claim, {
          reason: output.reason,
          title: output.title,
          message: output.message,
        });
        return;
      }
      const coaching = await this.coaching.write(output.report);
      const won = await this.leases.complete(id, this.owner, completion(outKey, output, coaching));
      if (!won) {
        // Another runner took the row over (or it was deleted): its results stand, not ours.
        this.logger.warn(`analysis ${id}: lease lost, discarding this run`);
        await this.storage.remove((await this.leases.status(id)) ? outKey : `analyses/${id}`);
        return;
      }
      await this.removeOtherRuns(id, outKey);
      const club = claim.clubSelection && isClub(claim.clubSelection) ? claim.clubSelection : null;
      await this.notifications.notify(
        claim.userId,
        'upload_success',
        'Swing Analysis Ready',
        `Your ${club ? `${CLUB_LABELS[club]} ` : ''}swing analysis is complete. Open it to see your results.`,
        analysisPath(id),
      );
    } catch (error) {
      if (this.stopping) {
        await this.storage.remove(outKey).catch(() => undefined);
        await this.leases.release(id, this.owner, { refundAttempt: true });
        throw error;
      }
      const final = attempt.last || claim.attempts >= JOB_ATTEMPTS;
      this.logger.error(
        `analysis ${id} attempt ${claim.attempts} broke${final ? ' for good' : ''}: ${String(error)}`,
      );
      await this.storage.remove(outKey).catch(() => undefined);
      if (final) {
        await this.fail(claim, failure('internal', ANALYSIS_FAILED_MESSAGE));
        return;
      }
      await this.leases.release(id, this.owner);
      throw error;
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * Fails the analysis for good (its upload slot is given back in the same transaction) and
   * tells the golfer why, with a link to it.
   */
  private async fail(claim: Claim, stored: StoredFailure): Promise<void> {
    if (!(await this.leases.fail(claim.id, this.owner, stored))) return;
    await this.notifications.notify(
      claim.userId,
      'analysis_failed',
      ANALYSIS_FAILED_NOTIFICATION_TITLE,
      `${stored.message} ${SLOT_GIVEN_BACK}`,
      analysisPath(claim.id),
    );
  }

  private video(stored: StoredVideo) {
    return {
      originalName: stored.originalName,
      path: this.storage.localPath(stored.key),
      size: stored.size,
    };
  }

  private async removeOtherRuns(id: string, keep: string) {
    for (const name of await this.storage.list(`analyses/${id}`)) {
      const key = `analyses/${id}/${name}`;
      if (name.startsWith('run-') && key !== keep) await this.storage.remove(key);
    }
  }
}

export const ANALYSIS_FAILED_NOTIFICATION_TITLE = 'Swing Analysis Failed';
/** Said on every failure: a failed analysis never uses up an upload. */
export const SLOT_GIVEN_BACK = "This upload doesn't count toward your limit: you can upload again.";

const analysisPath = (id: string) => `/analysis/${id}`;

function failure(reason: string, message: string): StoredFailure {
  return { reason, title: ANALYSIS_FAILED_TITLE, message };
}

/** The row's fields from a run's report: the texts the lists show, and the stored results. */
function completion(
  outKey: string,
  output: Extract<AnalysisJobOutput, { ok: true }>,
  coaching: Coaching,
): Completion {
  const { report } = output;
  const a = report.assessment;
  return {
    keyIssues: a.keyIssues,
    recommendations: a.recommendations,
    exerciseRecommendations: a.exerciseRecommendations,
    swingStrengths: a.strengths,
    swingWeaknesses: a.weaknesses,
    launchMonitorAssessment: report.launchMonitor?.assessment ?? null,
    analysisResults: {
      version: STORED_ANALYSIS_VERSION,
      report,
      coaching,
      media: {
        poseTracks: report.downTheLine ? ['face-on', 'down-the-line'] : ['face-on'],
        eventStills: Object.keys(output.files.stills) as SwingEventName[],
      },
      timings: output.timings,
      failure: null,
    },
    artifactsKey: outKey,
  };
}
