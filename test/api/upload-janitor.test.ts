import { randomUUID } from 'node:crypto';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeTempDir } from '../../src/modules/swing-engine/infrastructure/video/test-clips';
import { startApp, type RunningApp } from '../support/app-server';
import { waitUntil } from '../support/readiness';
import { uploadedFiles } from '../support/swing-uploads';

/** What a crash leaves in storage is removed at the next boot; uploads in flight are not. */
describe('orphaned upload folders', () => {
  const tmp = makeTempDir('janitor');
  let app: RunningApp;

  afterAll(async () => {
    await app?.stop();
    tmp.remove();
  });

  function folder(relative: string, ageMs: number) {
    const dir = path.join(tmp.dir, relative);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'face-on.mp4'), 'bytes');
    const when = new Date(Date.now() - ageMs);
    utimesSync(dir, when, when);
    return relative;
  }

  it('removes old staging folders and analysis folders without a row, keeps recent ones', async () => {
    const hour = 60 * 60 * 1000;
    folder(`staging/${randomUUID()}`, 2 * hour);
    folder(`analyses/${randomUUID()}`, 2 * hour);
    const recentStaging = folder(`staging/${randomUUID()}`, 60_000);
    const recentAnalysis = folder(`analyses/${randomUUID()}`, 60_000);

    app = await startApp({ UPLOADS_DIR: tmp.dir });
    // The janitor runs at boot, not necessarily before the server answers.
    await waitUntil(
      'the janitor removes the old folders',
      () => (uploadedFiles(tmp.dir).length <= 2 ? true : undefined),
      { describe: () => uploadedFiles(tmp.dir).join('\n') },
    );
    expect(uploadedFiles(tmp.dir).sort()).toEqual(
      [`${recentAnalysis}/face-on.mp4`, `${recentStaging}/face-on.mp4`].sort(),
    );
  });
});
