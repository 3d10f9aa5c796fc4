/**
 * `npm run eval:events -- <dir>`: analyses every clip labelled in <dir>/labels.json and prints
 * per-event PCE (correct within the clip's tolerance), the overall PCE and per-clip frame errors.
 * Last line: `PCE <percent>`. A clip the engine cannot analyse counts its events as missed.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { SWING_EVENTS, type PoseTrack, type SwingEventName } from '../domain/pose-track';
import { detectSwingEvents } from '../domain/swing/swing-events';
import { swingSignals } from '../domain/swing/swing-signals';
import { PoseEstimator } from '../infrastructure/pose/pose-estimator';
import { trackVideo } from '../infrastructure/pose/track-video';
import { probeVideo } from '../infrastructure/video/probe-video';

interface LabelledClip {
  file: string;
  tolerance: number;
  events: Partial<Record<SwingEventName, number>>;
}

async function main() {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: npm run eval:events -- <dir with labels.json> [--cache <dir>]');
  // --cache keeps pose tracks between runs, for tuning the event rules without re-running pose.
  const cacheFlag = process.argv.indexOf('--cache');
  const cache = cacheFlag > 0 ? process.argv[cacheFlag + 1] : undefined;
  if (cache) await mkdir(cache, { recursive: true });
  const labels = JSON.parse(await readFile(path.join(dir, 'labels.json'), 'utf8')) as {
    clips: LabelledClip[];
  };
  const estimator = await PoseEstimator.create();
  const hits: Record<string, { correct: number; total: number }> = {};
  for (const clip of labels.clips) {
    let predicted: Partial<Record<SwingEventName, number>> = {};
    let failure = '';
    try {
      estimator.reset();
      const cached = cache && path.join(cache, `${clip.file}.track.json`);
      let track: PoseTrack;
      if (cached && existsSync(cached)) {
        track = JSON.parse(await readFile(cached, 'utf8')) as PoseTrack;
      } else {
        const info = await probeVideo(path.join(dir, clip.file));
        track = (await trackVideo(info, { estimator })).track;
        if (cached) await writeFile(cached, JSON.stringify(track));
      }
      const events = detectSwingEvents(track, swingSignals(track));
      predicted = Object.fromEntries(
        SWING_EVENTS.map((e) => [e, track.frames[events.positions[e]]!.index]),
      );
    } catch (error) {
      failure = (error as Error).message;
    }
    const parts: string[] = [];
    for (const [event, label] of Object.entries(clip.events) as [SwingEventName, number][]) {
      const guess = predicted[event];
      const error = guess === undefined ? null : guess - label;
      const ok = error !== null && Math.abs(error) <= clip.tolerance;
      hits[event] ??= { correct: 0, total: 0 };
      hits[event].total++;
      if (ok) hits[event].correct++;
      parts.push(
        `${event} ${error === null ? 'missed' : (error > 0 ? '+' : '') + error}${ok ? '' : '!'}`,
      );
    }
    console.log(
      `${clip.file} (tolerance ${clip.tolerance}): ${failure ? `FAILED: ${failure}; ` : ''}${parts.join(', ')}`,
    );
  }
  await estimator.close();
  let correct = 0;
  let total = 0;
  for (const event of SWING_EVENTS) {
    const h = hits[event];
    if (!h) continue;
    correct += h.correct;
    total += h.total;
    console.log(`${event}: ${((100 * h.correct) / h.total).toFixed(1)}% (${h.correct}/${h.total})`);
  }
  console.log(`PCE ${total ? ((100 * correct) / total).toFixed(1) : '0.0'}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
