#!/usr/bin/env node
/**
 * How far labels by eye agree (issue 17, decision 0020): corpus/second-labels.json's blind second
 * labels of the address and the finish against the corpus's first labels, against the product
 * owner's labels of the shared fixtures, and against the third labels of a sample. Agreement is
 * counted within GolfDB's tolerance and within three times it, as eval:events scores the engine.
 *
 * usage: node scripts/label-agreement.mjs [fixtures dir, default ../shared/fixtures/swings]
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const read = (file) => JSON.parse(readFileSync(file, 'utf8'));
const manifest = read(path.join(root, 'corpus/manifest.json'));
const second = read(path.join(root, 'corpus/second-labels.json'));
const fixturesDir = path.resolve(process.argv[2] ?? path.join(root, '../shared/fixtures/swings'));
const fixturesFile = path.join(fixturesDir, 'labels.json');
const fixtures = existsSync(fixturesFile) ? read(fixturesFile).clips : [];
if (fixtures.length === 0) console.log(`(no ${fixturesFile}: the owner's labels are left out)`);

/** First labels and tolerance, by file: the corpus's labels by eye and the owner's fixtures. */
const first = new Map(
  [...manifest.clips.filter((c) => !c.file.startsWith('golfdb_')), ...fixtures].map((c) => [
    c.file,
    c,
  ]),
);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? NaN : s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * "a of n within the tolerance, b within three times it", and the median of a - b in tolerances
 * (a is always the second labels: negative means they sit earlier).
 */
function agreement(pairs) {
  const both = pairs.filter((p) => p.a !== null && p.b !== null);
  const within = (k) => both.filter((p) => Math.abs(p.a - p.b) <= k * p.tolerance).length;
  const lean = median(both.map((p) => (p.a - p.b) / p.tolerance));
  const nulls = pairs.length - both.length;
  return (
    `${within(1)} of ${both.length} within the tolerance, ${within(3)} within three times it` +
    `${nulls ? ` (${nulls} left unlabelled by one side)` : ''}; median of second minus other ` +
    `${Number.isNaN(lean) ? 'n/a' : lean.toFixed(2)} tolerances`
  );
}

for (const event of ['address', 'finish']) {
  const labels = second.labels.filter((l) => l.event === event);
  const byFile = new Map();
  for (const l of labels) byFile.set(l.file, [...(byFile.get(l.file) ?? []), l]);
  const againstFirst = { corpus: [], fixture: [] };
  const repeats = [];
  for (const [file, rounds] of byFile) {
    const a = rounds.find((l) => l.round === 'second');
    const b = rounds.find((l) => l.round === 'third');
    const clip = first.get(file);
    if (!clip) continue;
    const labelled = clip.events[event];
    if (labelled !== undefined) {
      againstFirst[a.source].push({ a: a.frame, b: labelled, tolerance: clip.tolerance });
    }
    if (b) repeats.push({ a: a.frame, b: b.frame, tolerance: clip.tolerance });
  }
  console.log(`${event}:`);
  console.log(`  second labels against the corpus's first: ${agreement(againstFirst.corpus)}`);
  const realTime = againstFirst.corpus.filter((p) => p.tolerance <= 2);
  console.log(`    of which tolerance 1-2 (real time): ${agreement(realTime)}`);
  if (fixtures.length > 0) {
    console.log(
      `  second labels against the owner's (fixtures): ${agreement(againstFirst.fixture)}`,
    );
  }
  console.log(`  second labels against a third, blind: ${agreement(repeats)}`);
}
