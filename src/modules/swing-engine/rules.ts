/**
 * The swing engine's pure rules and types: no I/O, nothing heavy to load. The web app (server and
 * browser bundles) and the analysis module's web process import the engine from here; only a
 * process that analyses imports index.ts (which loads onnxruntime and ffmpeg with analyzeSwing).
 */
export {
  AnalysisFailure,
  DEFAULT_ANALYSIS_TIMEOUT_MS,
  type AnalysisFailureReason,
} from './application/analysis-failure';
export * from './domain/launch-monitor/club-benchmarks';
export * from './domain/launch-monitor/launch-monitor-input';
export * from './domain/launch-monitor/launch-monitor-analysis';
export * from './domain/swing-report';
export * from './domain/pose-track';
export * from './domain/focus-areas';
export * from './domain/mobility-text';
export * from './domain/video-signature';
export * from './domain/video-upload-rules';
export type { SwingAssessment, Drill, Finding } from './domain/swing/swing-assessment';
export type { SwingMetric, MetricKey } from './domain/swing/swing-metrics';
export type { CameraView, Handedness } from './domain/swing/handedness-and-view';
export { pictureTurn, type UprightTurn } from './domain/swing/upright-turn';
export { MIN_CONFIDENCE, isTrusted, untrustedReason } from './domain/swing/metric-trust';
