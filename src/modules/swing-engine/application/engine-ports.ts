/**
 * What the engine's pipeline (analyze-swing.ts) needs from the outside world, so it can be run
 * with fakes: a reader that probes and validates an uploaded video, and a pose tracker. The real
 * ones (ffmpeg, onnxruntime) are wired in ../compose.ts. Infrastructure is imported by type only.
 */
import type { PoseTrack } from '../domain/pose-track';
import type { Roi } from '../infrastructure/pose/image-ops';
import type { GolferPlace, TrackResult } from '../infrastructure/pose/track-video';
import type { VideoInfo } from '../infrastructure/video/probe-video';
import type { UploadedVideo, VideoValidation } from '../infrastructure/video/validate-video';

export type { GolferPlace, Roi, TrackResult, UploadedVideo, VideoInfo, VideoValidation };

/** Probes an uploaded video and checks it is one the engine can read. */
export interface VideoReader {
  validate(file: UploadedVideo): Promise<VideoValidation>;
}

/** Poses every frame of a video; one tracker serves the videos of one analysis, in turn. */
export interface PoseTracker {
  /**
   * Poses the video's frames (resets any state from the previous video first); among several
   * people, the one nearest `follow` (one of an earlier result's otherPeople), else the surest.
   */
  track(info: VideoInfo, options: { timeoutMs: number; follow?: Roi }): Promise<TrackResult>;
  /** Poses the frames at these track positions again from their mirror images, averaged. */
  mirrorAverage(track: PoseTrack, tracked: TrackResult, positions: number[]): Promise<void>;
  close(): Promise<void>;
}

export interface EnginePorts {
  videos: VideoReader;
  /** Starts loading the pose models; the pipeline awaits it only when the first video is read. */
  loadPoseTracker(): Promise<PoseTracker>;
}
