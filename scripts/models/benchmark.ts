/**
 * Per-frame inference time of the committed models with onnxruntime-node (CPU).
 * Run after `npm run models:build` compiled the scripts:
 *   node node_modules/.cache/models-build/scripts/models/benchmark.js [threads] [runs]
 */
import * as ort from 'onnxruntime-node';
import { POSE_MODEL_FILES } from '../../src/modules/analysis/infrastructure/pose/model-files';

async function bench(file: string, size: number, threads: number, runs: number): Promise<string> {
  const created = Date.now();
  const session = await ort.InferenceSession.create(file, {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  });
  const loadMs = Date.now() - created;
  const data = new Float32Array(size * size * 3).map((_, i) => ((i * 7919) % 255) / 255);
  const feeds = { [session.inputNames[0]]: new ort.Tensor('float32', data, [1, size, size, 3]) };
  for (let i = 0; i < 10; i++) await session.run(feeds);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await session.run(feeds);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  await session.release();
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return (
    `min ${times[0].toFixed(1)} ms, median ${pct(0.5).toFixed(1)} ms, mean ${mean.toFixed(1)} ms, p90 ${pct(0.9).toFixed(1)} ms ` +
    `(${runs} runs, session load ${loadMs} ms)`
  );
}

async function main(): Promise<void> {
  const threads = Number(process.argv[2] ?? 2);
  const runs = Number(process.argv[3] ?? 100);
  console.log(`onnxruntime-node ${ort.env.versions.node}, intraOpNumThreads ${threads}`);
  const models: [keyof typeof POSE_MODEL_FILES, number][] = [
    ['detector', 224],
    ['lite', 256],
    ['full', 256],
    ['heavy', 256],
  ];
  for (const [name, size] of models) {
    console.log(`${name}: ${await bench(POSE_MODEL_FILES[name], size, threads, runs)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
