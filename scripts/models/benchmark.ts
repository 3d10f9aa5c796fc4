/**
 * Per-frame inference time of the committed models with onnxruntime-node (CPU).
 * Run after `npm run models:build` compiled the scripts:
 *   node node_modules/.cache/models-build/scripts/models/benchmark.js [threads] [runs] [--against <dir>]
 *
 * --against <dir> also times the same-named models in <dir> (e.g. an older build, written there
 * with `git show <rev>:models/<file>`), in alternating rounds within this one run, and prints the
 * ratio: the machine's noise then hits both sides alike.
 */
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { POSE_MODEL_FILES } from '../../src/modules/swing-engine/infrastructure/pose/model-files';

const ROUNDS = 5;

interface Timed {
  file: string;
  session: ort.InferenceSession;
  loadMs: number;
  times: number[];
}

async function load(file: string, threads: number): Promise<Timed> {
  const created = Date.now();
  const session = await ort.InferenceSession.create(file, {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  });
  return { file, session, loadMs: Date.now() - created, times: [] };
}

async function timeRuns(
  timed: Timed,
  feeds: Record<string, ort.Tensor>,
  runs: number,
): Promise<void> {
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await timed.session.run(feeds);
    timed.times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
}

function summary(timed: Timed): { text: string; median: number } {
  const times = [...timed.times].sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return {
    median: pct(0.5),
    text:
      `min ${times[0].toFixed(1)} ms, median ${pct(0.5).toFixed(1)} ms, mean ${mean.toFixed(1)} ms, ` +
      `p90 ${pct(0.9).toFixed(1)} ms (${times.length} runs, session load ${timed.loadMs} ms)`,
  };
}

/** Times `files` on the same input in alternating rounds; the first file's input name is used. */
async function bench(files: string[], size: number, threads: number, runs: number) {
  const sessions = await Promise.all(files.map((f) => load(f, threads)));
  const data = new Float32Array(size * size * 3).map((_, i) => ((i * 7919) % 255) / 255);
  const input = new ort.Tensor('float32', data, [1, size, size, 3]);
  const feeds = { [sessions[0].session.inputNames[0]]: input };
  for (const s of sessions) for (let i = 0; i < 10; i++) await s.session.run(feeds);
  const perRound = Math.max(1, Math.round(runs / ROUNDS));
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of sessions) await timeRuns(s, feeds, perRound);
  }
  await Promise.all(sessions.map((s) => s.session.release()));
  return sessions.map(summary);
}

async function main(argv: string[]): Promise<void> {
  const againstFlag = argv.indexOf('--against');
  const against = againstFlag >= 0 ? path.resolve(argv[againstFlag + 1]!) : undefined;
  const positional = againstFlag >= 0 ? argv.slice(0, againstFlag) : argv;
  const threads = Number(positional[0] ?? 2);
  const runs = Number(positional[1] ?? 100);
  console.log(`onnxruntime-node ${ort.env.versions.node}, intraOpNumThreads ${threads}`);
  const models: [keyof typeof POSE_MODEL_FILES, number][] = [
    ['detector', 224],
    ['lite', 256],
    ['full', 256],
    ['heavy', 256],
  ];
  for (const [name, size] of models) {
    const committed = POSE_MODEL_FILES[name];
    if (!against) {
      const [result] = await bench([committed], size, threads, runs);
      console.log(`${name}: ${result!.text}`);
      continue;
    }
    const other = path.join(against, path.basename(committed));
    const [mine, theirs] = await bench([committed, other], size, threads, runs);
    console.log(`${name}: ${mine!.text}`);
    console.log(`  ${other}: ${theirs!.text}`);
    console.log(
      `  median ratio (${path.basename(against)} / committed): ${(theirs!.median / mine!.median).toFixed(2)}`,
    );
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
