import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The folder holding package.json (and models/), whether running from src/ (tests) or dist/
 * (built). The engine's own copy of src/shared/project-root.ts: the engine imports nothing
 * outside its folder.
 */
export function projectRoot(from = __dirname): string {
  let dir = from;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`package.json not found above ${from}`);
    dir = parent;
  }
  return dir;
}
