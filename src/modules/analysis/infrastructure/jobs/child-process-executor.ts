import { fork, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import {
  AnalysisExecutor,
  type AnalysisJobInput,
  type AnalysisJobOutput,
} from '../../application/analysis-executor';

/** Lower CPU priority for analyses, so requests of the web process on the same cores go first. */
const ANALYSIS_NICE = 10;
/** Beyond the engine's own deadline: writing the artifacts, process start and exit. */
const GRACE_MS = 60_000;

/**
 * One child process per analysis (see docs/decisions/0008): the engine's CPU work, native
 * onnxruntime and ffmpeg pipes live outside the web process, a crash or a leak there cannot take
 * the server down, and a timeout is a kill.
 */
export class ChildProcessExecutor extends AnalysisExecutor {
  private readonly logger = new Logger('AnalysisProcess');
  private readonly children = new Set<ChildProcess>();

  constructor(private readonly script = path.join(__dirname, 'analysis-child.js')) {
    super();
  }

  run(input: AnalysisJobInput): Promise<AnalysisJobOutput> {
    return new Promise((resolve, reject) => {
      const child = fork(this.script, [], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        serialization: 'advanced',
      });
      this.children.add(child);
      try {
        if (child.pid) setPriority(child.pid, ANALYSIS_NICE);
      } catch {
        // Not permitted on this system: run at normal priority.
      }
      let answer: AnalysisJobOutput | null = null;
      const timer = setTimeout(() => {
        this.logger.warn(`analysis process ${child.pid} over time, killing it`);
        child.kill('SIGKILL');
      }, input.timeoutMs + GRACE_MS);
      child.once('message', (message) => (answer = message as AnalysisJobOutput));
      child.once('error', (error) => this.logger.error(`analysis process: ${error.message}`));
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        this.children.delete(child);
        if (answer) resolve(answer);
        else reject(new Error(`analysis process ended without an answer (${signal ?? code})`));
      });
      child.send(input);
    });
  }

  stopAll(): void {
    for (const child of this.children) child.kill('SIGKILL');
  }
}
