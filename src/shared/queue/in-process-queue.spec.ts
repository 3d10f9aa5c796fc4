import { InProcessJobQueue } from './in-process-queue';
import type { JobAttempt } from './job-queue';

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));
/** Until `done()` holds (a loaded machine runs the queue's timers late), then a few ms more. */
async function until(done: () => boolean): Promise<void> {
  const ceiling = Date.now() + 30_000; // a safety net: the expectations say what was missing
  while (!done() && Date.now() < ceiling) await tick(1);
  await tick(10); // anything extra (a duplicate, a fourth attempt) shows by then
}

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
    await until(() => started.length >= 3 && running === 0);
    expect(started).toEqual(['a', 'b', 'c']);
    expect(peak).toBe(2);
    await queue.enqueue('a'); // finished ids can be enqueued again
    await until(() => started.length >= 4 && running === 0);
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
    await until(() => attempts.length >= 3);
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
    await until(() => seen.length >= 1);
    await queue.close();
    await queue.enqueue('late');
    await tick(5);
    expect(seen).toEqual(['early']);
  });
});
