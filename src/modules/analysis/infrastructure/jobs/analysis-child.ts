/**
 * The analysis process: receives one AnalysisJobInput over IPC, runs the engine and writes the
 * artifacts, answers with an AnalysisJobOutput, exits. Started by ChildProcessExecutor; dies with
 * its parent (a killed worker leaves no orphan burning CPU).
 */
import path from 'node:path';
import { AnalysisFailure } from '../../../swing-engine/rules';
import { analyzeSwing } from '../../../swing-engine';
import type { AnalysisJobInput, AnalysisJobOutput } from '../../application/analysis-executor';
import { writeArtifacts } from '../../../swing-engine';

async function run(input: AnalysisJobInput): Promise<AnalysisJobOutput> {
  try {
    const result = await analyzeSwing({
      faceOn: input.faceOn,
      downTheLine: input.downTheLine ?? undefined,
      launch: input.launch ?? undefined,
      timeoutMs: input.timeoutMs,
    });
    const files = await writeArtifacts(input.outDir, result.report, result.tracks, {
      faceOn: input.faceOn.path,
      downTheLine: input.downTheLine?.path,
    });
    const name = (file: string) => path.basename(file);
    return {
      ok: true,
      report: result.report,
      timings: result.timings,
      files: {
        report: name(files.report),
        poseTracks: files.poseTracks.map(name),
        stills: Object.fromEntries(
          Object.entries(files.stills).map(([event, file]) => [event, name(file!)]),
        ),
      },
    };
  } catch (error) {
    if (error instanceof AnalysisFailure) {
      return { ok: false, reason: error.reason, title: error.title, message: error.message };
    }
    throw error;
  }
}

process.on('disconnect', () => process.exit(1));
process.once('message', (input: AnalysisJobInput) => {
  run(input).then(
    (output) => process.send!(output, () => process.exit(0)),
    (error: unknown) => {
      process.stderr.write(
        `analysis failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
});
