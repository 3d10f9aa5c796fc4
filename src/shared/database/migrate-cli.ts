/**
 * `npm run db:migrate` applies pending migrations (DATABASE_URL or the embedded PostgreSQL);
 * `npm run db:migration:create` writes a new TypeScript migration from the entity changes.
 */
import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '../config/app-config';
import { loadDotEnv } from '../config/dotenv';
import { openDatabase } from './database';
import { ormConfig } from './mikro-orm.config';

async function main() {
  loadDotEnv();
  const config = loadConfig();
  const command = process.argv[2] ?? 'up';
  const db = await openDatabase(config); // applies pending migrations
  try {
    if (command === 'create') {
      const orm = await MikroORM.init(ormConfig(db.url));
      const result = await orm.getMigrator().createMigration(undefined, false, false);
      console.log(result.fileName ? `created migrations/${result.fileName}` : 'no changes');
      await orm.close();
    } else {
      console.log('database is up to date');
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
