import { Logger } from '@nestjs/common';
import type { Queue } from 'bull';
import { JOB_ATTEMPTS, JOB_BACKOFF_MS, JobQueue, type JobHandler } from './job-queue';

export interface JobData {
  id: string;
}

/**
 * The queue on Redis (REDIS_URL). The job id is the row id, so enqueueing an id Bull still holds
 * is a no-op; finished jobs are removed so an id can be enqueued again if its row needs it.
 * Stalled jobs (a worker died: its lock stopped being renewed) go back to waiting by Bull's own
 * stalled check; the row's lease decides whether they may run.
 */
export class BullJobQueue extends JobQueue {
  private readonly logger = new Logger('BullJobQueue');

  constructor(private readonly queue: Queue<JobData>) {
    super();
  }

  async enqueue(jobId: string): Promise<void> {
    await this.queue.add(
      { id: jobId },
      {
        jobId,
        attempts: JOB_ATTEMPTS,
        backoff: { type: 'exponential', delay: JOB_BACKOFF_MS },
        removeOnComplete: true,
        removeOnFail: true,
      },
    );
  }

  process(handler: JobHandler, concurrency: number): void {
    void this.queue.process(concurrency, async (job) => {
      const number = job.attemptsMade + 1;
      await handler(job.data.id, { number, last: number >= (job.opts.attempts ?? 1) });
    });
    this.queue.on('stalled', (job) => this.logger.warn(`job ${String(job.id)} stalled, retrying`));
    this.queue.on('error', (error) => this.logger.error(`queue error: ${error.message}`));
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}
