/**
 * `npm run learned-events:data -- <address|top|finish> <dir> --cache <dir> --out <file>`: the
 * training data of a learned event (domain/swing/learned-events.ts) from the pose tracks
 * `eval:events --cache` keeps: for every clip of <dir>/labels.json with the event labelled, the
 * candidate frames around the rule's frame, their features and whether each is right (the
 * address and the top within the clip's tolerance of the label, the finish within three
 * tolerances: the gradual event is judged so). Every clip is written with its split;
 * scripts/train-learned-events.py trains on the tuning clips only.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import type { PoseTrack } from '../domain/pose-track';
import { splitOf, type CorpusSplit } from '../domain/swing/event-scoring';
import { candidates, LEARNED_FEATURES, type LearnedEvent } from '../domain/swing/learned-events';
import { detectSwingEvents, EVENT_TUNING } from '../domain/swing/swing-events';
import { eventTrack } from '../domain/swing/event-track';
import { cachedTrackPath, readLabelledClips } from './labelled-clips';

/** One clip's candidates, as the trainer reads them. */
interface TrainingClip {
  file: string;
  split: CorpusSplit;
  /** Frame numbers (the labels' numbering) of the candidates... */
  frames: number[];
  /** ...their features (LEARNED_FEATURES[event]'s order; NaN written as null)... */
  features: Array<Array<number | null>>;
  /** ...and whether each is right. */
  correct: boolean[];
}

/** How many tolerances from the label a candidate may be and still be right. */
const TOLERANCES: Record<LearnedEvent, number> = { address: 1, top: 1, finish: 3 };

async function main() {
  const argv = process.argv.slice(2);
  const option = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const [event, dir] = argv as [LearnedEvent | undefined, string | undefined];
  const cache = option('--cache');
  const out = option('--out');
  if (!event || !(event in TOLERANCES) || !dir || !cache || !out) {
    throw new Error(
      'usage: npm run learned-events:data -- <address|top|finish> <dir with labels.json> --cache <dir> --out <file>',
    );
  }
  // The candidates sit around the rule's frame, with everything else as the engine has it. The
  // learned address and finish are off for every event's data: both are found after the top
  // and move nothing else, and their trees may be awaiting retraining (the top's come first).
  EVENT_TUNING.learned[event] = false;
  EVENT_TUNING.learned.address = false;
  EVENT_TUNING.learned.finish = false;
  const clips: TrainingClip[] = [];
  let skipped = 0;
  for (const clip of await readLabelledClips(dir)) {
    const cached = cachedTrackPath(cache, clip.file);
    const label = clip.events[event];
    if (label === undefined || !existsSync(cached)) {
      skipped++;
      continue;
    }
    // As the analysis reads it (analyze-swing.ts).
    const { upright: track, signals: s } = eventTrack(
      JSON.parse(await readFile(cached, 'utf8')) as PoseTrack,
    );
    let positions;
    try {
      positions = detectSwingEvents(track, s).positions;
    } catch {
      skipped++;
      continue;
    }
    const { top, impact } = positions;
    const shot = s.shots.find(([first, last]) => first <= impact && impact <= last)!;
    const found = candidates(event, s, { shot, rule: positions[event], top, impact });
    const frames = found.frames.map((i) => track.frames[i]!.index);
    const reach = TOLERANCES[event] * clip.tolerance;
    clips.push({
      file: clip.file,
      split: splitOf(clip.file),
      frames,
      features: found.features.map((row) => row.map((v) => (Number.isNaN(v) ? null : v))),
      correct: frames.map((frame) => Math.abs(frame - label) <= reach),
    });
  }
  await writeFile(out, JSON.stringify({ event, features: LEARNED_FEATURES[event], clips }));
  console.log(
    `${clips.length} clips written to ${out} (${skipped} without the event labelled, a cached track or a swing)`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
