import { readFile } from 'node:fs/promises';

/** The events corpus/second-labels.json labels a second time, blind (decision 0020). */
type SecondLabelledEvent = 'address' | 'finish';

/** One clip's second labels: an event left out where the labeller saw no frame for it. */
export type SecondLabels = Partial<Record<SecondLabelledEvent, number>>;

interface SecondLabelRow {
  file: string;
  event: SecondLabelledEvent;
  round: 'second' | 'third';
  /** Null where the clip ends before the event (a finish cut off). */
  frame: number | null;
}

/** Each clip's second-round labels (third-round ones measure the labellers, not the engine). */
export async function readSecondLabels(
  file: string | undefined,
): Promise<Map<string, SecondLabels>> {
  if (!file) throw new Error('--second-labels needs a file, e.g. corpus/second-labels.json');
  const rows = (JSON.parse(await readFile(file, 'utf8')) as { labels: SecondLabelRow[] }).labels;
  const byFile = new Map<string, SecondLabels>();
  for (const row of rows) {
    if (row.round !== 'second' || row.frame === null) continue;
    byFile.set(row.file, { ...byFile.get(row.file), [row.event]: row.frame });
  }
  return byFile;
}
