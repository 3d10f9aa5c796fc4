/**
 * Runs the compiled engine (`npm run build` first; `npm test` and `npm start` build too).
 * `npm run analyze -- <face-on video> [--dtl <video>] [--club driver --club-speed 105
 * --ball-speed 152 --tour pga ...] [--out dir]`: prints the report JSON and writes the artifacts.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { AnalysisFailure } from '../application/analysis-failure';
import { analyzeSwing } from '../compose';
import type { LaunchMonitorForm } from '../domain/launch-monitor/launch-monitor-input';
import { writeArtifacts } from '../infrastructure/artifacts/write-artifacts';

const LAUNCH_FLAGS: Record<string, keyof LaunchMonitorForm> = {
  '--club': 'clubSelection',
  '--tour': 'tourComparison',
  '--gender': 'gender',
  '--club-speed': 'clubSpeed',
  '--ball-speed': 'ballSpeed',
  '--age': 'age',
  '--club-path': 'clubPath',
  '--face-angle': 'faceAngle',
  '--spin-rate': 'spinRate',
  '--carry': 'carry',
  '--total': 'total',
};

async function upload(file: string) {
  return { originalName: path.basename(file), path: file, size: (await stat(file)).size };
}

async function main() {
  const args = process.argv.slice(2);
  let faceOn: string | undefined;
  let dtl: string | undefined;
  let out: string | undefined;
  const launch: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--dtl') dtl = args[++i];
    else if (arg === '--out') out = args[++i];
    else if (LAUNCH_FLAGS[arg]) launch[LAUNCH_FLAGS[arg]] = args[++i] ?? '';
    else if (!arg.startsWith('--') && !faceOn) faceOn = arg;
    else throw new Error(`unknown argument ${arg}`);
  }
  if (!faceOn)
    throw new Error('usage: npm run analyze -- <face-on video> [--dtl <video>] [--out dir]');
  if (Object.keys(launch).length && !launch['tourComparison'] && !launch['gender']) {
    launch['tourComparison'] = 'pga';
  }
  const started = performance.now();
  const result = await analyzeSwing({
    faceOn: await upload(faceOn),
    downTheLine: dtl ? await upload(dtl) : undefined,
    launch,
  });
  if (out) {
    await writeArtifacts(out, result.report, result.tracks, { faceOn, downTheLine: dtl });
  }
  const timings = { ...result.timings, totalMs: Math.round(performance.now() - started) };
  process.stdout.write(`${JSON.stringify({ ...result.report, timings }, null, 2)}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof AnalysisFailure) {
    process.stderr.write(`${error.title}: ${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
