import type { PoseFrame, PoseTrack } from '../../domain/pose-track';
import { decodeFrames, type DecodeOptions } from '../video/decode-frames';
import type { VideoInfo } from '../video/probe-video';
import { PoseEstimator } from './pose-estimator';

/**
 * Clips above 60 fps are posed at 60 fps: the events of a 120 fps clip are scored within 5
 * frames, and posing every frame would double the cost. (Posing still stretches sparsely was
 * tried too and cost more event accuracy than it saved time: see the issue notes.)
 */
const MAX_POSE_FPS = 60;

export interface TrackOptions extends Omit<DecodeOptions, 'size' | 'step'> {
  /** Long side of the frames fed to the pose models. */
  longSide?: number;
  estimator?: PoseEstimator;
}

export interface TrackResult {
  track: PoseTrack;
  /** Detector runs that saw a second person as big and as sure as the golfer. */
  severalPeopleFrames: number;
  /** Mean brightness (0-255) of the frames, for the too-dark check. */
  meanBrightness: number;
  timings: { waitingForFramesMs: number; poseMs: number };
}

/** Decodes the video and runs the pose models on every emitted frame. */
export async function trackVideo(
  info: VideoInfo,
  options: TrackOptions = {},
): Promise<TrackResult> {
  const estimator = options.estimator ?? (await PoseEstimator.create());
  const fps = info.video?.avgFrameRate ?? 30;
  const step = Math.max(1, Math.floor(fps / MAX_POSE_FPS));
  const decoding = decodeFrames(info, {
    ...options,
    step,
    size: { longSide: options.longSide ?? 640 },
  });
  const frames: PoseFrame[] = [];
  let severalPeopleFrames = 0;
  let brightness = 0;
  let poseMs = 0;
  const started = performance.now();
  try {
    for await (const frame of decoding.frames) {
      const t0 = performance.now();
      const pose = await estimator.estimate({
        width: decoding.width,
        height: decoding.height,
        data: frame.data,
      });
      poseMs += performance.now() - t0;
      if (pose.severalPeople) severalPeopleFrames++;
      brightness += sampleBrightness(frame.data);
      frames.push({
        index: frame.index,
        time: frame.time,
        score: pose.score,
        landmarks: pose.landmarks,
        world: pose.world,
      });
    }
  } finally {
    if (!options.estimator) await estimator.close();
  }
  return {
    track: { width: decoding.width, height: decoding.height, fps, frames },
    severalPeopleFrames,
    meanBrightness: frames.length ? brightness / frames.length : 0,
    timings: { waitingForFramesMs: performance.now() - started - poseMs, poseMs },
  };
}

/** Mean of every 97th byte: a cheap brightness estimate of an RGB frame. */
function sampleBrightness(data: Uint8Array): number {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < data.length; i += 97) {
    sum += data[i]!;
    count++;
  }
  return count ? sum / count : 0;
}
