import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FileClock } from './clock';

describe('FileClock', () => {
  it('starts at the instant in the file and runs on; rewriting the file moves it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'clock-'));
    const file = path.join(dir, 'now');
    try {
      writeFileSync(file, '2026-11-22T06:00:00.000Z');
      const clock = new FileClock(file);
      const first = clock.now().getTime();
      expect(first - Date.parse('2026-11-22T06:00:00.000Z')).toBeGreaterThanOrEqual(0);
      expect(first - Date.parse('2026-11-22T06:00:00.000Z')).toBeLessThan(5_000);
      writeFileSync(file, '2027-01-03T00:00:00.000Z');
      expect(clock.now().getUTCFullYear()).toBe(2027);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
