/**
 * `npm run top-model:data -- <dir> --cache <dir> --out <file>`: the training data of the learned
 * top (domain/swing/top-model.ts) from the pose tracks `eval:events --cache` keeps: for every
 * clip of <dir>/labels.json with a labelled top, the candidate frames around the hand rule's top,
 * their features and whether each is within the clip's tolerance of the label. Every clip is
 * written with its split; scripts/train-top-model.py trains on the tuning clips only.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PoseTrack } from '../domain/pose-track';
import { splitOf, type CorpusSplit } from '../domain/swing/event-scoring';
import { detectSwingEvents, EVENT_TUNING } from '../domain/swing/swing-events';
import { swingSignals } from '../domain/swing/swing-signals';
import { TOP_FEATURES, topCandidates } from '../domain/swing/top-model';

interface LabelledClip {
  file: string;
  tolerance: number;
  events: { top?: number };
}

/** One clip's candidates, as the trainer reads them. */
export interface TopTrainingClip {
  file: string;
  split: CorpusSplit;
  /** Frame numbers (the labels' numbering) of the candidates... */
  frames: number[];
  /** ...their features (TOP_FEATURES' order; NaN written as null)... */
  features: Array<Array<number | null>>;
  /** ...and whether each is within the clip's tolerance of the labelled top. */
  correct: boolean[];
}

async function main() {
  const argv = process.argv.slice(2);
  const option = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const [dir] = argv;
  const cache = option('--cache');
  const out = option('--out');
  if (!dir || !cache || !out) {
    throw new Error(
      'usage: npm run top-model:data -- <dir with labels.json> --cache <dir> --out <file>',
    );
  }
  const labels = JSON.parse(await readFile(path.join(dir, 'labels.json'), 'utf8')) as {
    clips: LabelledClip[];
  };
  // The candidates sit around the hand rule's top, as they do when the model chooses.
  EVENT_TUNING.learnedTop = false;
  const clips: TopTrainingClip[] = [];
  let skipped = 0;
  for (const clip of labels.clips) {
    const cached = path.join(cache, `${clip.file}.track.json`);
    const label = clip.events.top;
    if (label === undefined || !existsSync(cached)) {
      skipped++;
      continue;
    }
    const track = JSON.parse(await readFile(cached, 'utf8')) as PoseTrack;
    const s = swingSignals(track);
    let events;
    try {
      events = detectSwingEvents(track, s);
    } catch {
      skipped++;
      continue;
    }
    const { top, impact } = events.positions;
    const shot = s.shots.find(([first, last]) => first <= impact && impact <= last)!;
    const candidates = topCandidates(s, { shot, top, impact });
    const frames = candidates.frames.map((i) => track.frames[i]!.index);
    clips.push({
      file: clip.file,
      split: splitOf(clip.file),
      frames,
      features: candidates.features.map((row) => row.map((v) => (Number.isNaN(v) ? null : v))),
      correct: frames.map((frame) => Math.abs(frame - label) <= clip.tolerance),
    });
  }
  await writeFile(out, JSON.stringify({ features: TOP_FEATURES, clips }));
  console.log(
    `${clips.length} clips written to ${out} (${skipped} without a top label, a cached track or a swing)`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
