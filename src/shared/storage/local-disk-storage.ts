import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, FileStorage } from './file-storage';

/** FileStorage on a local folder (UPLOADS_DIR, default DATA_DIR/uploads). */
export class LocalDiskStorage extends FileStorage {
  readonly root: string;

  constructor(root: string) {
    super();
    this.root = path.resolve(root);
  }

  localPath(key: string): string {
    const full = path.join(this.root, assertStorageKey(key));
    // Belt and braces: the key rules already keep every path inside the root.
    if (!full.startsWith(this.root + path.sep)) throw new Error(`key escapes the root: ${key}`);
    return full;
  }

  async write(key: string, source: Readable): Promise<number> {
    const file = this.localPath(key);
    await mkdir(path.dirname(file), { recursive: true });
    const out = createWriteStream(file, { flags: 'wx' });
    try {
      await pipeline(source, out);
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
    return out.bytesWritten;
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.localPath(key))).size;
    } catch {
      return null;
    }
  }

  async move(fromKey: string, toKey: string): Promise<void> {
    const to = this.localPath(toKey);
    await mkdir(path.dirname(to), { recursive: true });
    await rename(this.localPath(fromKey), to);
  }

  async remove(key: string): Promise<void> {
    await rm(this.localPath(key), { recursive: true, force: true });
  }

  async modifiedAt(key: string): Promise<Date | null> {
    try {
      return (await stat(this.localPath(key))).mtime;
    } catch {
      return null;
    }
  }

  async list(prefix: string): Promise<string[]> {
    try {
      return await readdir(this.localPath(prefix));
    } catch {
      return [];
    }
  }
}
