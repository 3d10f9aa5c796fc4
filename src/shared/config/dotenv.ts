import { existsSync } from 'node:fs';

/** Reads ./.env when present (Node's own parser); real environment variables win. */
export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}
