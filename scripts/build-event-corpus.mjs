/**
 * `npm run corpus:build -- <out dir> [--mirrors <dir>]`: builds the labelled event corpus
 * (corpus/manifest.json) into <out dir>: each clip is copied out of a fetched snapshot of its
 * repository by its blob id, so the footage is exactly the one labelled, and <out dir>/labels.json
 * is written in the shared fixtures' format for `npm run eval:events -- <out dir>`.
 *
 * Snapshots are looked up as <mirrors>/<owner>+<name>/repo (the search tool's fetch layout;
 * default ../.mirror beside this checkout, or CORPUS_MIRRORS). A clip whose snapshot is missing
 * is named and left out; the footage itself is never committed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const out = argv[0];
if (!out || out.startsWith('--')) {
  console.error('usage: npm run corpus:build -- <out dir> [--mirrors <dir>]');
  process.exit(1);
}
const flag = argv.indexOf('--mirrors');
const mirrors =
  flag > 0 ? argv[flag + 1] : (process.env.CORPUS_MIRRORS ?? path.resolve(root, '..', '.mirror'));
const manifest = JSON.parse(readFileSync(path.join(root, 'corpus', 'manifest.json'), 'utf8'));

mkdirSync(out, { recursive: true });
const built = [];
const missing = new Set();
for (const clip of manifest.clips) {
  // A snapshot is a bare repository, or (some fetches) a clone with its .git inside.
  const snapshot = path.join(mirrors, clip.repo.replace('/', '+'), 'repo');
  const gitDir = existsSync(path.join(snapshot, '.git')) ? path.join(snapshot, '.git') : snapshot;
  if (!existsSync(gitDir)) {
    missing.add(clip.repo);
    continue;
  }
  const target = path.join(out, clip.file);
  if (!existsSync(target)) {
    // By blob id: the bytes labelled, whatever the snapshot's newest commit holds now.
    const bytes = execFileSync('git', ['--git-dir', gitDir, 'cat-file', 'blob', clip.blob], {
      maxBuffer: 1 << 30,
    });
    writeFileSync(target, bytes);
  }
  const { file, view, handedness, fps, tolerance, events } = clip;
  const labelledBy = clip.golfdb ? 'golfdb' : 'eye';
  built.push({ file, view, handedness, fps, tolerance, events, labelledBy });
}
writeFileSync(
  path.join(out, 'labels.json'),
  JSON.stringify(
    {
      numbering: '0-based index of decoded frames of the first video stream, in decode order',
      clips: built,
    },
    null,
    2,
  ) + '\n',
);
console.log(`${built.length} of ${manifest.clips.length} clips in ${out}`);
for (const repo of missing) console.log(`missing snapshot: fetch github:${repo} into ${mirrors}`);
