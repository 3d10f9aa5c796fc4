import * as ort from 'onnxruntime-node';
import {
  LANDMARK,
  LANDMARK_COUNT,
  type ImageLandmark,
  type WorldLandmark,
} from '../../domain/pose-track';
import { decodeDetection, poseDetectorAnchors, type RawDetection } from './detector-anchors';
import {
  cropRoi,
  fromCrop,
  letterbox,
  roiFromAlignment,
  zoomWindows,
  type Region,
  type RgbImage,
  type Roi,
} from './image-ops';
import { nearestFirst, otherPeople, secondPerson, type DetectedPerson } from './several-people';
import { DETECTOR_IO, LANDMARK_IO, POSE_MODEL_FILES, type LandmarkModel } from './model-files';

/** Below this the landmark model has lost the person: detect again on the next frame. */
const TRACKING_MIN_SCORE = 0.5;
const DETECTION_MIN_SCORE = 0.5;
/**
 * The detector sees the whole frame at 224 pixels, where a golfer filmed from afar (a third of
 * the frame's height: broadcast, or a phone at the back of the bay) is too small to find. When
 * it finds nobody, it looks again at squares of this share of the frame's short side.
 */
const ZOOM_WINDOW_SHARE = 0.5;
/**
 * After a closer look found no golfer, the next closer look waits this many detector runs: a
 * shot with nobody in it (a ball in flight) then costs one closer look in eight frames.
 */
const ZOOM_EVERY_MISSES = 8;
/** A closer look's biggest people the landmark model is tried on, at most. */
const ZOOM_CANDIDATES = 3;
/**
 * When neither tracking nor the detector's sightings pose anybody, the landmark model looks again
 * where it last posed the golfer, if that was at most this long ago (clip seconds). The detector
 * finds people by their face: a golfer whose face it cannot see (a white mask against the sun,
 * dark clothes against dark trees) was found on a few frames only, and lost for good when
 * tracking dropped them in the downswing, though the landmark model poses them surely in the
 * crop where they stand.
 */
const REACQUIRE_SECONDS = 1;
/**
 * ...and keeps what it finds there only above this score: no detector vouches for the person,
 * and a frame the golfer was lost in (a blurred or spliced one) can score 0.5-0.6 on the spot
 * where they stood, with the landmarks astray.
 */
const REACQUIRE_MIN_SCORE = 0.9;
/**
 * Between a detection's crop and the same crop turned half round (poseUpright), a pose scoring
 * this much higher is the better one; closer scores say nothing (0.9994 against 0.99999).
 */
const TURNED_SCORE_MARGIN = 0.1;

export interface PoseEstimate {
  score: number;
  landmarks: ImageLandmark[] | null;
  world: WorldLandmark[] | null;
  roi: Roi | null;
  /** The crop the landmark model saw (values 0-1), for a second look with mirrorAveraged. */
  crop: { tensor: Float32Array; roi: Roi } | null;
  /** The person detector ran on this frame (first frame, or tracking was lost). */
  detectorRan: boolean;
  /** People the detector saw when it last ran (0 when tracking). */
  peopleDetected: number;
  /**
   * The detector ran and saw a second person as big and as sure as the golfer: their body box,
   * in image pixels (null otherwise).
   */
  secondPerson: Roi | null;
  /** The detector ran and saw these other people too (body boxes, in image pixels), surest first. */
  otherPeople: Roi[];
}

const sigmoid = (v: number) => 1 / (1 + Math.exp(-v));

/** The landmark model's reading of one crop (PoseEstimator.landmarks). */
type Landmarks = Awaited<ReturnType<PoseEstimator['landmarks']>>;

/**
 * BlazePose on the CPU with onnxruntime: detector on the first frame and whenever tracking is
 * lost, otherwise a crop around the previous frame's alignment points, as MediaPipe does.
 */
export class PoseEstimator {
  private roi: Roi | null = null;
  /** Detector runs to go before the next closer look (see ZOOM_EVERY_MISSES). */
  private zoomWait = 0;
  /** Whom the detector's runs pick among several people: the one nearest this box (see follow). */
  private preferred: Roi | null = null;
  /** Where the landmark model last posed a body, and when (clip seconds): REACQUIRE_SECONDS. */
  private lastPosed: { roi: Roi; time: number } | null = null;

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
      // onnxruntime's second thread spins between runs by default; here each run is followed by
      // JS work (the next crop) while ffmpeg decodes, so spinning only takes CPU from them. On
      // fo_pro_iron_a (six alternating runs of the analyze command, time(1)): CPU time 6.5 s
      // against 8.4 s (medians), wall time 4.8 s against 5.1 s.
      extra: { session: { intra_op: { allow_spinning: '0' } } },
    };
    const [detector, landmarker] = await Promise.all([
      ort.InferenceSession.create(POSE_MODEL_FILES.detector, options),
      ort.InferenceSession.create(POSE_MODEL_FILES[model], options),
    ]);
    return new PoseEstimator(detector, landmarker);
  }

  /**
   * Among several people, follow the one nearest `roi` (in image pixels) whenever the detector
   * runs, rather than the surest (null: the surest again). Kept across reset.
   */
  follow(roi: Roi | null): void {
    this.preferred = roi;
  }

  /** Forget the tracked person (a new clip, or frames far apart). */
  reset(): void {
    this.roi = null;
    this.zoomWait = 0;
    this.lastPosed = null;
  }

  /**
   * The pose in one frame: tracked from the last frame's, or found by the detector; failing both,
   * looked for where the golfer was last posed (REACQUIRE_SECONDS; only when `time`, the frame's
   * clip time, is given).
   */
  async estimate(image: RgbImage, time = Number.NaN): Promise<PoseEstimate> {
    const found = await this.trackOrDetect(image);
    const last = this.lastPosed;
    if (found.landmarks) {
      this.lastPosed = { roi: found.roi!, time };
      return found;
    }
    if (!last || !(time - last.time <= REACQUIRE_SECONDS)) return found;
    const again = await this.landmarks(image, last.roi);
    if (again.score < REACQUIRE_MIN_SCORE) return found;
    this.roi = again.nextRoi;
    this.lastPosed = { roi: last.roi, time };
    const { detectorRan, peopleDetected, secondPerson, otherPeople } = found;
    return { ...again, roi: last.roi, detectorRan, peopleDetected, secondPerson, otherPeople };
  }

  private async trackOrDetect(image: RgbImage): Promise<PoseEstimate> {
    let peopleDetected = 0;
    let second: Roi | null = null;
    let others: Roi[] = [];
    const detectorRan = !this.roi;
    // The closer look poses its candidates to choose one: the chosen one's pose is kept.
    let posed: Landmarks | undefined;
    if (!this.roi) {
      const { people: found, closer } = await this.detect(image);
      const people = this.preferred && !closer ? nearestFirst(found, this.preferred) : found;
      peopleDetected = people.length;
      // Judged on the whole frame only: around a golfer filmed from afar, spectators, a caddie
      // and playing partners are part of the shot.
      second = closer ? null : (secondPerson(people)?.roi ?? null);
      others = closer ? [] : otherPeople(people).map((person) => person.roi);
      const first = people[0];
      const golfer: { roi: Roi; posed?: Landmarks } | null = closer
        ? await this.firstPosed(image, people)
        : first
          ? await this.poseUpright(image, first.roi)
          : null;
      if (!golfer) {
        const none = { score: 0, landmarks: null, world: null, roi: null, crop: null };
        return { ...none, detectorRan, peopleDetected, secondPerson: null, otherPeople: [] };
      }
      // A closer look that found the golfer: the next one need not wait (they may be lost again).
      if (closer) this.zoomWait = 0;
      this.roi = golfer.roi;
      posed = golfer.posed;
    }
    const roi = this.roi;
    const result = posed ?? (await this.landmarks(image, roi));
    if (result.score < TRACKING_MIN_SCORE) {
      this.roi = null;
      return {
        score: result.score,
        landmarks: null,
        world: null,
        roi,
        crop: null,
        detectorRan,
        peopleDetected,
        secondPerson: second,
        otherPeople: others,
      };
    }
    this.roi = result.nextRoi;
    const found = { detectorRan, peopleDetected, secondPerson: second, otherPeople: others };
    return { ...result, roi, ...found };
  }

  /**
   * The first of a closer look's people (biggest first, ZOOM_CANDIDATES at most) that the
   * landmark model poses: a spectator's head or a shadow can look bigger to the detector than a
   * golfer looking down at the ball, but the landmark model finds no body there. Null when none
   * poses (in a dark clip the closer look sees faint 'people' in every frame).
   */
  private async firstPosed(
    image: RgbImage,
    people: DetectedPerson[],
  ): Promise<{ roi: Roi; posed: Landmarks } | null> {
    for (const person of people.slice(0, ZOOM_CANDIDATES)) {
      const { roi, posed } = await this.poseUpright(image, person.roi);
      if (posed.score >= TRACKING_MIN_SCORE) return { roi, posed };
    }
    return null;
  }

  /**
   * The pose in a crop the detector placed, the right way up. The detector reads the body's
   * direction from two points, and on a golfer bent over the ball it can turn the crop upside
   * down (the first frame of fo_pro_iron_b re-encoded at crf 28: 3.08 rad, and frames of 6 of
   * the corpus's 191 clips): the landmark model then fits a standing body into the crop, often
   * at full score, and tracking follows that pose until it is lost. A crop turned more than a
   * quarter from upright is posed the other way up too, and the better pose kept: the surer by
   * a clear margin, else the taller one. A body fitted the wrong way up is squeezed into the
   * middle of the crop: on fo_pro_iron_a at address 103 px from nose to ankles against 205 px,
   * both scoring 0.999, and the same, the other way round, on the clip stored upside down.
   * A crop near upright (nearly every detection) costs nothing more.
   */
  private async poseUpright(image: RgbImage, roi: Roi): Promise<{ roi: Roi; posed: Landmarks }> {
    const posed = await this.landmarks(image, roi);
    if (Math.cos(roi.rotation) >= 0) return { roi, posed };
    const turned = { ...roi, rotation: roi.rotation + Math.PI };
    const other = await this.landmarks(image, turned);
    const asDetected =
      Math.abs(posed.score - other.score) > TURNED_SCORE_MARGIN
        ? posed.score > other.score
        : bodyLength(posed.landmarks) >= bodyLength(other.landmarks);
    return asDetected ? { roi, posed } : { roi: turned, posed: other };
  }

  async close(): Promise<void> {
    await Promise.all([this.detector.release(), this.landmarker.release()]);
  }

  /**
   * People found in the frame, as ROIs in image pixels, the golfer first: in the whole frame the
   * surest first; when it shows nobody, in closer squares of it (ZOOM_WINDOW_SHARE), the biggest
   * first (the person filmed, not the spectators behind them).
   */
  async detect(image: RgbImage): Promise<{ people: DetectedPerson[]; closer: boolean }> {
    const people = await this.detectIn(image);
    if (people.length > 0 || this.zoomWait > 0) {
      this.zoomWait = Math.max(0, this.zoomWait - 1);
      return { people, closer: false };
    }
    const side = Math.round(Math.min(image.width, image.height) * ZOOM_WINDOW_SHARE);
    const found: DetectedPerson[] = [];
    for (const region of zoomWindows(image.width, image.height, side)) {
      found.push(...(await this.detectIn(image, region)));
    }
    // Overlapping squares see the same person: the surest sighting of each stays.
    const closer = nonMaxSuppression(found).sort((a, b) => b.roi.size - a.roi.size);
    // Waits unless estimate() poses a golfer among them.
    this.zoomWait = ZOOM_EVERY_MISSES - 1;
    return { people: closer, closer: true };
  }

  /** People in the frame, or in `region` of it, best first; boxes and ROIs in image pixels. */
  private async detectIn(image: RgbImage, region?: Region): Promise<DetectedPerson[]> {
    const size = DETECTOR_IO.inputSize;
    const lb = letterbox(image, size, 1 / 127.5, -1, region);
    const input = new ort.Tensor('float32', lb.tensor, [1, size, size, 3]);
    const out = await this.detector.run({ [DETECTOR_IO.input]: input });
    const raw = out[DETECTOR_IO.output]!.data as Float32Array;
    const anchors = poseDetectorAnchors();
    const candidates: RawDetection[] = [];
    for (let i = 0; i < anchors.length; i++) {
      // Cheap logit test before decoding: sigmoid(0) = 0.5.
      if (raw[i * 13]! < 0) continue;
      const d = decodeDetection(raw, i, anchors);
      // A box with no extent is noise, however sure (seen in a flat, padded part of a frame).
      if (d.score >= DETECTION_MIN_SCORE && d.box.width > 0 && d.box.height > 0) {
        candidates.push(d);
      }
    }
    const toImage = (p: { x: number; y: number }) => ({
      x: (region?.x ?? 0) + (p.x * size - lb.padX) / lb.scale,
      y: (region?.y ?? 0) + (p.y * size - lb.padY) / lb.scale,
    });
    const inPixels = (length: number) => (length * size) / lb.scale;
    return nonMaxSuppression(
      candidates.map((d) => {
        const centre = toImage({ x: d.box.xCenter, y: d.box.yCenter });
        const [width, height] = [inPixels(d.box.width), inPixels(d.box.height)];
        return {
          score: d.score,
          roi: roiFromAlignment(toImage(d.keypoints[0]!), toImage(d.keypoints[1]!)),
          box: { x: centre.x - width / 2, y: centre.y - height / 2, width, height },
        };
      }),
    );
  }

  /**
   * The pose of a crop's mirror image, mirrored back (left and right swapped), averaged with
   * the pose the crop already gave. The landmark model is not mirror-symmetric: on
   * fo_pro_iron_a it saw the shoulder turn 13 degrees apart in a clip and its mirror; averaging
   * the two views makes the estimate the same for left- and right-handed golfers. One more run
   * per frame, so it is kept for the frames metrics are read at. (Averaging in image space is
   * the same as in crop space: the crop's mapping to the image is affine.)
   */
  async mirrorAveraged(
    crop: CropBytes,
    plain: { landmarks: ImageLandmark[]; world: WorldLandmark[] },
  ): Promise<{ landmarks: ImageLandmark[]; world: WorldLandmark[] }> {
    const size = LANDMARK_IO.inputSize;
    const mirror = new Float32Array(size * size * 3);
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const from = (y * size + x) * 3;
        const to = (y * size + (size - 1 - x)) * 3;
        mirror[to] = crop.bytes[from]! / 255;
        mirror[to + 1] = crop.bytes[from + 1]! / 255;
        mirror[to + 2] = crop.bytes[from + 2]! / 255;
      }
    }
    const out = await this.landmarker.run({
      [LANDMARK_IO.input]: new ort.Tensor('float32', mirror, [1, size, size, 3]),
    });
    const ld = out[LANDMARK_IO.outputs.landmarks]!.data as Float32Array;
    const wd = out[LANDMARK_IO.outputs.world]!.data as Float32Array;
    const mirrored = toImagePose(cropSpacePose(ld, wd, 0, true).slice(0, LANDMARK_COUNT), crop.roi);
    const mean = (a: number, b: number) => (a + b) / 2;
    return {
      landmarks: plain.landmarks.map((p, i) => {
        const m = mirrored.landmarks[i]!;
        return {
          x: mean(p.x, m.x),
          y: mean(p.y, m.y),
          z: mean(p.z, m.z),
          visibility: mean(p.visibility, m.visibility),
          presence: mean(p.presence, m.presence),
        };
      }),
      world: plain.world.map((p, i) => {
        const m = mirrored.world[i]!;
        return { x: mean(p.x, m.x), y: mean(p.y, m.y), z: mean(p.z, m.z) };
      }),
    };
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
    const points = cropSpacePose(ld, wd, 0, false);
    const { landmarks, world } = toImagePose(points.slice(0, LANDMARK_COUNT), roi);
    const alignment = (i: number) => fromCrop(roi, size, points[i]!.x, points[i]!.y);
    const nextRoi = roiFromAlignment(alignment(33), alignment(34));
    return { score, landmarks, world, nextRoi, crop: { tensor, roi } };
  }
}

/** A landmark-model crop kept for a second look: RGB bytes (256x256x3) and where it came from. */
export interface CropBytes {
  bytes: Uint8Array;
  roi: Roi;
}

interface CropSpacePoint {
  x: number;
  y: number;
  z: number;
  visibility: number;
  presence: number;
  wx: number;
  wy: number;
  wz: number;
}

/** The landmark model's points: the 33 landmarks and 6 more (33-34 align the next crop). */
const MODEL_POINTS = 39;

/** Left/right partner of each model point (the nose and the extra points are their own). */
const MIRROR_PARTNER = (() => {
  const partner = Array.from({ length: MODEL_POINTS }, (_, i) => i);
  const pairs = [
    [1, 4],
    [2, 5],
    [3, 6],
    [7, 8],
    [9, 10],
    [11, 12],
    [13, 14],
    [15, 16],
    [17, 18],
    [19, 20],
    [21, 22],
    [23, 24],
    [25, 26],
    [27, 28],
    [29, 30],
    [31, 32],
  ] as const;
  for (const [a, b] of pairs) {
    partner[a] = b;
    partner[b] = a;
  }
  return partner;
})();

/**
 * The model's 39 points of batch item `item` in crop pixels (world in metres, crop-aligned). For
 * a mirrored crop, each point is read from its mirror partner and x is mirrored back.
 */
function cropSpacePose(
  ld: Float32Array,
  wd: Float32Array,
  item: number,
  mirrored: boolean,
): CropSpacePoint[] {
  const size = LANDMARK_IO.inputSize;
  // Per batch item: 39 points x 5 values in ld_3d, 39 x 3 in world_3d.
  const ldBase = item * MODEL_POINTS * 5;
  const wdBase = item * MODEL_POINTS * 3;
  const result: CropSpacePoint[] = [];
  for (let i = 0; i < MODEL_POINTS; i++) {
    const j = mirrored ? MIRROR_PARTNER[i]! : i;
    const l = ldBase + j * 5;
    const w = wdBase + j * 3;
    result.push({
      x: mirrored ? size - ld[l]! : ld[l]!,
      y: ld[l + 1]!,
      z: ld[l + 2]!,
      visibility: sigmoid(ld[l + 3]!),
      presence: sigmoid(ld[l + 4]!),
      wx: mirrored ? -wd[w]! : wd[w]!,
      wy: wd[w + 1]!,
      wz: wd[w + 2]!,
    });
  }
  return result;
}

/** Crop-space points to image landmarks and world landmarks (crop rotation undone). */
function toImagePose(
  points: CropSpacePoint[],
  roi: Roi,
): { landmarks: ImageLandmark[]; world: WorldLandmark[] } {
  const size = LANDMARK_IO.inputSize;
  const cos = Math.cos(roi.rotation);
  const sin = Math.sin(roi.rotation);
  const landmarks: ImageLandmark[] = [];
  const world: WorldLandmark[] = [];
  for (const p of points) {
    const image = fromCrop(roi, size, p.x, p.y);
    landmarks.push({
      x: image.x,
      y: image.y,
      z: (p.z / size) * roi.size,
      visibility: p.visibility,
      presence: p.presence,
    });
    // World landmarks come in the crop's frame: undo its rotation about the camera axis.
    world.push({ x: cos * p.wx - sin * p.wy, y: sin * p.wx + cos * p.wy, z: p.wz });
  }
  return { landmarks, world };
}

/** A crop kept as bytes (a quarter of the floats' memory) for mirrorAveraged later. */
export function keepCrop(crop: { tensor: Float32Array; roi: Roi }): CropBytes {
  // A clamped array rounds on store: four times faster than Math.round per value.
  const bytes = new Uint8ClampedArray(crop.tensor.length);
  for (let i = 0; i < bytes.length; i++) bytes[i] = crop.tensor[i]! * 255;
  return { bytes: new Uint8Array(bytes.buffer), roi: crop.roi };
}

function iou(a: Region, b: Region): number {
  const x1 = Math.max(a.x, b.x);
  const y1 = Math.max(a.y, b.y);
  const x2 = Math.min(a.x + a.width, b.x + b.width);
  const y2 = Math.min(a.y + a.height, b.y + b.height);
  const inter = Math.max(0, x2 - x1) * Math.max(0, y2 - y1);
  const union = a.width * a.height + b.width * b.height - inter;
  return union > 0 ? inter / union : 0;
}

/** Best detections first; overlapping ones (IoU > 0.3) are the same person. */
function nonMaxSuppression<T extends { score: number; box: Region }>(candidates: T[]): T[] {
  const sorted = [...candidates].sort((a, b) => b.score - a.score);
  const kept: T[] = [];
  for (const d of sorted) {
    if (kept.every((k) => iou(k.box, d.box) <= 0.3)) kept.push(d);
  }
  return kept;
}

function defaultModel(): LandmarkModel {
  const chosen = process.env['POSE_LANDMARK_MODEL'];
  return chosen === 'lite' || chosen === 'heavy' ? chosen : 'full';
}

/** Nose to mid-ankle, in image pixels. */
function bodyLength(landmarks: ImageLandmark[]): number {
  const nose = landmarks[LANDMARK.nose]!;
  const [left, right] = [landmarks[LANDMARK.leftAnkle]!, landmarks[LANDMARK.rightAnkle]!];
  return Math.hypot((left.x + right.x) / 2 - nose.x, (left.y + right.y) / 2 - nose.y);
}
