/**
 * Test support for the *.spec.ts files beside it: makes small clips with the ffmpeg this process
 * uses (npm-shipped 4.1 or a system one), hiding the option names that changed between versions.
 * Also finds the real swing fixtures (SWING_FIXTURES_DIR).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ffmpegBinaries, ffmpegCapabilities } from './ffmpeg-binaries';
import type { VideoStreamInfo } from './probe-video';
import { runProcess } from './run-process';

export function makeTempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs ffmpeg with `args` then the output path; throws with ffmpeg's stderr on failure. */
export async function ffmpegRun(args: string[], output: string): Promise<string> {
  const result = await runProcess(
    ffmpegBinaries().ffmpeg.path,
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args, output],
    { timeoutMs: 30_000 },
  );
  if (result.code !== 0) throw new Error(`ffmpeg failed for ${output}: ${result.stderr}`);
  return output;
}

/**
 * `source` (30 frames a second) then its frames `from`-`to` each shown four times, as an
 * editor's slow-motion replay at a quarter of the speed joined after the real-time clip.
 */
export function withSlowMotionReplay(
  source: string,
  [from, to]: [number, number],
  output: string,
): Promise<string> {
  const replay = `[b]select='between(n\\,${from}\\,${to})',setpts=4*N/30/TB[r]`;
  return ffmpegRun(
    [
      '-i',
      source,
      '-filter_complex',
      `[0:v]setpts=N/30/TB,split[a][b];${replay};[a][r]concat=n=2:v=1:a=0,fps=30[v]`,
      '-map',
      '[v]',
    ],
    output,
  );
}

let encoders: Promise<string> | null = null;

export async function hasEncoder(name: string): Promise<boolean> {
  encoders ??= runProcess(ffmpegBinaries().ffmpeg.path, ['-hide_banner', '-encoders'], {
    timeoutMs: 10_000,
  }).then((r) => r.stdout);
  return new RegExp(`^\\s*V\\S*\\s+${name}\\s`, 'm').test(await encoders);
}

/** Output options keeping source timestamps (a variable frame rate) in an MP4. */
export async function variableRateOptions(): Promise<string[]> {
  return [(await ffmpegCapabilities()).frameRateModeOption, 'vfr'];
}

/**
 * Copies `source` with a display matrix turning it a quarter turn counter-clockwise (a rotation
 * of 270 clockwise). ffmpeg before 6 writes the `rotate` tag that way; 6 and later dropped the
 * tag for the -display_rotation input option (counter-clockwise degrees).
 */
export async function rotateQuarterCounterClockwise(source: string, output: string) {
  await ffmpegRun(['-i', source, '-c', 'copy', '-metadata:s:v', 'rotate=90'], output);
  const probed = await ffprobeJson(output, ['-show_streams']);
  const rotated = JSON.stringify(probed).includes('"rotation"');
  if (!rotated) {
    await ffmpegRun(['-display_rotation:v', '90', '-i', source, '-c', 'copy'], output);
  }
  return output;
}

export async function ffprobeJson(path: string, args: string[]): Promise<unknown> {
  const result = await runProcess(
    ffmpegBinaries().ffprobe.path,
    ['-v', 'error', ...args, '-of', 'json', path],
    { timeoutMs: 30_000 },
  );
  return JSON.parse(result.stdout) as unknown;
}

/** ffprobe -count_frames: frames the decoder outputs for stream `index`. */
export async function countDecodedFrames(path: string, index: number): Promise<number> {
  const json = (await ffprobeJson(path, [
    '-count_frames',
    '-select_streams',
    String(index),
    '-show_entries',
    'stream=nb_read_frames',
  ])) as { streams: { nb_read_frames: string }[] };
  return Number(json.streams[0].nb_read_frames);
}

/** Whole-video RGB24 frames as ffmpeg decodes them by itself (with its own autorotate). */
export async function ffmpegReferenceFrames(path: string, width: number, height: number) {
  const result = execFileSync(
    ffmpegBinaries().ffmpeg.path,
    ['-v', 'error', '-i', path, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  const size = width * height * 3;
  if (result.length % size !== 0) throw new Error(`Reference output is not ${width}x${height}`);
  const frames: Buffer[] = [];
  for (let at = 0; at < result.length; at += size) frames.push(result.subarray(at, at + size));
  return frames;
}

/** Process ids of ffmpeg/ffprobe children of this process still running. */
export function runningFfmpegChildren(): number[] {
  const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], {
    encoding: 'utf8',
  });
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, comm]) => comm === 'ffmpeg' || comm === 'ffprobe')
    .map(([pid]) => Number(pid));
}

export interface LabelledClip {
  file: string;
  frames: number;
  fps: number;
}

export interface SwingFixtures {
  dir: string;
  clips: LabelledClip[];
}

/**
 * The shared real clips, or the reason they are missing. Under CI=true a missing folder is an
 * error, not a skip, so a broken checkout cannot pass silently.
 */
export function swingFixtures(): SwingFixtures | { missing: string } {
  const repoRoot = resolve(__dirname, '../../../../..');
  const dir = resolve(
    repoRoot,
    process.env.SWING_FIXTURES_DIR ?? join('..', 'shared', 'fixtures', 'swings'),
  );
  const labels = join(dir, 'labels.json');
  if (!existsSync(labels)) return { missing: `no swing fixtures at ${dir} (SWING_FIXTURES_DIR)` };
  const parsed = JSON.parse(readFileSync(labels, 'utf8')) as { clips: LabelledClip[] };
  return { dir, clips: parsed.clips };
}

/**
 * Registers `tests` on the shared real clips. Without them: under CI=true a test that fails with
 * what is missing, so a broken checkout cannot pass silently; elsewhere `skipped`, skipped, with
 * the reason in its name.
 */
export function withSwingFixtures(skipped: string, tests: (fixtures: SwingFixtures) => void): void {
  const fixtures = swingFixtures();
  if (!('missing' in fixtures)) {
    tests(fixtures);
  } else if (process.env.CI === 'true' || process.env.CI === '1') {
    it('finds the swing fixtures (required under CI)', () => {
      throw new Error(fixtures.missing);
    });
  } else {
    it.skip(`${skipped} (${fixtures.missing})`, () => undefined);
  }
}

const X264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

/** 2 s, 30 fps, 320x240 test pattern (60 frames) after a 440 Hz audio stream (stream 0). */
export function makeBaseClip(dir: string, name = 'base.mp4'): Promise<string> {
  return ffmpegRun(
    [
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=30'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
      ...['-t', '2', '-map', '1:a', '-map', '0:v', ...X264, '-c:a', 'aac'],
    ],
    join(dir, name),
  );
}

/**
 * Variable rate: a 60 fps source keeping its first 30 frames, then every third one (20 fps), so
 * 60 frames over 2 s. Times: n / 60 for n in 0..29, then 30, 33, ... 117.
 */
export async function makeVariableRateClip(dir: string): Promise<string> {
  return ffmpegRun(
    [
      ...['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=60', '-t', '2'],
      ...['-vf', "select='lt(n\\,30)+not(mod(n\\,3))'", ...X264],
      ...(await variableRateOptions()),
    ],
    join(dir, 'vfr.mp4'),
  );
}

export const VARIABLE_RATE_TIMES = [
  ...Array.from({ length: 30 }, (_, n) => n / 60),
  ...Array.from({ length: 30 }, (_, k) => (30 + 3 * k) / 60),
];

/** A black 320x240 clip with a white block in the top-left corner (to see which way is up). */
export function makeCornerMarkClip(dir: string): Promise<string> {
  return ffmpegRun(
    [
      ...['-f', 'lavfi', '-i', 'color=black:size=320x240:rate=30', '-t', '0.5'],
      ...['-vf', 'drawbox=x=0:y=0:w=80:h=60:color=white:t=fill', ...X264],
    ],
    join(dir, 'corner.mp4'),
  );
}

/** A picture file (PNG or JPEG by extension). */
export function makePicture(dir: string, name: string): Promise<string> {
  return ffmpegRun(
    ['-f', 'lavfi', '-i', 'testsrc2=size=160x90', '-frames:v', '1'],
    join(dir, name),
  );
}

/** The test pattern with a cover picture as its first stream, marked attached_pic. */
export async function makeCoverArtClip(dir: string, base: string): Promise<string> {
  const cover = await makePicture(dir, 'cover.png');
  return ffmpegRun(
    [
      '-i',
      cover,
      '-i',
      base,
      '-map',
      '0',
      '-map',
      '1',
      '-c',
      'copy',
      '-disposition:0',
      'attached_pic',
    ],
    join(dir, 'cover.mp4'),
  );
}

/** A .mov whose first track is a one-frame JPEG thumbnail (no attached_pic flag). */
export async function makeThumbnailTrackClip(dir: string, base: string): Promise<string> {
  const thumbnail = await makePicture(dir, 'thumbnail.jpg');
  return ffmpegRun(
    ['-i', thumbnail, '-i', base, '-map', '0', '-map', '1:v', '-c', 'copy'],
    join(dir, 'thumbnail.mov'),
  );
}

export function makeAudioOnly(dir: string, name = 'audio.m4a'): Promise<string> {
  return ffmpegRun(
    ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'aac'],
    join(dir, name),
  );
}

export async function makeHevcClip(dir: string): Promise<string | null> {
  if (!(await hasEncoder('libx265'))) return null;
  return ffmpegRun(
    [
      ...['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=30', '-t', '0.5'],
      ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=none'],
      ...['-tag:v', 'hvc1', '-pix_fmt', 'yuv420p'],
    ],
    join(dir, 'hevc.mp4'),
  );
}

/** ProRes 422 HQ ('apch'). */
export function makeProResClip(dir: string): Promise<string> {
  return ffmpegRun(
    [
      ...['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=30', '-t', '0.5'],
      ...['-c:v', 'prores_ks', '-profile:v', '3'],
    ],
    join(dir, 'prores.mov'),
  );
}

/** A 320x180 picture padded with black to 320x320: bars of 70 px above and below. */
export function makeLetterboxedClip(dir: string): Promise<string> {
  return ffmpegRun(
    [
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=30', '-t', '1'],
      ...['-vf', 'pad=320:320:0:70:black', ...X264],
    ],
    join(dir, 'letterbox.mp4'),
  );
}

/** The first half of `source`'s bytes. */
export function truncate(source: string, output: string): string {
  const bytes = readFileSync(source);
  writeFileSync(output, bytes.subarray(0, Math.floor(bytes.length / 2)));
  return output;
}

/** Same content with the moov box first (what "fast start" exporters write). */
export function makeFastStartCopy(source: string, output: string): Promise<string> {
  return ffmpegRun(['-i', source, '-c', 'copy', '-movflags', '+faststart'], output);
}

/** A probed 1080p30 H.264 stream for tests that need a VideoStreamInfo without a file. */
export function fakeStreamInfo(overrides: Partial<VideoStreamInfo> = {}): VideoStreamInfo {
  return {
    index: 0,
    codec: 'h264',
    codecTag: 'avc1',
    profile: 'High',
    pixelFormat: 'yuv420p',
    width: 1920,
    height: 1080,
    rotation: 0,
    uprightWidth: 1920,
    uprightHeight: 1080,
    sampleAspectRatio: 1,
    avgFrameRate: 30,
    realFrameRate: 30,
    variableFrameRate: false,
    startTime: 0,
    duration: 2,
    frameCount: 60,
    ...overrides,
  };
}
