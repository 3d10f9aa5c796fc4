import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SwingEventName } from '../domain/pose-track';
import type { Handedness } from '../domain/swing/handedness-and-view';

/** One clip of a labels.json (the shared fixtures', or the corpus's from `corpus:build`). */
export interface LabelledClip {
  file: string;
  tolerance: number;
  events: Partial<Record<SwingEventName, number>>;
  /** The golfer's, where labelled. */
  handedness?: Handedness;
  /**
   * Whose labels: GolfDB's published ones, or ours by eye with its definitions (the shared
   * fixtures, which leave this out, are labelled by eye too).
   */
  labelledBy?: 'golfdb' | 'eye';
}

/** The clips labelled in <dir>/labels.json. */
export async function readLabelledClips(dir: string): Promise<LabelledClip[]> {
  const labels = JSON.parse(await readFile(path.join(dir, 'labels.json'), 'utf8')) as {
    clips: LabelledClip[];
  };
  return labels.clips;
}

/** Where `eval:events --cache <dir>` keeps a video's pose track. */
export function cachedTrackPath(cache: string, video: string): string {
  return path.join(cache, `${path.basename(video)}.track.json`);
}
