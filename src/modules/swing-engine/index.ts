/**
 * The swing engine's public entry: a face-on video (+ optional down-the-line video + launch
 * data) in, a typed, versioned SwingReport out. No Nest, no database, no users. Code outside
 * src/modules/swing-engine imports the engine only from here or, for pure rules and types that
 * must not load the engine's native dependencies, from ./rules.
 */
export * from './rules';
export { analyzeSwing } from './compose';
export type { AnalyzeRequest, AnalyzeResult } from './application/analyze-swing';
export { writeArtifacts } from './infrastructure/artifacts/write-artifacts';
export {
  formatMegabytes,
  UPLOAD_ERROR_TITLES,
  validateUploadedVideo,
  type UploadedVideo,
  type VideoValidation,
} from './infrastructure/video/validate-video';
