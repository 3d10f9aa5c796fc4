import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readSecondLabels } from './second-labels';

describe('readSecondLabels', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'second-labels-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("keeps each clip's second-round frames, not the third round's nor a finish left unlabelled", async () => {
    const file = path.join(dir, 'second-labels.json');
    const row = (file: string, event: string, round: string, frame: number | null) => ({
      file,
      source: 'corpus',
      event,
      round,
      frame,
    });
    await writeFile(
      file,
      JSON.stringify({
        labels: [
          row('a.mp4', 'address', 'second', 12),
          row('a.mp4', 'address', 'third', 14),
          row('a.mp4', 'finish', 'second', 80),
          row('b.mp4', 'address', 'second', 30),
          row('b.mp4', 'finish', 'second', null),
        ],
      }),
    );
    const labels = await readSecondLabels(file);
    expect(Object.fromEntries(labels)).toEqual({
      'a.mp4': { address: 12, finish: 80 },
      'b.mp4': { address: 30 },
    });
  });

  it("reads the repository's own second labels", async () => {
    const labels = await readSecondLabels(
      path.join(__dirname, '../../../../corpus/second-labels.json'),
    );
    expect(labels.size).toBeGreaterThan(60);
    for (const clip of labels.values()) {
      for (const frame of Object.values(clip)) expect(Number.isInteger(frame)).toBe(true);
    }
  });
});
