/**
 * What the engine's callers need without loading the engine (and onnxruntime with it): the web
 * process reads these, only analysis processes run analyzeSwing.
 */

/** Hard limit for a whole analysis unless the caller sets one. */
export const DEFAULT_ANALYSIS_TIMEOUT_MS = 3 * 60_000;

export type AnalysisFailureReason =
  | 'invalid-video'
  | 'invalid-launch-data'
  | 'too-short'
  | 'too-dark'
  | 'no-golfer'
  | 'several-people'
  | 'no-swing'
  | 'timeout';

/** Why an analysis could not be made, in the golfer's words. */
export class AnalysisFailure extends Error {
  constructor(
    readonly reason: AnalysisFailureReason,
    readonly title: string,
    message: string,
  ) {
    super(message);
    this.name = 'AnalysisFailure';
  }
}
