/**
 * The swing engine's public entry: a face-on video (+ optional down-the-line video + launch
 * data) in, a typed, versioned SwingReport out. No Nest, no database, no users. Code outside
 * src/modules/swing-engine imports the engine only from here, from ./rules (pure rules and types)
 * or from ./video (the upload checks, ffprobe only); only the analysis child process loads this
 * entry at runtime.
 */
export * from './rules';
export { analyzeSwing } from './compose';
export type { AnalyzeRequest, AnalyzeResult } from './application/analyze-swing';
export { writeArtifacts } from './infrastructure/artifacts/write-artifacts';
export * from './video';
