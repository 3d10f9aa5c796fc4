/**
 * Runs a short-lived child process (ffprobe, a capability check) to completion with a hard
 * timeout: on expiry the child is killed with SIGKILL, so a hung or hostile input never pins a
 * worker. Output is capped so a runaway child cannot exhaust memory.
 */
import { spawn } from 'node:child_process';

export interface ProcessResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export class ProcessTimeoutError extends Error {
  constructor(
    readonly command: string,
    readonly timeoutMs: number,
  ) {
    super(`${command} did not finish within ${timeoutMs} ms and was killed`);
    this.name = 'ProcessTimeoutError';
  }
}

export interface RunProcessOptions {
  timeoutMs: number;
  /** Bytes kept per stream; the child is killed when stdout grows past it. */
  maxOutputBytes?: number;
}

const DEFAULT_MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

export function runProcess(
  command: string,
  args: readonly string[],
  { timeoutMs, maxOutputBytes = DEFAULT_MAX_OUTPUT_BYTES }: RunProcessOptions,
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let stdoutBytes = 0;
    let stderrBytes = 0;
    let timedOut = false;
    let overflow = false;

    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);

    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > maxOutputBytes) {
        overflow = true;
        child.kill('SIGKILL');
        return;
      }
      stdout.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      // Keep the head of stderr only: errors that matter are printed first.
      if (stderrBytes < maxOutputBytes) stderr.push(chunk);
      stderrBytes += chunk.length;
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) {
        reject(new ProcessTimeoutError(command, timeoutMs));
        return;
      }
      if (overflow) {
        reject(new Error(`${command} wrote more than ${maxOutputBytes} bytes and was killed`));
        return;
      }
      resolve({
        code,
        signal,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      });
    });
  });
}
