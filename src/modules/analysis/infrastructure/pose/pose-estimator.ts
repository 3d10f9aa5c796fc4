import * as ort from 'onnxruntime-node';
import { LANDMARK_COUNT, type ImageLandmark, type WorldLandmark } from '../../domain/pose-track';
import { decodeDetection, poseDetectorAnchors, type RawDetection } from './detector-anchors';
import {
  cropRoi,
  fromCrop,
  letterbox,
  roiFromAlignment,
  type RgbImage,
  type Roi,
} from './image-ops';
import { DETECTOR_IO, LANDMARK_IO, POSE_MODEL_FILES, type LandmarkModel } from './model-files';

/** Below this the landmark model has lost the person: detect again on the next frame. */
const TRACKING_MIN_SCORE = 0.5;
const DETECTION_MIN_SCORE = 0.5;
/** Another detection this big and this separate means a second person in the shot. */
const OTHER_PERSON_MIN_SCORE = 0.7;

export interface PoseEstimate {
  score: number;
  landmarks: ImageLandmark[] | null;
  world: WorldLandmark[] | null;
  roi: Roi | null;
  /** The person detector ran on this frame (first frame, or tracking was lost). */
  detectorRan: boolean;
  /** People the detector saw when it last ran (0 when tracking). */
  peopleDetected: number;
  /** The detector ran and saw a second person as big and as sure as the golfer. */
  severalPeople: boolean;
}

const sigmoid = (v: number) => 1 / (1 + Math.exp(-v));

/**
 * BlazePose on the CPU with onnxruntime: detector on the first frame and whenever tracking is
 * lost, otherwise a crop around the previous frame's alignment points, as MediaPipe does.
 */
export class PoseEstimator {
  private roi: Roi | null = null;

  private constructor(
    private readonly detector: ort.InferenceSession,
    private readonly landmarker: ort.InferenceSession,
  ) {}

  /** POSE_LANDMARK_MODEL (lite, full, heavy) picks the landmark model; full by default. */
  static async create(model: LandmarkModel = defaultModel(), threads = 2): Promise<PoseEstimator> {
    const options: ort.InferenceSession.SessionOptions = {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    };
    const [detector, landmarker] = await Promise.all([
      ort.InferenceSession.create(POSE_MODEL_FILES.detector, options),
      ort.InferenceSession.create(POSE_MODEL_FILES[model], options),
    ]);
    return new PoseEstimator(detector, landmarker);
  }

  /** Forget the tracked person (a new clip, or frames far apart). */
  reset(): void {
    this.roi = null;
  }

  async estimate(image: RgbImage): Promise<PoseEstimate> {
    let peopleDetected = 0;
    let several = false;
    const detectorRan = !this.roi;
    if (!this.roi) {
      const people = await this.detect(image);
      peopleDetected = people.length;
      several = severalPeople(people);
      if (!people.length) {
        const none = { score: 0, landmarks: null, world: null, roi: null };
        return { ...none, detectorRan, peopleDetected, severalPeople: false };
      }
      this.roi = people[0]!.roi;
    }
    const roi = this.roi;
    const result = await this.landmarks(image, roi);
    if (result.score < TRACKING_MIN_SCORE) {
      this.roi = null;
      return {
        score: result.score,
        landmarks: null,
        world: null,
        roi,
        detectorRan,
        peopleDetected,
        severalPeople: several,
      };
    }
    this.roi = result.nextRoi;
    return { ...result, roi, detectorRan, peopleDetected, severalPeople: several };
  }

  async close(): Promise<void> {
    await Promise.all([this.detector.release(), this.landmarker.release()]);
  }

  /** People found in the frame, best first, as ROIs in image pixels. */
  async detect(image: RgbImage): Promise<Array<{ score: number; roi: Roi; area: number }>> {
    const size = DETECTOR_IO.inputSize;
    const lb = letterbox(image, size, 1 / 127.5, -1);
    const input = new ort.Tensor('float32', lb.tensor, [1, size, size, 3]);
    const out = await this.detector.run({ [DETECTOR_IO.input]: input });
    const raw = out[DETECTOR_IO.output]!.data as Float32Array;
    const anchors = poseDetectorAnchors();
    const candidates: RawDetection[] = [];
    for (let i = 0; i < anchors.length; i++) {
      // Cheap logit test before decoding: sigmoid(0) = 0.5.
      if (raw[i * 13]! < 0) continue;
      const d = decodeDetection(raw, i, anchors);
      if (d.score >= DETECTION_MIN_SCORE) candidates.push(d);
    }
    const toImage = (p: { x: number; y: number }) => ({
      x: (p.x * size - lb.padX) / lb.scale,
      y: (p.y * size - lb.padY) / lb.scale,
    });
    return nonMaxSuppression(candidates).map((d) => ({
      score: d.score,
      roi: roiFromAlignment(toImage(d.keypoints[0]!), toImage(d.keypoints[1]!)),
      area: (d.box.width * d.box.height) / (lb.scale * lb.scale),
    }));
  }

  private async landmarks(image: RgbImage, roi: Roi) {
    const size = LANDMARK_IO.inputSize;
    const tensor = cropRoi(image, roi, size, 1 / 255, 0);
    const out = await this.landmarker.run({
      [LANDMARK_IO.input]: new ort.Tensor('float32', tensor, [1, size, size, 3]),
    });
    const ld = out[LANDMARK_IO.outputs.landmarks]!.data as Float32Array;
    const wd = out[LANDMARK_IO.outputs.world]!.data as Float32Array;
    const score = (out[LANDMARK_IO.outputs.poseFlag]!.data as Float32Array)[0]!;
    const cos = Math.cos(roi.rotation);
    const sin = Math.sin(roi.rotation);
    const landmarks: ImageLandmark[] = [];
    const world: WorldLandmark[] = [];
    const point = (i: number) => fromCrop(roi, size, ld[i * 5]!, ld[i * 5 + 1]!);
    for (let i = 0; i < LANDMARK_COUNT; i++) {
      const p = point(i);
      landmarks.push({
        x: p.x,
        y: p.y,
        z: (ld[i * 5 + 2]! / size) * roi.size,
        visibility: sigmoid(ld[i * 5 + 3]!),
        presence: sigmoid(ld[i * 5 + 4]!),
      });
      // World landmarks come in the crop's frame: undo its rotation about the camera axis.
      const wx = wd[i * 3]!;
      const wy = wd[i * 3 + 1]!;
      world.push({ x: cos * wx - sin * wy, y: sin * wx + cos * wy, z: wd[i * 3 + 2]! });
    }
    const nextRoi = roiFromAlignment(point(33), point(34));
    return { score, landmarks, world, nextRoi };
  }
}

function iou(a: RawDetection['box'], b: RawDetection['box']): number {
  const x1 = Math.max(a.xCenter - a.width / 2, b.xCenter - b.width / 2);
  const y1 = Math.max(a.yCenter - a.height / 2, b.yCenter - b.height / 2);
  const x2 = Math.min(a.xCenter + a.width / 2, b.xCenter + b.width / 2);
  const y2 = Math.min(a.yCenter + a.height / 2, b.yCenter + b.height / 2);
  const inter = Math.max(0, x2 - x1) * Math.max(0, y2 - y1);
  const union = a.width * a.height + b.width * b.height - inter;
  return union > 0 ? inter / union : 0;
}

/** Best detections first; overlapping ones (IoU > 0.3) are the same person. */
function nonMaxSuppression(candidates: RawDetection[]): RawDetection[] {
  const sorted = [...candidates].sort((a, b) => b.score - a.score);
  const kept: RawDetection[] = [];
  for (const d of sorted) {
    if (kept.every((k) => iou(k.box, d.box) <= 0.3)) kept.push(d);
  }
  return kept;
}

/** True when a second, similarly confident and similarly large person is in the frame. */
export function severalPeople(people: Array<{ score: number; area: number }>): boolean {
  if (people.length < 2) return false;
  const [first, second] = people as [
    { score: number; area: number },
    { score: number; area: number },
  ];
  return second.score >= OTHER_PERSON_MIN_SCORE && second.area >= first.area * 0.5;
}

function defaultModel(): LandmarkModel {
  const chosen = process.env['POSE_LANDMARK_MODEL'];
  return chosen === 'lite' || chosen === 'heavy' ? chosen : 'full';
}
