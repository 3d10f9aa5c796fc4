import type { Readable } from 'node:stream';

/**
 * Where uploads and analysis artifacts live. Keys are ours, never the user's: segments of ASCII
 * letters (event stills are named like face-on-toeUp.jpg), digits, '.', '_' and '-' separated by
 * '/', no '..'. The local-disk adapter
 * maps them under one root; an S3-compatible adapter can come later behind the same port.
 */
export abstract class FileStorage {
  /** Streams `source` into `key`; resolves with the bytes written. Rejects and leaves no file on error. */
  abstract write(key: string, source: Readable): Promise<number>;
  /** A path the analysis engine and ffmpeg can open (local adapter: the file itself). */
  abstract localPath(key: string): string;
  abstract size(key: string): Promise<number | null>;
  abstract move(fromKey: string, toKey: string): Promise<void>;
  /** Removes the key and everything under it (a file or a folder); missing is fine. */
  abstract remove(key: string): Promise<void>;
  /** Direct children names of a folder key; empty when missing. */
  abstract list(prefix: string): Promise<string[]>;
  /** Last modification of a file or folder; null when missing. */
  abstract modifiedAt(key: string): Promise<Date | null>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function assertStorageKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`invalid storage key ${JSON.stringify(key)}`);
  }
  return key;
}
