/**
 * Runs the TFJS originals (tfjs-core + CPU backend + tfjs-converter) for models.integration.spec.ts, in a
 * plain Node process: inside Jest's vm sandbox every global lookup is slow, and TFJS's CPU kernels
 * call Math.* per element, which made each model 3-4 times slower there.
 *
 * node scripts/models/tfjs-reference.js <sourceDir> <input.f32> <size> <model>...
 *   input.f32: raw little-endian float32 NHWC [1, size, size, 3]
 *   prints JSON { [model]: { [signature output name]: base64 of float32 values } }
 */
const { readFileSync } = require('node:fs');
const path = require('node:path');
const tf = require('@tensorflow/tfjs-core');
require('@tensorflow/tfjs-backend-cpu');
const { loadGraphModel } = require('@tensorflow/tfjs-converter');

async function run(sourceDir, name, input, size) {
  const json = JSON.parse(readFileSync(path.join(sourceDir, `${name}.json`), 'utf8'));
  const weights = Buffer.concat(
    json.weightsManifest.flatMap((g) => g.paths.map((p) => readFileSync(path.join(sourceDir, p)))),
  );
  const model = await loadGraphModel({
    load: async () => ({
      modelTopology: json.modelTopology,
      weightSpecs: json.weightsManifest.flatMap((g) => g.weights),
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.length),
      format: json.format,
      signature: json.signature,
    }),
  });
  const outputs = Object.entries(json.signature.outputs);
  const x = tf.tensor4d(input, [1, size, size, 3]);
  const result = model.execute(
    x,
    outputs.map(([, sig]) => sig.name.replace(/:0$/, '')),
  );
  const tensors = Array.isArray(result) ? result : [result];
  const data = {};
  outputs.forEach(([key], i) => {
    const values = tensors[i].dataSync();
    data[key] = Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString('base64');
  });
  tf.dispose([x, ...tensors]);
  model.dispose();
  return data;
}

async function main() {
  const [sourceDir, inputFile, sizeArg, ...models] = process.argv.slice(2);
  tf.env().set('PROD', true); // no "install the node backend" advice on stderr
  await tf.setBackend('cpu');
  const size = Number(sizeArg);
  const input = new Float32Array(Uint8Array.from(readFileSync(inputFile)).buffer);
  if (input.length !== size * size * 3)
    throw new Error(`${inputFile}: not [1, ${size}, ${size}, 3]`);
  const results = {};
  for (const name of models) results[name] = await run(sourceDir, name, input, size);
  process.stdout.write(JSON.stringify(results));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
