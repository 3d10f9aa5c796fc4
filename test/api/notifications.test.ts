import { randomUUID } from 'node:crypto';
import { startApp, type RunningApp } from '../support/app-server';
import { NotificationRows, type NotificationRow } from '../support/notification-rows';
import { signUpUser, type SignedUp } from '../support/users';

import { HOOK_TIMEOUT } from '../support/readiness';

interface NotificationView {
  id: string;
  type: string;
  title: string;
  message: string;
  isRead: boolean;
  createdAt: string;
}

/** Spec section 7: list, mark one read, mark all read, delete. */
describe('notifications', () => {
  let app: RunningApp;
  let rows: NotificationRows;
  let me: SignedUp;
  let oldest: NotificationRow;
  let middle: NotificationRow;
  let newest: NotificationRow;

  beforeAll(async () => {
    app = await startApp();
    rows = await NotificationRows.connect(app.databaseUrl);
    me = await signUpUser(app.url);
    const now = Date.now();
    // Inserted out of order, so the list order comes from createdAt and not insertion.
    middle = await rows.insert({
      userId: me.user.id,
      type: 'streak_milestone',
      title: 'Two weeks in a row',
      message: 'Keep the streak going.',
      createdAt: new Date(now - 2 * 3_600_000),
    });
    newest = await rows.insert({
      userId: me.user.id,
      type: 'upload_success',
      title: 'Upload complete',
      message: 'Your swing is being analysed.',
      createdAt: new Date(now - 60_000),
    });
    oldest = await rows.insert({
      userId: me.user.id,
      type: 'weekly_reset',
      title: 'New week',
      message: 'Weekly points were reset.',
      createdAt: new Date(now - 3 * 86_400_000),
    });
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await rows?.close();
    await app?.stop();
  }, HOOK_TIMEOUT);

  async function list(): Promise<NotificationView[]> {
    return (await me.client.get('/api/notifications').expect(200)).body as NotificationView[];
  }

  it('lists an empty array for a user without notifications', async () => {
    const someoneElse = await signUpUser(app.url);
    const res = await someoneElse.client.get('/api/notifications').expect(200);
    expect(res.body).toEqual([]);
  });

  it('lists the notifications newest first, with every field', async () => {
    const items = await list();
    expect(items.map((n) => n.id)).toEqual([newest.id, middle.id, oldest.id]);
    expect(items[0]).toEqual({
      id: newest.id,
      type: 'upload_success',
      title: 'Upload complete',
      message: 'Your swing is being analysed.',
      isRead: false,
      link: null,
      createdAt: newest.createdAt.toISOString(),
    });
    expect(items.every((n) => n.isRead === false)).toBe(true);
  });

  it('marks one notification read', async () => {
    const res = await me.client.patch(`/api/notifications/${middle.id}/read`);
    expect(res.status).toBe(204);
    const items = await list();
    expect(items.map((n) => [n.id, n.isRead])).toEqual([
      [newest.id, false],
      [middle.id, true],
      [oldest.id, false],
    ]);
    expect(await rows.find(middle.id)).toMatchObject({ isRead: true });
  });

  it('marking an already read notification read again still answers 204', async () => {
    await me.client.patch(`/api/notifications/${middle.id}/read`).expect(204);
    expect(await rows.find(middle.id)).toMatchObject({ isRead: true });
  });

  it('marks all notifications read', async () => {
    const res = await me.client.patch('/api/notifications/read-all');
    expect(res.status).toBe(204);
    const items = await list();
    expect(items).toHaveLength(3);
    expect(items.every((n) => n.isRead)).toBe(true);
  });

  it('deletes a notification', async () => {
    const res = await me.client.delete(`/api/notifications/${oldest.id}`);
    expect(res.status).toBe(204);
    expect((await list()).map((n) => n.id)).toEqual([newest.id, middle.id]);
    expect(await rows.find(oldest.id)).toBeNull();
  });

  it('answers 404 when deleting the same notification twice', async () => {
    const res = await me.client.delete(`/api/notifications/${oldest.id}`);
    expect(res.status).toBe(404);
  });

  it('shows a notification created later at the top, unread', async () => {
    const fresh = await rows.insert({ userId: me.user.id, title: 'Just now' });
    const items = await list();
    expect(items[0]).toMatchObject({ id: fresh.id, title: 'Just now', isRead: false });
    expect(items.map((n) => n.id)).toEqual([fresh.id, newest.id, middle.id]);
  });

  describe.each([
    ['a random uuid', randomUUID()],
    ['a non-uuid id', 'not-a-uuid'],
    ['a numeric id', '12345'],
  ])('with %s', (_name, id) => {
    it('answers 404 to mark read', async () => {
      const res = await me.client.patch(`/api/notifications/${id}/read`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ statusCode: 404, message: expect.any(String) });
    });

    it('answers 404 to delete', async () => {
      const res = await me.client.delete(`/api/notifications/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ statusCode: 404, message: expect.any(String) });
    });

    it('changes nothing', async () => {
      const items = await list();
      expect(items).toHaveLength(3);
    });
  });
});
