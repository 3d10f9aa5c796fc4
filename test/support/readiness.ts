import type { ChildProcess } from 'node:child_process';

/**
 * Waits in the tests end on a readiness signal (a line printed, a port answering, a row changing).
 * The ceilings below are safety nets for a machine under heavy load, never the expected time:
 * a test that needs one of them to pass is broken, not slow. Failures say what was awaited and
 * what the child printed.
 */
export const CEILING = {
  /** A child process (app server, worker, OIDC provider) until it serves. */
  processReady: 5 * 60_000,
  /** A graceful stop (SIGTERM) before SIGKILL. */
  processStop: 2 * 60_000,
  /** Something a page or the app shows on its own (a locator, a polled condition). */
  ui: 60_000,
  /** One swing analysis, queued to finished (the app's own limit is 3 min plus a grace). */
  analysis: 10 * 60_000,
  /** beforeAll/afterAll that boot or stop servers. */
  hook: 10 * 60_000,
  /** One test, whatever it waits for (jest.config.js's testTimeout says the same). */
  test: 30 * 60_000,
} as const;

export interface WaitOptions {
  /** The safety net; the wait normally ends long before. */
  ceilingMs?: number;
  intervalMs?: number;
  /** The last state seen, for the failure message. */
  describe?: () => string;
}

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the process could not be started at all. */
  error?: Error;
}

/** A child process whose output is kept and whose end is known at once. */
export interface WatchedChild {
  readonly child: ChildProcess;
  /** Everything it printed on stdout and stderr. */
  output(): string;
  /** Its exit, or null while it runs. */
  exit(): ChildExit | null;
  /** Resolves when it has exited (never rejects). */
  readonly exited: Promise<ChildExit>;
}

/** Collects a spawned child's output (stdio must be piped) and notes its exit. */
export function watchChild(child: ChildProcess): WatchedChild {
  let output = '';
  let exit: ChildExit | null = null;
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<ChildExit>((resolve) => {
    child.once('exit', (code, signal) => resolve((exit ??= { code, signal })));
    child.once('error', (error) => {
      // 'error' without 'exit': the process never started.
      if (child.pid === undefined) resolve((exit ??= { code: null, signal: null, error }));
    });
  });
  return { child, output: () => output, exit: () => exit, exited };
}

function describeExit(exit: ChildExit): string {
  if (exit.error) return `could not start (${exit.error.message})`;
  return exit.signal ? `was killed (${exit.signal})` : `exited (code ${exit.code})`;
}

/**
 * Polls `check` until it returns a value, and resolves with it. Fails at once, with the child's
 * output, when the child exits first; fails after `ceilingMs` (a safety net) with the same.
 */
export async function waitForReady<T>(
  what: string,
  watched: WatchedChild,
  check: () => Promise<T | undefined> | T | undefined,
  { ceilingMs = CEILING.processReady, intervalMs = 100 }: WaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + ceilingMs;
  for (;;) {
    const exit = watched.exit();
    if (exit)
      throw new Error(`${what} ${describeExit(exit)} before it was ready:\n${watched.output()}`);
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      throw new Error(
        `${what} was not ready after ${ceilingMs / 1000} s (the safety net; is the machine ` +
          `overloaded or the child stuck?):\n${watched.output()}`,
      );
    }
    await Promise.race([sleep(intervalMs), watched.exited]);
  }
}

/** The first match of `pattern` in what the child printed so far. */
export function printed(watched: WatchedChild, pattern: RegExp): RegExpExecArray | undefined {
  return pattern.exec(watched.output()) ?? undefined;
}

/**
 * Polls `check` (no child involved: a row, a file, a page) until it returns a value; after
 * `ceilingMs` fails with `describe()` of the last state seen.
 */
export async function waitUntil<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  { ceilingMs = CEILING.ui, intervalMs = 100, describe = () => '' }: WaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + ceilingMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      throw new Error(`${what}: not within ${ceilingMs / 1000} s\n${describe()}`);
    }
    await sleep(intervalMs);
  }
}

/** SIGTERM, then SIGKILL if it is still running after the stop ceiling. */
export async function stopChild(watched: WatchedChild): Promise<void> {
  if (watched.exit() || watched.child.exitCode !== null || watched.child.signalCode !== null) {
    return;
  }
  const timer = setTimeout(() => watched.child.kill('SIGKILL'), CEILING.processStop);
  watched.child.kill('SIGTERM');
  await watched.exited;
  clearTimeout(timer);
}

/** SIGKILL (a crash: no shutdown hooks) and wait for the exit. */
export async function killChild(watched: WatchedChild): Promise<void> {
  if (watched.exit() || watched.child.exitCode !== null || watched.child.signalCode !== null) {
    return;
  }
  watched.child.kill('SIGKILL');
  await watched.exited;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** For the `beforeAll`/`afterAll` of suites that boot servers. */
export const HOOK_TIMEOUT = CEILING.hook;
