import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import ffmpeg from 'fluent-ffmpeg';
import {
  ffmpegBinaries,
  ffmpegCapabilities,
  findOnPath,
  resolveFfmpegBinaries,
} from './ffmpeg-binaries';
import { runProcess } from './run-process';
import { makeTempDir } from './test-clips';

const temp = makeTempDir('ffmpeg-binaries');
afterAll(() => temp.remove());

/** A directory holding fake executables (and a non-executable decoy) named as given. */
function binDir(name: string, executables: string[], plainFiles: string[] = []): string {
  const dir = join(temp.dir, name);
  mkdirSync(dir);
  for (const file of executables) {
    writeFileSync(join(dir, file), '#!/bin/sh\n');
    chmodSync(join(dir, file), 0o755);
  }
  for (const file of plainFiles) writeFileSync(join(dir, file), 'not executable');
  return dir;
}

describe('findOnPath', () => {
  it('returns the first executable match and skips non-executable files', () => {
    const decoy = binDir('decoy', [], ['ffmpeg']);
    const first = binDir('first', ['ffmpeg']);
    const second = binDir('second', ['ffmpeg', 'ffprobe']);
    const PATH = [decoy, '', first, second].join(delimiter);
    expect(findOnPath('ffmpeg', { PATH })).toBe(join(first, 'ffmpeg'));
    expect(findOnPath('ffprobe', { PATH })).toBe(join(second, 'ffprobe'));
    expect(findOnPath('ffmpeg', { PATH: decoy })).toBeNull();
    expect(findOnPath('ffmpeg', {})).toBeNull();
  });
});

describe('resolveFfmpegBinaries', () => {
  it('prefers the environment, then PATH, then the npm-shipped binaries', () => {
    const system = binDir('system', ['ffmpeg', 'ffprobe']);
    expect(resolveFfmpegBinaries({ PATH: system })).toEqual({
      ffmpeg: { path: join(system, 'ffmpeg'), source: 'system' },
      ffprobe: { path: join(system, 'ffprobe'), source: 'system' },
    });
    const fromEnv = resolveFfmpegBinaries({ PATH: system, FFMPEG_PATH: '/opt/ffmpeg' });
    expect(fromEnv.ffmpeg).toEqual({ path: '/opt/ffmpeg', source: 'env' });
    const shipped = resolveFfmpegBinaries({ PATH: binDir('empty', []) });
    expect(shipped.ffmpeg.source).toBe('npm');
    expect(shipped.ffmpeg.path).toMatch(/@ffmpeg-installer/);
    expect(shipped.ffprobe.path).toMatch(/@ffprobe-installer/);
  });

  it('resolves once per process, and the binaries run', async () => {
    const first = ffmpegBinaries();
    expect(ffmpegBinaries()).toBe(first);
    const version = await runProcess(first.ffmpeg.path, ['-hide_banner', '-version'], {
      timeoutMs: 10_000,
    });
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^ffmpeg version/);
    console.log(`ffmpeg in use (${first.ffmpeg.source}): ${version.stdout.split('\n')[0]}`);
  });

  it('points fluent-ffmpeg at the same ffprobe', async () => {
    const { ffprobe } = ffmpegBinaries();
    const command = ffmpeg();
    const path = await new Promise<string>((resolve, reject) => {
      // fluent-ffmpeg's own lookup honours the configured path.
      (
        command as unknown as {
          _getFfprobePath: (cb: (error: Error | null, path: string) => void) => void;
        }
      )._getFfprobePath((error, found) => (error ? reject(error) : resolve(found)));
    });
    expect(path).toBe(ffprobe.path);
  });
});

describe('ffmpegCapabilities', () => {
  it('knows the frame-rate mode option of this ffmpeg', async () => {
    const { frameRateModeOption } = await ffmpegCapabilities();
    expect(['-fps_mode', '-vsync']).toContain(frameRateModeOption);
    expect(await ffmpegCapabilities()).toEqual({ frameRateModeOption });
  });
});

describe('runProcess', () => {
  it('kills a child that outlives its timeout', async () => {
    const started = Date.now();
    await expect(runProcess('sleep', ['5'], { timeoutMs: 100 })).rejects.toThrow(/killed/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('kills a child that writes more than allowed', async () => {
    await expect(
      runProcess('head', ['-c', '100000', '/dev/zero'], { timeoutMs: 5000, maxOutputBytes: 1000 }),
    ).rejects.toThrow(/more than 1000 bytes/);
  });
});
