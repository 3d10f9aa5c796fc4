/**
 * Wires the engine's pipeline to the real video reader (ffmpeg) and pose tracker (onnxruntime).
 */
import {
  analyzeSwingWith,
  type AnalyzeRequest,
  type AnalyzeResult,
} from './application/analyze-swing';
import type { EnginePorts, PoseTracker } from './application/engine-ports';
import { PoseEstimator } from './infrastructure/pose/pose-estimator';
import { mirrorAverageFrames, trackVideo } from './infrastructure/pose/track-video';
import { validateUploadedVideo } from './infrastructure/video/validate-video';

async function loadPoseTracker(): Promise<PoseTracker> {
  const estimator = await PoseEstimator.create();
  return {
    track(info, options) {
      estimator.reset();
      return trackVideo(info, { estimator, ...options });
    },
    mirrorAverage: (track, tracked, positions) =>
      mirrorAverageFrames(track, tracked.crops, positions, estimator),
    close: () => estimator.close(),
  };
}

export const realEnginePorts: EnginePorts = {
  videos: { validate: validateUploadedVideo },
  loadPoseTracker,
};

/** The whole engine: validate, pose, events, metrics, assessment, launch monitor. */
export function analyzeSwing(request: AnalyzeRequest): Promise<AnalyzeResult> {
  return analyzeSwingWith(realEnginePorts, request);
}
