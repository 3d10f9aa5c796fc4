import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DEFAULT_TEST_DATABASE_URL } from './test-postgres';

/**
 * The admin URL of the run's PostgreSQL. jest's globalSetup (test/support/jest-global-setup.ts)
 * chose it and put it in TEST_DATABASE_URL: the machine's, or the embedded one it started.
 */
function adminUrl(): string {
  return process.env['TEST_DATABASE_URL'] ?? DEFAULT_TEST_DATABASE_URL;
}

/** A throw-away database on the run's PostgreSQL, for one suite's server. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrlNow = adminUrl();
  const name = `golf_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrlNow });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrlNow);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const client = new Client({ connectionString: adminUrlNow });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
