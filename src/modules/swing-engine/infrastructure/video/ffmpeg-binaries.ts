/**
 * Which ffmpeg/ffprobe the analysis engine runs. Order: FFMPEG_PATH / FFPROBE_PATH (the variables
 * fluent-ffmpeg itself reads), then a system install on PATH (usually newer, and maintained by the
 * OS), then the static binaries shipped in npm packages (ffmpeg 4.1, so every machine has one).
 * Resolved once per process and handed to fluent-ffmpeg too, so all callers agree.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import ffmpeg from 'fluent-ffmpeg';
import { runProcess } from './run-process';

export type BinarySource = 'env' | 'system' | 'npm';

export interface BinaryChoice {
  path: string;
  source: BinarySource;
}

export interface FfmpegBinaries {
  ffmpeg: BinaryChoice;
  ffprobe: BinaryChoice;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The first executable file called `name` in the PATH directories, or null. */
export function findOnPath(name: string, env: Env = process.env): string | null {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here; keep looking
    }
  }
  return null;
}

/**
 * The installer packages throw at load time on a platform they ship no binary for, so they are
 * loaded lazily and only when nothing better exists.
 */
function npmBinary(name: 'ffmpeg' | 'ffprobe'): string | null {
  try {
    const moduleName =
      name === 'ffmpeg' ? '@ffmpeg-installer/ffmpeg' : '@ffprobe-installer/ffprobe';
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const installer = require(moduleName) as { path?: unknown };
    return typeof installer.path === 'string' ? installer.path : null;
  } catch {
    return null;
  }
}

function choose(
  name: 'ffmpeg' | 'ffprobe',
  envVar: 'FFMPEG_PATH' | 'FFPROBE_PATH',
  env: Env,
): BinaryChoice {
  const fromEnv = env[envVar];
  if (fromEnv) return { path: fromEnv, source: 'env' };
  const system = findOnPath(name, env);
  if (system) return { path: system, source: 'system' };
  const shipped = npmBinary(name);
  if (shipped) return { path: shipped, source: 'npm' };
  throw new Error(`No ${name} found: not on PATH and the npm-shipped binary is missing`);
}

/** Resolves the binaries without caching (tests pass their own environment). */
export function resolveFfmpegBinaries(env: Env = process.env): FfmpegBinaries {
  return {
    ffmpeg: choose('ffmpeg', 'FFMPEG_PATH', env),
    ffprobe: choose('ffprobe', 'FFPROBE_PATH', env),
  };
}

let cached: FfmpegBinaries | null = null;

/** The binaries for this process: looked up once, then fluent-ffmpeg is pointed at them. */
export function ffmpegBinaries(): FfmpegBinaries {
  if (!cached) {
    cached = resolveFfmpegBinaries();
    ffmpeg.setFfmpegPath(cached.ffmpeg.path);
    ffmpeg.setFfprobePath(cached.ffprobe.path);
  }
  return cached;
}

export interface FfmpegCapabilities {
  /** ffmpeg 5.1 renamed -vsync to -fps_mode (and later versions deprecate -vsync). */
  frameRateModeOption: '-fps_mode' | '-vsync';
}

let capabilities: Promise<FfmpegCapabilities> | null = null;

/** Options that differ between the ffmpeg versions we may run (checked once, from `-h long`). */
export function ffmpegCapabilities(): Promise<FfmpegCapabilities> {
  if (!capabilities) {
    capabilities = runProcess(ffmpegBinaries().ffmpeg.path, ['-hide_banner', '-h', 'long'], {
      timeoutMs: 10_000,
    }).then(({ stdout }) => ({
      frameRateModeOption: /^-fps_mode\b/m.test(stdout) ? '-fps_mode' : '-vsync',
    }));
    // A failed check must not poison every later decode.
    capabilities.catch(() => (capabilities = null));
  }
  return capabilities;
}
