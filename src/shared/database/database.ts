import { Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { Pool } from 'pg';
import type { AppConfig } from '../config/app-config';
import { startEmbeddedPostgres } from './embedded-postgres';
import { ormConfig } from './mikro-orm.config';

export interface Database {
  url: string;
  /** A small pg pool for the session store. */
  pool: Pool;
  close: () => Promise<void>;
}

/** DATABASE_URL when set, otherwise the embedded PostgreSQL; migrated before the app serves. */
export async function openDatabase(config: AppConfig): Promise<Database> {
  const embedded = config.DATABASE_URL
    ? null
    : await startEmbeddedPostgres(config.DATA_DIR, config.EMBEDDED_POSTGRES_PORT);
  const url = config.DATABASE_URL ?? embedded!.url;
  await migrate(url);
  const pool = new Pool({ connectionString: url, max: 5 });
  // node-postgres emits errors of idle clients on the pool (e.g. the server shutting down first
  // on SIGTERM); without a listener they would crash the process.
  pool.on('error', (error) => new Logger('Database').warn(`session pool: ${error.message}`));
  return {
    url,
    pool,
    close: async () => {
      await pool.end();
      await embedded?.stop();
    },
  };
}

export async function migrate(url: string): Promise<void> {
  const orm = await MikroORM.init(ormConfig(url));
  try {
    const applied = await orm.getMigrator().up();
    if (applied.length) {
      new Logger('Migrations').log(`applied ${applied.map((m) => m.name).join(', ')}`);
    }
  } finally {
    await orm.close();
  }
}
