/** One TFJS graph model -> ONNX bytes (deterministic: same source, same bytes). */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { OnnxGraphBuilder } from './onnx-builder';
import { SOURCE_PACKAGE, SOURCE_VERSION } from './source-package';
import { convertGraph, type ConversionResult } from './tf-to-onnx';
import { readTfjsGraphModel } from './tfjs-graph';

export const CONVERTER = 'golf-swing-fitness scripts/models/convert-tfjs-to-onnx';
/** Bump when the converter's output changes, so a model records which converter wrote it. */
export const CONVERTER_VERSION = '2';

/**
 * The landmark models' outputs the pose estimator reads. The other two, the person mask
 * (activation_segmentation) and the per-point heatmaps (activation_heatmap), come from a decoder
 * at up to 256x256 that nothing here uses: the converter leaves them and every node only they
 * need out, which makes the full model about 2.5 times faster on the CPU (decision 0006).
 */
export const LANDMARK_OUTPUTS_KEPT = ['ld_3d', 'world_3d', 'output_poseflag'];

export interface ConvertedModel {
  bytes: Uint8Array;
  result: ConversionResult;
}

/** Converts `<sourceDir>/<name>.json` (+ shards) to ONNX. */
export function convertTfjsModel(sourceDir: string, name: string): ConvertedModel {
  const jsonPath = path.join(sourceDir, `${name}.json`);
  const source = readTfjsGraphModel(jsonPath);
  const model =
    name === 'blazepose-detector'
      ? source
      : { ...source, outputs: source.outputs.filter((o) => LANDMARK_OUTPUTS_KEPT.includes(o.key)) };
  const builder = new OnnxGraphBuilder();
  const result = convertGraph(model, builder);
  const files = [`${name}.json`, ...model.json.weightsManifest.flatMap((g) => g.paths)];
  const sourceHashes = files.map(
    (f) =>
      `${f} sha256:${createHash('sha256')
        .update(readFileSync(path.join(sourceDir, f)))
        .digest('hex')}`,
  );
  const io = (list: ConversionResult['inputs']) =>
    list.map((t) => `${t.name} = TF ${t.tfName} [${t.shape.join(',')}]`).join('; ');
  const bytes = builder.encode({
    graphName: name,
    producerName: CONVERTER,
    producerVersion: CONVERTER_VERSION,
    docString:
      `MediaPipe BlazePose (${name}) converted from the TFJS graph model ` +
      `${SOURCE_PACKAGE}@${SOURCE_VERSION} models/${name}.json. Licence: Apache-2.0 (MediaPipe). ` +
      `Inputs: ${io(result.inputs)}. Outputs: ${io(result.outputs)}.`,
    metadata: {
      source: `${SOURCE_PACKAGE}@${SOURCE_VERSION} models/${name}.json`,
      source_files: sourceHashes.join('\n'),
      original: model.json.generatedBy ?? '',
      license: 'Apache-2.0',
    },
  });
  return { bytes, result };
}
