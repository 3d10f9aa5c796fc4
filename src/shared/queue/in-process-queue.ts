import { Logger } from '@nestjs/common';
import { JOB_ATTEMPTS, JOB_BACKOFF_MS, JobQueue, type JobHandler } from './job-queue';

/**
 * The queue without Redis: a FIFO in this process. The handler itself must keep heavy work off
 * this event loop (the analysis runs in a child process). Jobs live only in memory; whoever owns
 * the durable rows re-enqueues unfinished ones at boot and periodically.
 */
export class InProcessJobQueue extends JobQueue {
  private readonly logger = new Logger('InProcessJobQueue');
  private readonly waiting: { id: string; attempt: number }[] = [];
  /** Ids waiting, running or waiting for a retry: enqueueing them again is a no-op. */
  private readonly known = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private handler: JobHandler | null = null;
  private concurrency = 1;
  private running = 0;
  private closed = false;

  constructor(private readonly backoffMs = JOB_BACKOFF_MS) {
    super();
  }

  enqueue(jobId: string): Promise<void> {
    if (!this.closed && !this.known.has(jobId)) {
      this.known.add(jobId);
      this.waiting.push({ id: jobId, attempt: 1 });
      this.pump();
    }
    return Promise.resolve();
  }

  process(handler: JobHandler, concurrency: number): void {
    this.handler = handler;
    this.concurrency = concurrency;
    this.pump();
  }

  close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.waiting.length = 0;
    return Promise.resolve();
  }

  private pump() {
    while (this.handler && !this.closed && this.running < this.concurrency) {
      const job = this.waiting.shift();
      if (!job) return;
      this.running++;
      void this.runOne(this.handler, job).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  private async runOne(handler: JobHandler, job: { id: string; attempt: number }) {
    const last = job.attempt >= JOB_ATTEMPTS;
    try {
      await handler(job.id, { number: job.attempt, last });
      this.known.delete(job.id);
    } catch (error) {
      if (last || this.closed) {
        this.known.delete(job.id);
        this.logger.error(`job ${job.id} failed for good: ${(error as Error).message}`);
        return;
      }
      const delay = this.backoffMs * 2 ** (job.attempt - 1);
      this.logger.warn(`job ${job.id} attempt ${job.attempt} failed, retry in ${delay} ms`);
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.waiting.push({ id: job.id, attempt: job.attempt + 1 });
        this.pump();
      }, delay);
      this.timers.add(timer);
    }
  }
}
