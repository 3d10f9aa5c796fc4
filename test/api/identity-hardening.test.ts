import { Client } from 'pg';
import request from 'supertest';
import { ApiClient, uniqueEmail } from '../support/api-client';
import { startApp, type RunningApp } from '../support/app-server';
import { HOOK_TIMEOUT } from '../support/readiness';
import { signUpUser, TEST_PASSWORD } from '../support/users';

/**
 * Issue 12, faults 4-6 and 9b: weak passwords, sessions after a password change, the absolute
 * session lifetime, no session rows for anonymous page views, the email change's rate limit.
 */
const SESSION_COOKIE = 'golf.sid';
const CHANGE_PASSWORD = '/change-password?_data=routes%2Fchange-password';
const PROFILE = '/profile?_data=routes%2Fprofile';

function sessionId(agent: ApiClient): string | undefined {
  const cookie = agent.agent.jar.getCookie(SESSION_COOKIE, {
    domain: '127.0.0.1',
    path: '/',
    secure: false,
    script: false,
  });
  return cookie?.value;
}

describe('identity hardening', () => {
  let app: RunningApp;
  let limited: RunningApp;
  let db: Client;

  beforeAll(async () => {
    [app, limited] = await Promise.all([
      startApp({ LOGIN_RATE_LIMIT: '1000', SESSION_ABSOLUTE_DAYS: '30' }),
      startApp({ LOGIN_RATE_LIMIT: '5' }),
    ]);
    db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await db?.end();
    await Promise.all([app?.stop(), limited?.stop()]);
  }, HOOK_TIMEOUT);

  async function sessionRows(): Promise<number> {
    const res = await db.query<{ n: string }>('select count(*) as n from user_sessions');
    return Number(res.rows[0].n);
  }

  describe('weak passwords (fault 4)', () => {
    it.each(['password', '12345678', 'aaaaaaaa'])(
      'refuses %s at sign-up with a message on the password field',
      async (password) => {
        const client = new ApiClient(app.url);
        const res = await client.signUp({
          email: uniqueEmail('weak'),
          password,
          firstName: 'Weak',
          lastName: 'Password',
        });
        expect(res.status).toBe(400);
        const body = res.body as { errors: Record<string, string[]> };
        expect(body.errors['password'][0]).toMatch(/^This password is too easy to guess\./);
      },
    );

    it('refuses a password made of the user’s own name', async () => {
      const client = new ApiClient(app.url);
      const res = await client.signUp({
        email: uniqueEmail('zanzibar'),
        password: 'zanzibarquokka',
        firstName: 'Zanzibar',
        lastName: 'Quokka',
      });
      expect(res.status).toBe(400);
      expect((res.body as { errors: Record<string, string[]> }).errors['password']).toBeDefined();
    });

    it('refuses a weak new password at Change Password and keeps the old one', async () => {
      const { client, user } = await signUpUser(app.url);
      const res = await client.agent.post(CHANGE_PASSWORD).type('form').send({
        _csrf: client.csrf,
        currentPassword: TEST_PASSWORD,
        newPassword: 'password',
        confirmPassword: 'password',
      });
      expect(res.status).toBe(400);
      const body = res.body as { fields: Record<string, string[]> };
      expect(body.fields['newPassword'][0]).toMatch(/^This password is too easy to guess\./);
      const again = await new ApiClient(app.url).signIn(user.email!, TEST_PASSWORD);
      expect(again.status).toBe(200);
    });
  });

  describe('sessions (fault 5)', () => {
    it('a password change signs out the other sessions and renews the current one', async () => {
      const { client: phone, user } = await signUpUser(app.url);
      const laptop = new ApiClient(app.url);
      expect((await laptop.signIn(user.email!, TEST_PASSWORD)).status).toBe(200);
      await laptop.get('/api/auth/user').expect(200);

      const before = sessionId(phone);
      expect(before).toBeDefined();
      const newPassword = 'plaid walrus tangerine orbit';
      const res = await phone.agent.post(CHANGE_PASSWORD).type('form').send({
        _csrf: phone.csrf,
        currentPassword: TEST_PASSWORD,
        newPassword,
        confirmPassword: newPassword,
      });
      expect(res.status).toBe(200);

      await laptop.get('/api/auth/user').expect(401);
      await phone.get('/api/auth/user').expect(200);
      const after = sessionId(phone);
      expect(after).toBeDefined();
      expect(after).not.toBe(before);
      // The renewed session has a new CSRF token, and the old one no longer works.
      const oldToken = phone.csrf;
      const newToken = await phone.refreshCsrf();
      expect(newToken).not.toBe(oldToken);
      await phone.agent
        .patch(`/api/users/${user.id}`)
        .set('x-csrf-token', oldToken)
        .send({ city: 'Austin' })
        .expect(403);
      await phone.patch(`/api/users/${user.id}`, { city: 'Austin' }).expect(200);
    });

    it('ends a session older than SESSION_ABSOLUTE_DAYS since sign-in, however active', async () => {
      const { client, user } = await signUpUser(app.url);
      await client.get('/api/auth/user').expect(200);
      const day = 24 * 60 * 60 * 1000;
      // Move the sign-in 31 days back; the row itself is fresh (the idle timeout has not run out).
      await db.query(
        `update user_sessions
            set sess = jsonb_set(sess::jsonb, '{signedInAt}', to_jsonb($2::bigint))::json
          where sess->>'userId' = $1`,
        [user.id, Date.now() - 31 * day],
      );
      await client.get('/api/auth/user').expect(401);
      const rows = await db.query(`select 1 from user_sessions where sess->>'userId' = $1`, [
        user.id,
      ]);
      expect(rows.rowCount).toBe(0);
    });

    it('keeps a session younger than the absolute lifetime', async () => {
      const { client, user } = await signUpUser(app.url);
      await db.query(
        `update user_sessions
            set sess = jsonb_set(sess::jsonb, '{signedInAt}', to_jsonb($2::bigint))::json
          where sess->>'userId' = $1`,
        [user.id, Date.now() - 29 * 24 * 60 * 60 * 1000],
      );
      await client.get('/api/auth/user').expect(200);
    });
  });

  describe('anonymous visitors (fault 6)', () => {
    it('50 cookieless page views each of /, /login, /signup and a 404 add no session rows', async () => {
      const before = await sessionRows();
      for (const path of ['/', '/login', '/signup', '/no-such-page']) {
        for (let i = 0; i < 50; i += 1) {
          const res = await request(app.url).get(path);
          expect([200, 404]).toContain(res.status);
        }
      }
      expect(await sessionRows()).toBe(before);
    });

    it('the sign-in form still works, and only with its token', async () => {
      const { user } = await signUpUser(app.url);
      const visitor = request.agent(app.url);
      const page = await visitor.get('/login').expect(200);
      const token = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1];
      expect(token).toBeDefined();
      expect(await sessionRows()).toBeGreaterThan(0); // the signed-up user's own session

      // Missing and forged tokens are refused (as JSON for API clients).
      await visitor
        .post('/api/login')
        .set('accept', 'application/json')
        .send({ email: user.email, password: TEST_PASSWORD })
        .expect(403);
      await visitor
        .post('/api/login')
        .set('accept', 'application/json')
        .send({ _csrf: `${token}x`, email: user.email, password: TEST_PASSWORD })
        .expect(403);
      // The right token without the cookie it was signed for is refused too.
      await request(app.url)
        .post('/api/login')
        .set('accept', 'application/json')
        .send({ _csrf: token, email: user.email, password: TEST_PASSWORD })
        .expect(403);

      await visitor
        .post('/api/login')
        .type('form')
        .send({ _csrf: token, email: user.email, password: TEST_PASSWORD })
        .expect(303)
        .expect('location', '/');
      await visitor.get('/api/auth/user').expect(200);
    });

    it('a stale token on the sign-in form goes back to the form with a message and the email', async () => {
      const visitor = request.agent(app.url);
      await visitor.get('/login').expect(200);
      const res = await visitor
        .post('/api/login')
        .type('form')
        .send({ _csrf: 'stale', email: 'kept@example.test', password: 'whatever' })
        .expect(303);
      expect(res.headers['location']).toBe('/login');
      const form = await visitor.get('/login').expect(200);
      expect(form.text).toContain('Your session expired. Please try again.');
      expect(form.text).toContain('value="kept@example.test"');
    });
  });

  describe('email change (9b)', () => {
    it('is rate limited per user like sign-in', async () => {
      const { client, user } = await signUpUser(limited.url);
      const statuses: number[] = [];
      for (let i = 0; i < 7; i += 1) {
        const res = await client.patch(`/api/users/${user.id}`, { email: uniqueEmail('move') });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      const last = await client.patch(`/api/users/${user.id}`, { email: uniqueEmail('move') });
      expect(last.status).toBe(400);
      expect((last.body as { errors: Record<string, string[]> }).errors['email']).toEqual([
        'Too many email changes. Please wait a minute and try again.',
      ]);
      // Other profile fields are not limited.
      await client.patch(`/api/users/${user.id}`, { city: 'Austin' }).expect(200);
    });

    it('the profile form is limited too', async () => {
      const { client, user } = await signUpUser(limited.url);
      let last = 0;
      for (let i = 0; i < 6; i += 1) {
        const res = await client.agent
          .post(PROFILE)
          .type('form')
          .send({ _csrf: client.csrf, intent: 'personal', email: uniqueEmail('form') });
        last = res.status;
      }
      expect(last).toBe(400);
      expect(user.id).toBeDefined();
    });
  });
});
