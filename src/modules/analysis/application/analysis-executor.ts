import type { LaunchMonitorForm, SwingReport } from '../../swing-engine/rules';
import type { UploadedVideo } from '../../swing-engine/video';

export interface AnalysisJobInput {
  faceOn: UploadedVideo;
  downTheLine: UploadedVideo | null;
  launch: LaunchMonitorForm | null;
  /** Folder for report.json, pose tracks and event stills. */
  outDir: string;
  timeoutMs: number;
}

export type AnalysisJobOutput =
  | {
      ok: true;
      report: SwingReport;
      timings: Record<string, number>;
      /** File names inside outDir. */
      files: { report: string; poseTracks: string[]; stills: Record<string, string> };
    }
  | { ok: false; reason: string; title: string; message: string };

/**
 * Runs the engine somewhere other than the caller's event loop. Resolves with the engine's
 * verdict (a report, or an AnalysisFailure the golfer should read); rejects when the run itself
 * broke (crash, timeout), which is worth a retry.
 */
export abstract class AnalysisExecutor {
  abstract run(input: AnalysisJobInput): Promise<AnalysisJobOutput>;
  /** Stops every run in progress (shutdown). */
  abstract stopAll(): void;
}
