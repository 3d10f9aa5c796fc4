import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { assertStorageKey } from './file-storage';
import { LocalDiskStorage } from './local-disk-storage';

describe('LocalDiskStorage', () => {
  let root: string;
  let storage: LocalDiskStorage;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'storage-'));
    storage = new LocalDiskStorage(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('accepts only our key shapes: no traversal, no user text', () => {
    for (const key of [
      'analyses/1f/face-on.mp4',
      'staging/abc/down-the-line',
      'analyses/1f/face-on-toeUp.jpg',
    ]) {
      expect(assertStorageKey(key)).toBe(key);
    }
    for (const key of ['../etc/passwd', 'a/../../b', '/abs', 'a//b', 'My Swing.mp4', 'a/./b', '']) {
      expect(() => assertStorageKey(key)).toThrow('invalid storage key');
    }
  });

  it('streams, moves, lists and removes', async () => {
    expect(
      await storage.write('staging/s1/face-on', Readable.from([Buffer.from('abc'), 'def'])),
    ).toBe(6);
    await storage.move('staging/s1/face-on', 'analyses/a1/face-on.mp4');
    expect(readFileSync(storage.localPath('analyses/a1/face-on.mp4'), 'utf8')).toBe('abcdef');
    expect(await storage.size('analyses/a1/face-on.mp4')).toBe(6);
    expect(await storage.list('analyses/a1')).toEqual(['face-on.mp4']);
    await storage.remove('analyses/a1');
    expect(await storage.size('analyses/a1/face-on.mp4')).toBeNull();
    expect(await storage.list('analyses/a1')).toEqual([]);
  });

  it('leaves no partial file when the source fails', async () => {
    const source = new Readable({
      read() {
        this.push(Buffer.alloc(1000));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.write('staging/s2/face-on', source)).rejects.toThrow('client went away');
    expect(existsSync(storage.localPath('staging/s2/face-on'))).toBe(false);
  });
});
