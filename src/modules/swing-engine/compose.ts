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
import { ffmpegCapabilities } from './infrastructure/video/ffmpeg-binaries';
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
  // The decoder's options are read once per process from an ffmpeg run (about 0.2 s, most of it
  // ffmpeg loading its libraries): started here, that runs while the video is probed and the
  // models load, not between them and the first decoded frame.
  void ffmpegCapabilities().catch(() => undefined);
  return analyzeSwingWith(realEnginePorts, request);
}
