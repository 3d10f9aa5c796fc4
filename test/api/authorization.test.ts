import { randomUUID } from 'node:crypto';
import { ApiClient } from '../support/api-client';
import { startApp, type RunningApp } from '../support/app-server';
import { NotificationRows, type NotificationRow } from '../support/notification-rows';
import { signUpUser, type PublicUser, type SignedUp } from '../support/users';

import { HOOK_TIMEOUT } from '../support/readiness';

/** Users see and change only their own profile and notifications; everything else needs a session. */
describe('authorization', () => {
  let app: RunningApp;
  let rows: NotificationRows;
  let a: SignedUp;
  let b: SignedUp;

  beforeAll(async () => {
    app = await startApp();
    rows = await NotificationRows.connect(app.databaseUrl);
    a = await signUpUser(app.url, { firstName: 'Alice', lastName: 'Anders' });
    b = await signUpUser(app.url, { firstName: 'Bob', lastName: 'Brown' });
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await rows?.close();
    await app?.stop();
  }, HOOK_TIMEOUT);

  /** B's own view of B's record. */
  async function bAsSeenByB(): Promise<PublicUser> {
    const res = await b.client.get(`/api/users/${b.user.id}`).expect(200);
    return res.body as PublicUser;
  }

  function expectNoDataOf(body: unknown, user: PublicUser) {
    const text = JSON.stringify(body);
    expect(text).not.toContain(user.id);
    expect(text).not.toContain(user.email!);
    expect(text).not.toContain(user.firstName!);
    expect(text).not.toContain(user.lastName!);
  }

  describe('profiles', () => {
    it('lets each user read their own profile', async () => {
      const res = await a.client.get(`/api/users/${a.user.id}`).expect(200);
      expect(res.body).toMatchObject({ id: a.user.id, email: a.user.email, firstName: 'Alice' });
      expect(await bAsSeenByB()).toMatchObject({ id: b.user.id, firstName: 'Bob' });
    });

    it("refuses A reading B's profile without revealing any of it", async () => {
      const res = await a.client.get(`/api/users/${b.user.id}`);
      expect([403, 404]).toContain(res.status);
      expectNoDataOf(res.body, b.user);
    });

    it('answers an unknown user id exactly like another user’s id (no existence oracle)', async () => {
      const other = await a.client.get(`/api/users/${b.user.id}`);
      const missing = await a.client.get(`/api/users/${randomUUID()}`);
      expect(missing.status).toBe(other.status);
      expect(missing.body).toEqual(other.body);
    });

    it("refuses A changing B's profile and leaves B's record as it was", async () => {
      const before = await bAsSeenByB();
      const res = await a.client.patch(`/api/users/${b.user.id}`, {
        firstName: 'Hacked',
        lastName: 'Hacker',
        email: 'hacked@example.test',
        handicap: 1.2,
        city: 'Nowhere',
        state: 'XX',
      });
      expect([403, 404]).toContain(res.status);
      expectNoDataOf(res.body, b.user);
      expect(await bAsSeenByB()).toEqual(before);
      // The session user A is unchanged too: the change did not land on the wrong record.
      const aNow = await a.client.get('/api/auth/user').expect(200);
      expect(aNow.body).toMatchObject({ id: a.user.id, firstName: 'Alice', email: a.user.email });
    });

    it("refuses A's invalid PATCH to B with the same status (no validation leak)", async () => {
      const valid = await a.client.patch(`/api/users/${b.user.id}`, { firstName: 'X' });
      const invalid = await a.client.patch(`/api/users/${b.user.id}`, { handicap: 'abc' });
      expect(invalid.status).toBe(valid.status);
      expect(invalid.body).not.toHaveProperty('errors');
    });
  });

  describe('notifications', () => {
    let bNote: NotificationRow;
    let aNote: NotificationRow;

    beforeAll(async () => {
      bNote = await rows.insert({ userId: b.user.id, title: 'For Bob only', message: 'secret' });
      aNote = await rows.insert({ userId: a.user.id, title: 'For Alice' });
    });

    it("does not list B's notifications to A", async () => {
      const res = await a.client.get('/api/notifications').expect(200);
      const ids = (res.body as { id: string }[]).map((n) => n.id);
      expect(ids).toEqual([aNote.id]);
      expect(JSON.stringify(res.body)).not.toContain('For Bob only');
    });

    it("answers 404 when A marks B's notification read, and leaves it unread", async () => {
      const res = await a.client.patch(`/api/notifications/${bNote.id}/read`);
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('For Bob only');
      expect(await rows.find(bNote.id)).toMatchObject({ userId: b.user.id, isRead: false });
    });

    it("answers 404 when A deletes B's notification, and keeps it", async () => {
      const res = await a.client.delete(`/api/notifications/${bNote.id}`);
      expect(res.status).toBe(404);
      expect(await rows.find(bNote.id)).toMatchObject({ userId: b.user.id, isRead: false });
    });

    it("leaves B's notifications unread when A marks all read", async () => {
      await a.client.patch('/api/notifications/read-all').expect(204);
      expect(await rows.find(aNote.id)).toMatchObject({ isRead: true });
      expect(await rows.find(bNote.id)).toMatchObject({ isRead: false });
    });

    it('B still sees the notification, unread', async () => {
      const res = await b.client.get('/api/notifications').expect(200);
      expect(res.body).toEqual([
        expect.objectContaining({ id: bNote.id, title: 'For Bob only', isRead: false }),
      ]);
    });
  });

  describe('without a session', () => {
    let anonymous: ApiClient;

    beforeAll(async () => {
      anonymous = new ApiClient(app.url);
      // A valid CSRF token of the anonymous session, so only the missing sign-in can refuse.
      await anonymous.refreshCsrf();
    });

    const someId = randomUUID();
    it.each([
      ['GET', '/api/auth/user'],
      ['GET', '/api/users/:userB'],
      ['PATCH', '/api/users/:userB'],
      ['GET', '/api/notifications'],
      ['PATCH', '/api/notifications/read-all'],
      ['PATCH', `/api/notifications/${someId}/read`],
      ['DELETE', `/api/notifications/${someId}`],
      ['PATCH', '/api/notifications/:noteB/read'],
      ['DELETE', '/api/notifications/:noteB'],
    ])('%s %s answers 401', async (method, template) => {
      const note = await rows.insert({ userId: b.user.id, title: 'Anonymous target' });
      const path = template.replace(':userB', b.user.id).replace(':noteB', note.id);
      const res =
        method === 'GET'
          ? await anonymous.get(path)
          : method === 'PATCH'
            ? await anonymous.patch(path, { firstName: 'Anon' })
            : await anonymous.delete(path);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ statusCode: 401 });
      expectNoDataOf(res.body, b.user);
      // Nothing happened to B's data.
      expect(await rows.find(note.id)).toMatchObject({ isRead: false });
      expect(await bAsSeenByB()).toMatchObject({ firstName: 'Bob' });
    });

    it('answers 401 to a forged session cookie', async () => {
      const res = await fetch(`${app.url}/api/auth/user`, {
        headers: { cookie: 'golf.sid=s%3Aforged.c2lnbmF0dXJl', accept: 'application/json' },
      });
      expect(res.status).toBe(401);
    });
  });

  describe('public routes answer without a session', () => {
    it('GET /api/auth/csrf gives a token', async () => {
      const res = await new ApiClient(app.url).get('/api/auth/csrf').expect(200);
      expect(res.body.csrfToken).toEqual(expect.any(String));
      expect(res.body.csrfToken.length).toBeGreaterThan(10);
    });

    it('GET /api/login sends the browser to the sign-in page (no OIDC configured)', async () => {
      const res = await new ApiClient(app.url).agent.get('/api/login');
      expect(res.status).toBe(303);
      expect(res.headers['location']).toBe('/login');
    });

    it('GET /api/callback does not exist without OIDC', async () => {
      const res = await new ApiClient(app.url).get('/api/callback?code=x&state=y');
      expect(res.status).toBe(404);
    });

    it('POST /api/logout (with the CSRF token) answers without a session', async () => {
      const client = new ApiClient(app.url);
      await client.refreshCsrf();
      const res = await client.post('/api/logout');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ redirectTo: '/' });
    });
  });
});
