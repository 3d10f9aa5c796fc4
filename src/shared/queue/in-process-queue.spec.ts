import { InProcessJobQueue } from './in-process-queue';
import type { JobAttempt } from './job-queue';

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

describe('InProcessJobQueue', () => {
  it('runs jobs in order, at most `concurrency` at once, and ignores ids already known', async () => {
    const queue = new InProcessJobQueue(1);
    const started: string[] = [];
    let running = 0;
    let peak = 0;
    queue.process(async (id) => {
      started.push(id);
      peak = Math.max(peak, ++running);
      await tick(5);
      running--;
    }, 2);
    for (const id of ['a', 'b', 'a', 'c', 'b']) await queue.enqueue(id);
    await tick(40);
    expect(started).toEqual(['a', 'b', 'c']);
    expect(peak).toBe(2);
    await queue.enqueue('a'); // finished ids can be enqueued again
    await tick(20);
    expect(started).toEqual(['a', 'b', 'c', 'a']);
    await queue.close();
  });

  it('retries a throwing job with backoff until its last attempt', async () => {
    const queue = new InProcessJobQueue(2);
    const attempts: JobAttempt[] = [];
    queue.process(async (_id, attempt) => {
      attempts.push(attempt);
      throw new Error('broken');
    }, 1);
    await queue.enqueue('x');
    await tick(60);
    expect(attempts).toEqual([
      { number: 1, last: false },
      { number: 2, last: false },
      { number: 3, last: true },
    ]);
    await queue.close();
  });

  it('holds jobs until a handler is registered, and drops everything on close', async () => {
    const queue = new InProcessJobQueue(1);
    const seen: string[] = [];
    await queue.enqueue('early');
    queue.process(async (id) => void seen.push(id), 1);
    await tick(5);
    await queue.close();
    await queue.enqueue('late');
    await tick(5);
    expect(seen).toEqual(['early']);
  });
});
