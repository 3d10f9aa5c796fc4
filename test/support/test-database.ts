import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/**
 * A throw-away database on the PostgreSQL the tests use: TEST_DATABASE_URL's server, by default
 * the local one on 127.0.0.1:5432 (trust auth, database `test`, as on our machines and CI).
 */
const ADMIN_URL = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `golf_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const client = new Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
