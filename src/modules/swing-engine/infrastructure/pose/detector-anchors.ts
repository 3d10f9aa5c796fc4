/**
 * SSD anchors of the BlazePose person detector and the decoding of one raw detection, as
 * MediaPipe's pose_detection graph does it (SsdAnchorsCalculator + TensorsToDetectionsCalculator).
 */

export interface SsdAnchorOptions {
  numLayers: number;
  minScale: number;
  maxScale: number;
  inputSizeHeight: number;
  inputSizeWidth: number;
  anchorOffsetX: number;
  anchorOffsetY: number;
  strides: number[];
  aspectRatios: number[];
  reduceBoxesInLowestLayer: boolean;
  interpolatedScaleAspectRatio: number;
  fixedAnchorSize: boolean;
}

/** mediapipe/modules/pose_detection/pose_detection_cpu.pbtxt, SsdAnchorsCalculator options. */
export const POSE_DETECTOR_ANCHOR_OPTIONS: SsdAnchorOptions = {
  numLayers: 5,
  minScale: 0.1484375,
  maxScale: 0.75,
  inputSizeHeight: 224,
  inputSizeWidth: 224,
  anchorOffsetX: 0.5,
  anchorOffsetY: 0.5,
  strides: [8, 16, 32, 32, 32],
  aspectRatios: [1.0],
  reduceBoxesInLowestLayer: false,
  interpolatedScaleAspectRatio: 1.0,
  fixedAnchorSize: true,
};

/** Anchor centre and size, normalised to the detector input (0..1). */
export interface Anchor {
  xCenter: number;
  yCenter: number;
  width: number;
  height: number;
}

function calculateScale(minScale: number, maxScale: number, index: number, count: number): number {
  return count === 1
    ? (minScale + maxScale) / 2
    : minScale + ((maxScale - minScale) * index) / (count - 1);
}

/** MediaPipe's SsdAnchorsCalculator (feature map sizes derived from the strides). */
export function generateSsdAnchors(options: SsdAnchorOptions): Anchor[] {
  const anchors: Anchor[] = [];
  const { strides } = options;
  let layer = 0;
  while (layer < options.numLayers) {
    const ratios: number[] = [];
    const scales: number[] = [];
    // Consecutive layers with the same stride share one feature map.
    let last = layer;
    while (last < strides.length && strides[last] === strides[layer]) {
      const scale = calculateScale(options.minScale, options.maxScale, last, strides.length);
      if (last === 0 && options.reduceBoxesInLowestLayer) {
        ratios.push(1, 2, 0.5);
        scales.push(0.1, scale, scale);
      } else {
        for (const ratio of options.aspectRatios) {
          ratios.push(ratio);
          scales.push(scale);
        }
        if (options.interpolatedScaleAspectRatio > 0) {
          const next =
            last === strides.length - 1
              ? 1
              : calculateScale(options.minScale, options.maxScale, last + 1, strides.length);
          scales.push(Math.sqrt(scale * next));
          ratios.push(options.interpolatedScaleAspectRatio);
        }
      }
      last++;
    }
    const stride = strides[layer];
    const rows = Math.ceil(options.inputSizeHeight / stride);
    const cols = Math.ceil(options.inputSizeWidth / stride);
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < cols; x++) {
        for (let a = 0; a < ratios.length; a++) {
          const root = Math.sqrt(ratios[a]);
          anchors.push({
            xCenter: (x + options.anchorOffsetX) / cols,
            yCenter: (y + options.anchorOffsetY) / rows,
            width: options.fixedAnchorSize ? 1 : scales[a] * root,
            height: options.fixedAnchorSize ? 1 : scales[a] / root,
          });
        }
      }
    }
    layer = last;
  }
  return anchors;
}

let poseAnchors: Anchor[] | undefined;

/** The detector's 2254 anchors, in the order of its output rows. */
export function poseDetectorAnchors(): Anchor[] {
  poseAnchors ??= generateSsdAnchors(POSE_DETECTOR_ANCHOR_OPTIONS);
  return poseAnchors;
}

/** Values per anchor row of the detector output: score logit, box (4), 4 keypoints (x, y). */
export const DETECTOR_VALUES_PER_ANCHOR = 13;
const SCALE = 224; // x_scale = y_scale = w_scale = h_scale in MediaPipe's decoder options
const SCORE_CLIP = 100; // score_clipping_thresh

export interface RawDetection {
  /** Sigmoid of the clipped logit, 0..1. */
  score: number;
  /** Normalised to the 224x224 (letterboxed) detector input. */
  box: { xCenter: number; yCenter: number; width: number; height: number };
  /**
   * Normalised keypoints: 0 hip centre, 1 full-body size/rotation point, 2 shoulder centre,
   * 3 upper-body size/rotation point.
   */
  keypoints: { x: number; y: number }[];
}

/** Decodes anchor row `index` of a detector output ([.., 2254, 13], row-major). */
export function decodeDetection(
  output: ArrayLike<number>,
  index: number,
  anchors: Anchor[] = poseDetectorAnchors(),
): RawDetection {
  const anchor = anchors[index];
  if (!anchor) throw new RangeError(`no anchor ${index}`);
  const at = (k: number) => output[index * DETECTOR_VALUES_PER_ANCHOR + k];
  const logit = Math.min(Math.max(at(0), -SCORE_CLIP), SCORE_CLIP);
  const keypoints = [];
  for (let k = 0; k < 4; k++) {
    keypoints.push({
      x: (at(5 + 2 * k) / SCALE) * anchor.width + anchor.xCenter,
      y: (at(6 + 2 * k) / SCALE) * anchor.height + anchor.yCenter,
    });
  }
  return {
    score: 1 / (1 + Math.exp(-logit)),
    box: {
      xCenter: (at(1) / SCALE) * anchor.width + anchor.xCenter,
      yCenter: (at(2) / SCALE) * anchor.height + anchor.yCenter,
      width: (at(3) / SCALE) * anchor.width,
      height: (at(4) / SCALE) * anchor.height,
    },
    keypoints,
  };
}
