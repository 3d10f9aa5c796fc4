import type { Readable } from 'node:stream';
import { assertStorageKey, FileStorage } from '../../src/shared/storage/file-storage';

/** FileStorage in memory, for fast specs of the use cases: keys map to byte counts. */
export class MemoryStorage extends FileStorage {
  readonly files = new Map<string, number>();

  /** Keys as a sorted list (a spec's view of what is left). */
  keys(): string[] {
    return [...this.files.keys()].sort();
  }

  put(key: string, size = 1): void {
    this.files.set(assertStorageKey(key), size);
  }

  async write(key: string, source: Readable): Promise<number> {
    let size = 0;
    for await (const chunk of source) size += (chunk as Buffer).length;
    this.put(key, size);
    return size;
  }

  localPath(key: string): string {
    return `/memory/${assertStorageKey(key)}`;
  }

  size(key: string): Promise<number | null> {
    return Promise.resolve(this.files.get(key) ?? null);
  }

  move(fromKey: string, toKey: string): Promise<void> {
    const size = this.files.get(fromKey);
    if (size === undefined) return Promise.reject(new Error(`no file ${fromKey}`));
    this.files.delete(fromKey);
    this.put(toKey, size);
    return Promise.resolve();
  }

  remove(key: string): Promise<void> {
    for (const k of [...this.files.keys()]) {
      if (k === key || k.startsWith(`${key}/`)) this.files.delete(k);
    }
    return Promise.resolve();
  }

  list(prefix: string): Promise<string[]> {
    const names = new Set<string>();
    for (const k of this.files.keys()) {
      if (k.startsWith(`${prefix}/`)) names.add(k.slice(prefix.length + 1).split('/')[0]!);
    }
    return Promise.resolve([...names].sort());
  }

  modifiedAt(key: string): Promise<Date | null> {
    return Promise.resolve(this.files.has(key) ? new Date(0) : null);
  }
}
