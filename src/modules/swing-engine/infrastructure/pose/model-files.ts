/**
 * The committed BlazePose ONNX models (models/, built by `npm run models:build`; see models/NOTICE)
 * and the facts needed to feed them and read their outputs.
 *
 * All inputs are NHWC float32 RGB, batch first: [N, H, W, 3] (ffmpeg's rgb24 order, scaled).
 */
import path from 'node:path';
import { projectRoot } from '../project-root';

export const MODELS_DIR = path.join(projectRoot(__dirname), 'models');

export const POSE_MODEL_FILES = {
  /** SSD person detector, 224x224. */
  detector: path.join(MODELS_DIR, 'blazepose-detector.onnx'),
  /** Landmark models, 256x256: same inputs and outputs, growing accuracy and cost. */
  lite: path.join(MODELS_DIR, 'blazepose-lite.onnx'),
  full: path.join(MODELS_DIR, 'blazepose-full.onnx'),
  heavy: path.join(MODELS_DIR, 'blazepose-heavy.onnx'),
} as const;

export type LandmarkModel = 'lite' | 'full' | 'heavy';

export const DETECTOR_IO = {
  input: 'input',
  inputSize: 224,
  /** Letterboxed (aspect kept, zero border) whole frame, values (rgb / 127.5) - 1, i.e. [-1, 1]. */
  inputRange: [-1, 1],
  /**
   * [N, 2254, 13] per SSD anchor (see detector-anchors.ts): [0] score logit, [1..4] box centre x,
   * centre y, width, height, [5..12] four keypoints (x, y); offsets in 224-pixel units.
   */
  output: 'person',
} as const;

export const LANDMARK_IO = {
  input: 'input_1',
  inputSize: 256,
  /** Person-centred crop (aspect kept, letterboxed), values rgb / 255, i.e. [0, 1]. */
  inputRange: [0, 1],
  /**
   * The source models also give a person mask and per-point heatmaps; the converter leaves them
   * out (scripts/models/convert.ts, LANDMARK_OUTPUTS_KEPT).
   */
  outputs: {
    /**
     * [N, 195]: 39 points x (x, y, z, visibility logit, presence logit); x, y in pixels of the
     * 256x256 input, z in the same scale. Points 0-32 are the pose landmarks, 33-34 the
     * alignment points (hip centre, full-body scale/rotation) for the next frame's crop.
     */
    landmarks: 'ld_3d',
    /** [N, 1]: probability that a pose is present (sigmoid already applied). */
    poseFlag: 'output_poseflag',
    /** [N, 117]: 39 points x (x, y, z) in metres, origin between the hips. */
    world: 'world_3d',
  },
} as const;

/**
 * MediaPipe's crop rule (pose_detection_to_roi, pose_landmarks_to_roi): centre on alignment point
 * 0, side 2 x |p1 - p0| (pixels), rotated so that p0 -> p1 points up (target angle 90 degrees),
 * then scaled by 1.25 and made square on the long side. The points are the detector's keypoints
 * 0 and 1 on a fresh detection, then the previous frame's landmarks 33 and 34 while tracking.
 * Before that, MediaPipe drops low detector scores and merges overlapping boxes (weighted NMS,
 * IoU 0.3).
 */
export const POSE_ROI = {
  scale: 1.25,
  targetAngleDegrees: 90,
  detectorKeypoints: [0, 1],
  trackingLandmarks: [33, 34],
} as const;
