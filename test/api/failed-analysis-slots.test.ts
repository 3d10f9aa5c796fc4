import {
  makeBaseClip,
  makeTempDir,
} from '../../src/modules/swing-engine/infrastructure/video/test-clips';
import { startApp, type RunningApp } from '../support/app-server';
import { postUpload, Rows, waitForAnalysis } from '../support/swing-uploads';
import { signUpUser, type SignedUp } from '../support/users';
import { HOOK_TIMEOUT, CEILING } from '../support/readiness';

interface NotificationBody {
  type: string;
  title: string;
  message: string;
  link: string | null;
}

/**
 * Issue 13, check 3: an analysis that fails gives its upload slot back (free and premium), says
 * so in its failure notification, and that notification opens the analysis. The clip is a test
 * pattern: the engine finds no golfer and fails it for real.
 */
describe('a failed analysis gives its upload back', () => {
  const tmp = makeTempDir('failed-slots');
  let clip: string;
  let app: RunningApp;
  let rows: Rows;

  beforeAll(async () => {
    clip = await makeBaseClip(tmp.dir);
    app = await startApp();
    rows = await Rows.connect(app.databaseUrl);
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await rows?.close();
    await app?.stop();
    tmp.remove();
  }, HOOK_TIMEOUT);

  async function uploadAndFail(golfer: SignedUp, fields: Record<string, string> = {}) {
    const res = await postUpload(golfer.client, { faceOnVideo: clip, fields }).expect(201);
    const id = (res.body as { id: string }).id;
    expect(await waitForAnalysis(golfer.client, id)).toMatchObject({ status: 'failed' });
    return id;
  }

  async function failureNotification(golfer: SignedUp, id: string): Promise<NotificationBody> {
    const list = (await golfer.client.get('/api/notifications').expect(200))
      .body as NotificationBody[];
    const found = list.find((n) => n.link === `/analysis/${id}`);
    expect(found).toBeDefined();
    return found!;
  }

  it(
    "leaves a premium golfer's Driver slot available after a failed Driver analysis",
    async () => {
      const premium = await signUpUser(app.url);
      await rows.makePremium(premium.user.id);
      const id = await uploadAndFail(premium, { club: 'driver' });

      const status = await premium.client.get(`/api/upload-status/${premium.user.id}`).expect(200);
      expect(status.body).toMatchObject({ weeklyDriverUploaded: false, canUploadDriver: true });
      const notice = await failureNotification(premium, id);
      expect(notice.title).toBe('Swing Analysis Failed');
      expect(notice.message).toContain("This upload doesn't count toward your limit");

      // The slot is really free: another Driver swing this week is accepted.
      const again = await uploadAndFail(premium, { club: 'driver' });
      // Deleting a failed analysis never takes the slot again (nor gives back twice).
      await premium.client.delete(`/api/swing-analyses/${again}`).expect(204);
      const after = await premium.client.get(`/api/upload-status/${premium.user.id}`).expect(200);
      expect(after.body).toMatchObject({ weeklyDriverUploaded: false, canUploadDriver: true });
      expect(await rows.count('upload_slots', premium.user.id)).toBe(0);
    },
    CEILING.analysis * 2,
  );

  it(
    "gives a free golfer's upload back and says so",
    async () => {
      const free = await signUpUser(app.url);
      const id = await uploadAndFail(free);
      const status = await free.client.get(`/api/upload-status/${free.user.id}`).expect(200);
      expect(status.body).toMatchObject({ isFreeLimitReached: false, uploadsUsed: 0 });
      const usage = await free.client.get('/api/usage-limits').expect(200);
      expect(usage.body).toMatchObject({ videoUploads: { used: 0, limit: 1 } });
      const notice = await failureNotification(free, id);
      expect(notice.message).toContain("This upload doesn't count toward your limit");
      // The notification opens an analysis the golfer can read.
      await free.client.get(notice.link!).expect(200);
    },
    CEILING.analysis * 2,
  );

  it(
    'keeps a failed analysis from holding a slot when it is deleted (one failed before the fix)',
    async () => {
      const free = await signUpUser(app.url);
      const id = await uploadAndFail(free);
      // As an analysis that failed before slots were given back left it: its slot still held.
      await rows.query(
        `insert into upload_slots (id, user_id, slot, period_start, analysis_id)
         values (gen_random_uuid(), $1, 'free', 'epoch', $2)`,
        [free.user.id, id],
      );
      const held = await free.client.get(`/api/upload-status/${free.user.id}`).expect(200);
      expect(held.body).toMatchObject({ isFreeLimitReached: true });
      await free.client.delete(`/api/swing-analyses/${id}`).expect(204);
      const freed = await free.client.get(`/api/upload-status/${free.user.id}`).expect(200);
      expect(freed.body).toMatchObject({ isFreeLimitReached: false });
    },
    CEILING.analysis * 2,
  );
});
