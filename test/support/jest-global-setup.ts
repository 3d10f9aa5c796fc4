import { chooseTestPostgres, type TestPostgres } from './test-postgres';

/** What globalSetup leaves for globalTeardown: both run in jest's main process. */
export interface RunState {
  postgres: TestPostgres;
  /** TEST_DATABASE_URL as it was before the run (a watch run sets up again). */
  givenUrl: string | undefined;
}
const RUN_STATE = Symbol.for('golf.test.run-state');
type WithRunState = typeof globalThis & { [RUN_STATE]?: RunState };

export function takeRunState(): RunState | undefined {
  const globals = globalThis as WithRunState;
  const state = globals[RUN_STATE];
  delete globals[RUN_STATE];
  return state;
}

/**
 * Once per jest run: picks the PostgreSQL every suite creates its database on (the machine's, or
 * an embedded one started here; see test-postgres.ts), says which, and hands its URL to the
 * suites in TEST_DATABASE_URL (test workers inherit jest's environment).
 */
export default async function globalSetup(): Promise<void> {
  const givenUrl = process.env['TEST_DATABASE_URL'];
  const postgres = await chooseTestPostgres(process.env);
  (globalThis as WithRunState)[RUN_STATE] = { postgres, givenUrl };
  process.env['TEST_DATABASE_URL'] = postgres.url;
  process.stdout.write(`\nPostgreSQL for this run: ${postgres.description}\n`);
}
