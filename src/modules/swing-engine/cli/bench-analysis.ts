/**
 * `npm run bench:analysis -- <video>...`: for each clip, runs the whole `npm run analyze` process
 * and ffmpeg's decode-only pass of the same clip in the same run, and prints duration, frames,
 * time per stage, wall time and the two ratios (wall / clip duration, wall / decode-only).
 * It also times the process's start-up without a video, the floor under every run.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../infrastructure/project-root';
import { ffmpegBinaries } from '../infrastructure/video/ffmpeg-binaries';
import { probeVideo } from '../infrastructure/video/probe-video';

function timeProcess(
  command: string,
  args: string[],
  options: { mayFail?: boolean } = {},
): Promise<{ ms: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: projectRoot(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 || options.mayFail
        ? resolve({ ms: performance.now() - started, stdout })
        : reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr.slice(-500)}`)),
    );
  });
}

async function main() {
  const clips = process.argv.slice(2);
  if (!clips.length) throw new Error('usage: npm run bench:analysis -- <video>...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // Build once, so each timed run below is the analysis alone (npm run + node + models + work).
  await timeProcess(npm, ['run', '--silent', 'build:server']);
  // The floor under every run: npm, node and the engine's modules, without a video (the CLI
  // stops at its usage line). Set against decode-only, it shows how much room is left for pose.
  const startup = await timeProcess(npm, ['run', '--silent', 'analyze'], { mayFail: true });
  console.log(`process start-up without a video: ${(startup.ms / 1000).toFixed(2)} s`);
  for (const clip of clips) {
    const file = path.resolve(clip);
    const info = await probeVideo(file);
    const decode = await timeProcess(ffmpegBinaries().ffmpeg.path, [
      '-v',
      'error',
      '-i',
      file,
      '-map',
      '0:v:0',
      '-f',
      'null',
      '-',
    ]);
    const run = await timeProcess(npm, ['run', '--silent', 'analyze', '--', file]);
    const report = JSON.parse(run.stdout) as {
      faceOn: { framesAnalysed: number };
      timings: Record<string, number>;
    };
    const duration = info.duration ?? NaN;
    console.log(
      [
        `${path.basename(file)}: duration ${duration.toFixed(2)} s, ` +
          `${info.video?.frameCount ?? '?'} frames decoded, ${report.faceOn.framesAnalysed} posed`,
        `  stages ${Object.entries(report.timings)
          .map(([k, v]) => `${k} ${v} ms`)
          .join(', ')}`,
        `  wall ${(run.ms / 1000).toFixed(2)} s (whole npm run analyze process), ` +
          `decode-only ${(decode.ms / 1000).toFixed(2)} s`,
        `  wall/duration ${(run.ms / 1000 / duration).toFixed(2)}, ` +
          `wall/decode-only ${(run.ms / decode.ms).toFixed(2)}`,
        `  3x decode-only is ${((3 * decode.ms) / 1000).toFixed(2)} s; start-up and model load ` +
          `take ${((startup.ms + (report.timings['loadModels'] ?? 0)) / 1000).toFixed(2)} s of it`,
      ].join('\n'),
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
