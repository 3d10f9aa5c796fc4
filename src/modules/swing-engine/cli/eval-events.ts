/**
 * `npm run eval:events -- <dir>`: analyses every clip labelled in <dir>/labels.json and prints
 * per-clip frame errors, then for the tuning clips, the validation clips (split by a hash of the
 * file name, decision 0019) and all clips: per-event PCE (correct within the clip's tolerance),
 * PCE over address, top and impact, the finish within three tolerances, PCE over the clips with
 * all eight events labelled (GolfDB's, comparable with SwingNet's), and how many of the
 * events the engine called sure, and of those it marked uncertain, are correct. Last line:
 * `PCE <percent>` over all clips. A clip the engine cannot analyse counts its events as missed.
 *
 * --cache <dir> keeps pose tracks (and the --reencode copies) between runs, for tuning the event
 * rules without re-running pose.
 * --reencode also scores copies of every clip as another phone or app would hand them over
 * (REENCODINGS: same frames, new compression), printed before the originals' lines: the same
 * swings and labels, so a rule that only fits one encoding's landmark noise shows up there.
 * --edits also scores edited copies (EDITS: a slow-motion replay joined on, an end card after
 * it, pulldown's repeated frames, another clip's shot first, the golfer filmed from afar in the
 * middle or a corner of the frame, the picture mirrored as a left-handed golfer's or on its side
 * with no rotation tag; see edited-copies.ts) against the same encoding without an edit
 * ('plain'): what the swing window, the person detector and the pose model make of what uploads
 * contain.
 * --edits=replay,pulldown scores only those edits (and 'plain').
 * --second-labels <file> also scores the originals' address and finish against blind second
 * labels (corpus/second-labels.json, decision 0020), where a clip has them: labels by eye
 * differ, and a rule that only wins on one labeller's frames shows up there.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SWING_EVENTS, type PoseTrack, type SwingEventName } from '../domain/pose-track';
import { detectSwingEvents } from '../domain/swing/swing-events';
import {
  percent,
  scoreEvents,
  splitOf,
  type CorpusSplit,
  type EventOutcome,
} from '../domain/swing/event-scoring';
import { eventTrack } from '../domain/swing/event-track';
import { isUncertain } from '../domain/swing-report';
import { detectHandedness, type Handedness } from '../domain/swing/handedness-and-view';
import { PoseEstimator } from '../infrastructure/pose/pose-estimator';
import { trackVideo } from '../infrastructure/pose/track-video';
import { ffmpegBinaries, ffmpegCapabilities } from '../infrastructure/video/ffmpeg-binaries';
import { probeVideo } from '../infrastructure/video/probe-video';
import { runProcess } from '../infrastructure/video/run-process';
import { clipShape, EDITS, makeEditedCopy, type Edit, type LabelledFile } from './edited-copies';
import { cachedTrackPath, readLabelledClips, type LabelledClip } from './labelled-clips';
import { readSecondLabels, type SecondLabels } from './second-labels';

/** Re-encodings for --reencode: x264 at a phone's everyday quality, and a smaller, rougher one. */
const REENCODINGS = [
  { name: 'crf23', filters: [] as string[], crf: 23 },
  { name: 'crf28-720p', filters: ["scale=-2:'min(ih,720)'"], crf: 28 },
];

/**
 * By split: each clip's event outcomes, whether its golfer's handedness (where labelled) was
 * read right, and the outcomes against second labels (--second-labels).
 */
type Tally = Record<
  CorpusSplit,
  { events: EventOutcome[]; handedness: boolean[]; secondLabels: EventOutcome[] }
>;
const newTally = (): Tally => ({
  tuning: { events: [], handedness: [], secondLabels: [] },
  validation: { events: [], handedness: [], secondLabels: [] },
});

async function main() {
  const argv = process.argv.slice(2);
  const dir = argv[0];
  if (!dir) {
    throw new Error(
      'usage: npm run eval:events -- <dir with labels.json> [--cache <dir>] [--reencode] [--edits] [--second-labels <file>]',
    );
  }
  const cacheFlag = argv.indexOf('--cache');
  const cache = cacheFlag > 0 ? argv[cacheFlag + 1] : undefined;
  if (cache) await mkdir(cache, { recursive: true });
  const secondFlag = argv.indexOf('--second-labels');
  const second = secondFlag > 0 ? await readSecondLabels(argv[secondFlag + 1]) : undefined;
  const clips = await readLabelledClips(dir);
  const estimator = await PoseEstimator.create();
  const score = (file: string, clip: LabelledClip, tally: Tally, secondLabels?: SecondLabels) =>
    scoreClip(file, clip, tally, estimator, cache, secondLabels);
  try {
    if (argv.includes('--reencode')) {
      await inCopiesDir(cache, async (copies) => {
        const tally = newTally();
        for (const clip of clips) {
          for (const encoding of REENCODINGS) {
            const file = path.join(
              copies,
              clip.file.replace(/(\.\w+)?$/, `__${encoding.name}.mp4`),
            );
            if (!existsSync(file)) await reencode(path.join(dir, clip.file), file, encoding);
            await score(file, clip, tally);
          }
        }
        const names = REENCODINGS.map((e) => e.name).join(', ');
        console.log(`PCE of the re-encoded copies (${names}): ${printTally(tally)}`);
      });
    }
    const editsFlag = argv.find((a) => a === '--edits' || a.startsWith('--edits='));
    if (editsFlag) {
      const edits = editsToScore(editsFlag);
      await inCopiesDir(cache, (copies) => scoreEditedCopies(dir, clips, copies, edits, score));
    }
    const tally = newTally();
    for (const clip of clips) {
      await score(path.join(dir, clip.file), clip, tally, second?.get(clip.file));
    }
    if (second) printSecondLabels(tally);
    console.log(`PCE ${printTally(tally)}`);
  } finally {
    await estimator.close();
  }
}

/** The edits `--edits` or `--edits=a,b` asks for, 'plain' first; all of them for `--edits`. */
function editsToScore(flag: string): Edit[] {
  const [, list] = flag.split('=');
  if (!list) return [...EDITS];
  const asked = list.split(',');
  const unknown = asked.filter((e) => !(EDITS as readonly string[]).includes(e));
  if (unknown.length)
    throw new Error(`unknown edit ${unknown.join(', ')}; edits: ${EDITS.join(', ')}`);
  return EDITS.filter((e) => e === 'plain' || asked.includes(e));
}

/** Runs `work` on the cache folder, or on a temporary folder removed afterwards. */
async function inCopiesDir(
  cache: string | undefined,
  work: (copies: string) => Promise<void>,
): Promise<void> {
  const copies = cache ?? (await mkdtemp(path.join(os.tmpdir(), 'eval-events-')));
  try {
    await work(copies);
  } finally {
    if (!cache) await rm(copies, { recursive: true, force: true });
  }
}

/**
 * --edits: every clip's edited copies (EDITS), made in `copies`, scored; the plain copies and
 * the edited ones tallied apart. Another shot first is the next clip's golfer before address.
 */
async function scoreEditedCopies(
  dir: string,
  clips: LabelledClip[],
  copies: string,
  edits: readonly Edit[],
  score: (file: string, clip: LabelledClip, tally: Tally) => Promise<void>,
): Promise<void> {
  const tallies: Record<'plain' | 'edited', Tally> = {
    plain: newTally(),
    edited: newTally(),
  };
  for (const [k, clip] of clips.entries()) {
    const next = clips[(k + 1) % clips.length]!;
    const other = { file: path.join(dir, next.file), clip: next };
    const file = path.join(dir, clip.file);
    // Probed once per clip; a clip that cannot be probed is reported with each of its edits.
    const shape = clipShape(file);
    for (const edit of edits) {
      // The other clip's name is in the cached copy's: a copy is only reused with its shot.
      const suffix = edit === 'shot-first' ? `${edit}-${path.parse(next.file).name}` : edit;
      const output = path.join(copies, clip.file.replace(/(\.\w+)?$/, `__${suffix}.mp4`));
      // A copy ffmpeg cannot make is reported and left out, not the end of the run.
      let copy: LabelledFile | null = null;
      try {
        copy = await makeEditedCopy(edit, { file, clip, shape: await shape }, other, output);
      } catch (error) {
        console.log(`${path.basename(output)}: ${(error as Error).message}`);
      }
      if (copy) await score(copy.file, copy.clip, tallies[edit === 'plain' ? 'plain' : 'edited']);
    }
  }
  console.log(`PCE of the plain copies: ${printTally(tallies.plain)}`);
  const names = edits.filter((e) => e !== 'plain').join(', ');
  console.log(`PCE of the edited copies (${names}): ${printTally(tallies.edited)}`);
}

/** Analyses one file against a clip's labels, prints its frame errors and adds to the tally. */
async function scoreClip(
  file: string,
  clip: LabelledClip,
  tally: Tally,
  estimator: PoseEstimator,
  cache: string | undefined,
  secondLabels: SecondLabels | undefined,
): Promise<void> {
  let predicted: Partial<Record<SwingEventName, number>> = {};
  let sure: Partial<Record<SwingEventName, boolean>> = {};
  let handedness: Handedness | undefined;
  let failure = '';
  try {
    estimator.reset();
    const cached = cache && cachedTrackPath(cache, file);
    let track: PoseTrack;
    if (cached && existsSync(cached)) {
      track = JSON.parse(await readFile(cached, 'utf8')) as PoseTrack;
    } else {
      track = (await trackVideo(await probeVideo(file), { estimator })).track;
      if (cached) await writeFile(cached, JSON.stringify(track));
    }
    // As the analysis does (analyze-swing.ts); the cache keeps the track as posed.
    const { upright, signals } = eventTrack(track);
    const events = detectSwingEvents(upright, signals);
    predicted = Object.fromEntries(
      SWING_EVENTS.map((e) => [e, upright.frames[events.positions[e]]!.index]),
    );
    sure = Object.fromEntries(
      SWING_EVENTS.map((e) => [e, !isUncertain({ confidence: events.confidence[e] })]),
    );
    handedness = detectHandedness(upright, events.positions);
  } catch (error) {
    failure = (error as Error).message;
  }
  const parts: string[] = [];
  const split = splitOf(clip.file);
  const { tolerance } = clip;
  const allEightLabelled = SWING_EVENTS.every((e) => clip.events[e] !== undefined);
  for (const [event, label] of Object.entries(clip.events) as [SwingEventName, number][]) {
    const guess = predicted[event];
    const error = guess === undefined ? null : guess - label;
    const ok = error !== null && Math.abs(error) <= tolerance;
    const byEye = clip.labelledBy !== 'golfdb';
    tally[split].events.push({
      event,
      error,
      tolerance,
      sure: sure[event],
      allEightLabelled,
      byEye,
    });
    const uncertain = sure[event] === false ? ' (uncertain)' : '';
    parts.push(`${event} ${signedError(error)}${ok ? '' : '!'}${uncertain}`);
  }
  const againstSecond: string[] = [];
  for (const [event, label] of Object.entries(secondLabels ?? {}) as [SwingEventName, number][]) {
    const guess = predicted[event];
    const error = guess === undefined ? null : guess - label;
    tally[split].secondLabels.push({ event, error, tolerance });
    againstSecond.push(`${event} ${signedError(error)}`);
  }
  if (againstSecond.length) parts.push(`second labels: ${againstSecond.join(', ')}`);
  if (clip.handedness) {
    // A clip without a swing reads no handedness: counted wrong, as its events are missed.
    tally[split].handedness.push(handedness === clip.handedness);
    if (handedness !== clip.handedness) {
      parts.push(`handedness ${handedness ?? 'missed'} (labelled ${clip.handedness})!`);
    }
  }
  console.log(
    `${path.basename(file)} [${split}] (tolerance ${clip.tolerance}): ${failure ? `FAILED: ${failure}; ` : ''}${parts.join(', ')}`,
  );
}

/** A frame error as the per-clip lines print it: '+2', '-1', '0', or 'missed' (no swing). */
function signedError(error: number | null): string {
  return error === null ? 'missed' : `${error > 0 ? '+' : ''}${error}`;
}

/** The address and the finish against the second labels, by split, as against the first. */
function printSecondLabels(tally: Tally): void {
  for (const split of ['tuning', 'validation'] as const) {
    const scores = scoreEvents(tally[split].secondLabels);
    const rate = (event: 'address' | 'finish') => {
      const score = scores.perEvent[event];
      return score ? percent(score) : 'n/a';
    };
    const median = (event: 'address' | 'finish') =>
      `${event} ${scores.medianError[event]?.toFixed(2) ?? 'n/a'}`;
    console.log(
      `${split}, against the second labels: address ${rate('address')}; ` +
        `finish within the tolerance ${rate('finish')}, ` +
        `within 3x ${percent(scores.finishWithin3x)}; ` +
        `median error in tolerances (negative: early) ${median('address')}, ${median('finish')}`,
    );
  }
}

/** Prints the tuning, validation and overall scores; returns the overall PCE percentage. */
function printTally(tally: Tally): string {
  const { tuning, validation } = tally;
  const groups: Array<[string, Tally[CorpusSplit]]> = [
    ['tuning', tuning],
    ['validation (the figures that count)', validation],
    [
      'all',
      {
        events: [...tuning.events, ...validation.events],
        handedness: [...tuning.handedness, ...validation.handedness],
        secondLabels: [],
      },
    ],
  ];
  // Where GolfDB's labels and ours by eye are mixed, each split again by whose labels: the
  // two place the gradual events differently (the finish especially), and the shared fixtures
  // and the product owner's clips are labelled by eye.
  const bySource = (split: Tally[CorpusSplit], byEye: boolean): Tally[CorpusSplit] => ({
    events: split.events.filter((o) => Boolean(o.byEye) === byEye),
    handedness: [],
    secondLabels: [],
  });
  for (const [name, split] of [
    ['tuning', tuning],
    ['validation', validation],
  ] as const) {
    if (split.events.some((o) => o.byEye) && split.events.some((o) => !o.byEye)) {
      groups.push([`${name}, labelled by eye`, bySource(split, true)]);
      groups.push([`${name}, GolfDB's labels`, bySource(split, false)]);
    }
  }
  for (const [name, { events: outcomes, handedness }] of groups) {
    const scores = scoreEvents(outcomes);
    const handednessRight = {
      correct: handedness.filter(Boolean).length,
      total: handedness.length,
    };
    const perEvent = SWING_EVENTS.filter((e) => scores.perEvent[e])
      .map((e) => `${e} ${percent(scores.perEvent[e]!)}`)
      .join(', ');
    const bias = (['address', 'top', 'impact', 'finish'] as const)
      .filter((e) => scores.medianError[e] !== undefined)
      .map((e) => `${e} ${scores.medianError[e]!.toFixed(2)}`)
      .join(', ');
    console.log(
      `${name}: PCE ${percent(scores.pce)}; address/top/impact ${percent(scores.pceAddressTopImpact)}; finish within 3x tolerance ${percent(scores.finishWithin3x)}; clips with all eight events labelled (SwingNet: 76.1% on GolfDB) ${percent(scores.pceAllEight)}; ${perEvent}; events called sure ${percent(scores.sure)} correct, marked uncertain ${percent(scores.uncertain)}; handedness ${percent(handednessRight)}; median error in tolerances (negative: early) ${bias}`,
    );
  }
  const all = scoreEvents([...tuning.events, ...validation.events]).pce;
  return all.total ? ((100 * all.correct) / all.total).toFixed(1) : '0.0';
}

/** The same frames (no dropped or duplicated ones, so the labels still apply), newly compressed. */
async function reencode(
  from: string,
  to: string,
  encoding: (typeof REENCODINGS)[number],
): Promise<void> {
  const { frameRateModeOption } = await ffmpegCapabilities();
  const filters = encoding.filters.length ? ['-vf', encoding.filters.join(',')] : [];
  const args = ['-v', 'error', '-y', '-i', from, '-map', '0:v:0', '-an', ...filters];
  args.push(frameRateModeOption, 'passthrough', '-c:v', 'libx264', '-preset', 'veryfast');
  args.push('-crf', String(encoding.crf), to);
  const result = await runProcess(ffmpegBinaries().ffmpeg.path, args, { timeoutMs: 5 * 60_000 });
  if (result.code !== 0) throw new Error(`ffmpeg could not re-encode ${from}: ${result.stderr}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
