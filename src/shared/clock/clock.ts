import { readFileSync, statSync } from 'node:fs';

/**
 * The one clock every calendar rule reads (weekly upload reset, month windows, ages). Inject it
 * instead of calling `new Date()` so tests can move time instead of sleeping for a week.
 */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/**
 * Tests only: the file holds an ISO instant; time runs on from it as the file ages, so a test
 * moves the clock by rewriting the file. The built server runs as its own process in the API
 * tests, so a file is how the test reaches it.
 */
export class FileClock extends Clock {
  private cached: { mtimeMs: number; instant: number } | null = null;

  constructor(private readonly file: string) {
    super();
  }

  now(): Date {
    const { mtimeMs } = statSync(this.file);
    if (this.cached?.mtimeMs !== mtimeMs) {
      const instant = Date.parse(readFileSync(this.file, 'utf8').trim());
      if (Number.isNaN(instant)) throw new Error(`${this.file} does not hold an ISO instant`);
      this.cached = { mtimeMs, instant };
    }
    // A file's modification time has sub-millisecond digits that Date.now() drops: never run
    // the clock back from the written instant.
    return new Date(this.cached.instant + Math.max(0, Date.now() - mtimeMs));
  }
}
