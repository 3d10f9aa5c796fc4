/**
 * The queue port. A job is only an id: the durable truth (what to do, how far it got) lives in
 * the database row the id names, so a lost job costs a delay, never the work (the owner of the
 * rows re-enqueues unfinished ones). Enqueueing an id that is already waiting or running is a
 * no-op.
 */
export abstract class JobQueue {
  abstract enqueue(jobId: string): Promise<void>;
  /** Starts running jobs in this process (the in-process runner, or a Bull worker). */
  abstract process(handler: JobHandler, concurrency: number): void;
  abstract close(): Promise<void>;
}

export interface JobAttempt {
  /** 1-based. */
  number: number;
  /** No retry follows if this attempt throws. */
  last: boolean;
}

/** Throwing asks for a retry with backoff (until the attempts run out). */
export type JobHandler = (jobId: string, attempt: JobAttempt) => Promise<void>;

export const JOB_ATTEMPTS = 3;
/** First retry after this, doubling each time. */
export const JOB_BACKOFF_MS = 5_000;
