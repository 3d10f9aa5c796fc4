import request, { type Response } from 'supertest';
import { ApiClient, uniqueEmail } from '../support/api-client';
import { startApp, type RunningApp } from '../support/app-server';
import { signUpUser, TEST_PASSWORD, type PublicUser } from '../support/users';

import { HOOK_TIMEOUT } from '../support/readiness';
const SESSION_COOKIE = 'golf.sid';

/** The Set-Cookie header that sets `name`, or undefined. */
function setCookie(res: Response, name: string): string | undefined {
  const raw = res.headers['set-cookie'] as string[] | string | undefined;
  const all = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return all.find((c) => c.startsWith(`${name}=`));
}

/** `name=value` of a Set-Cookie header, ready for a Cookie header. */
function cookiePair(header: string | undefined): string {
  if (!header) throw new Error('no Set-Cookie header');
  return header.split(';')[0];
}

function attributes(header: string): string[] {
  return header
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase());
}

/** No credential or identity-provider internals in anything the API answers. */
function expectNoSecrets(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/password/i);
  expect(text).not.toMatch(/oidc/i);
  expect(text).not.toMatch(/idToken/i);
  expect(text).not.toContain('$argon2');
}

describe('local sign-in', () => {
  let app: RunningApp;
  let proxied: RunningApp;
  let limited: RunningApp;

  beforeAll(async () => {
    [app, proxied, limited] = await Promise.all([
      // A high limit: this file signs in often, the rate limit has its own app below.
      startApp({ LOGIN_RATE_LIMIT: '1000' }),
      startApp({ TRUST_PROXY_HOPS: '1' }),
      startApp({ LOGIN_RATE_LIMIT: '3' }),
    ]);
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await Promise.all([app?.stop(), proxied?.stop(), limited?.stop()]);
  }, HOOK_TIMEOUT);

  describe('sign-up and the current user', () => {
    it('signs up, then GET /api/auth/user returns the user without secrets', async () => {
      const client = new ApiClient(app.url);
      const email = uniqueEmail('signup');
      const res = await client.signUp({
        email: `  ${email.toUpperCase()} `,
        password: TEST_PASSWORD,
        firstName: ' Annika ',
        lastName: 'Sorenstam',
      });
      expect(res.status).toBe(201);
      const user = res.body as PublicUser;
      expect(user).toMatchObject({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        email,
        firstName: 'Annika',
        lastName: 'Sorenstam',
        handicap: null,
        isPremium: false,
        signInMethod: 'local',
      });
      expectNoSecrets(res.body);

      const me = await client.get('/api/auth/user');
      expect(me.status).toBe(200);
      expect(me.body).toEqual(user);
      expectNoSecrets(me.body);

      const profile = await client.get(`/api/users/${user.id}`).expect(200);
      expectNoSecrets(profile.body);
      const patched = await client.patch(`/api/users/${user.id}`, { city: 'Stockholm' });
      expect(patched.status).toBe(200);
      expectNoSecrets(patched.body);
    });

    it('refuses sign-up with bad details with field messages', async () => {
      const client = new ApiClient(app.url);
      const res = await client.signUp({
        email: 'nope',
        password: 'short',
        firstName: '',
        lastName: 'X',
      });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'firstName', 'password']);
      await client.get('/api/auth/user').expect(401);
    });

    it('refuses a duplicate sign-up without saying the account exists', async () => {
      const { user } = await signUpUser(app.url);
      const client = new ApiClient(app.url);
      const res = await client.signUp({
        email: user.email!.toUpperCase(),
        password: 'another password 123',
        firstName: 'Copy',
        lastName: 'Cat',
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ email: [expect.any(String)] });
      expect(JSON.stringify(res.body)).not.toMatch(/already exists/i);
      expectNoSecrets(res.body);
      // ...and it does not sign anyone in.
      await client.get('/api/auth/user').expect(401);
    });
  });

  describe('sign-in', () => {
    let email: string;

    beforeAll(async () => {
      email = (await signUpUser(app.url)).user.email!;
    });

    it('signs in with the right password (email in any case) and starts a new session id', async () => {
      const client = new ApiClient(app.url);
      // A failed form post leaves a message in an anonymous session: the id to not keep.
      const failed = await client.agent
        .post('/api/login')
        .type('form')
        .send({ email, password: 'not it' })
        .expect(303);
      const anonymousCookie = cookiePair(setCookie(failed, SESSION_COOKIE));
      const csrf = await client.agent.get('/api/auth/csrf').expect(200);
      const res = await client.agent
        .post('/api/login')
        .set('x-csrf-token', csrf.body.csrfToken as string)
        .send({ email: email.toUpperCase(), password: TEST_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ email });
      expectNoSecrets(res.body);
      const signedInCookie = cookiePair(setCookie(res, SESSION_COOKIE));
      expect(signedInCookie).not.toEqual(anonymousCookie);

      await client.get('/api/auth/user').expect(200);
      // The anonymous visitor's CSRF token is not the signed-in session's.
      const me = await client.get('/api/auth/user').expect(200);
      const stale = await client.agent
        .patch(`/api/users/${me.body.id as string}`)
        .set('x-csrf-token', csrf.body.csrfToken as string)
        .send({ city: 'Stale' });
      expect(stale.status).toBe(403);
      // The pre-sign-in session id is not signed in (no session fixation).
      await request(app.url).get('/api/auth/user').set('cookie', anonymousCookie).expect(401);
      await request(app.url).get('/api/auth/user').set('cookie', signedInCookie).expect(200);
    });

    it('answers a wrong password and an unknown email with the same 401', async () => {
      const wrongPassword = await new ApiClient(app.url).signIn(email, 'wrong password 123');
      const unknownEmail = await new ApiClient(app.url).signIn(
        uniqueEmail('nobody'),
        'wrong password 123',
      );
      expect(wrongPassword.status).toBe(401);
      expect(unknownEmail.status).toBe(401);
      expect(wrongPassword.body).toEqual(unknownEmail.body);
      expect(wrongPassword.body.message).toEqual(expect.any(String));
      expect(wrongPassword.body.message.length).toBeGreaterThan(0);
    });

    it('does not sign in after a wrong password', async () => {
      const client = new ApiClient(app.url);
      await client.signIn(email, 'wrong password 123');
      await client.get('/api/auth/user').expect(401);
    });
  });

  describe('logout', () => {
    it('ends the session, also for a copy of the old cookie', async () => {
      const { client } = await signUpUser(app.url);
      const csrf = await client.agent.get('/api/auth/csrf').expect(200);
      const me = await client.agent.get('/api/auth/user').expect(200);
      expect(me.body.id).toBeDefined();
      // The cookie the browser holds right now (rolling sessions re-send it).
      const cookie = cookiePair(setCookie(csrf, SESSION_COOKIE));

      const res = await client.post('/api/logout');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ redirectTo: '/' });
      const cleared = setCookie(res, SESSION_COOKIE);
      expect(cleared).toBeDefined();
      expect(cleared).toMatch(/expires=Thu, 01 Jan 1970/i);

      await client.get('/api/auth/user').expect(401);
      await request(app.url).get('/api/auth/user').set('cookie', cookie).expect(401);
    });

    it('refuses logout without the CSRF token and stays signed in', async () => {
      const { client } = await signUpUser(app.url);
      const res = await client.agent.post('/api/logout').send({});
      expect(res.status).toBe(403);
      await client.get('/api/auth/user').expect(200);
    });
  });

  describe('CSRF', () => {
    it.each<[string, (client: ApiClient) => string | undefined]>([
      ['without the x-csrf-token header', () => undefined],
      ['with a wrong token', () => 'not-the-token'],
      ['with an empty token', () => ''],
    ])('refuses a signed-in PATCH %s with 403 and changes nothing', async (_name, token) => {
      const { client, user } = await signUpUser(app.url, { firstName: 'Before' });
      let req = client.agent.patch(`/api/users/${user.id}`);
      const value = token(client);
      if (value !== undefined) req = req.set('x-csrf-token', value);
      const res = await req.send({ firstName: 'After' });
      expect(res.status).toBe(403);
      const now = await client.get(`/api/users/${user.id}`).expect(200);
      expect(now.body.firstName).toBe('Before');
    });

    it("refuses another session's token", async () => {
      const victim = await signUpUser(app.url, { firstName: 'Victim' });
      const attacker = await signUpUser(app.url);
      const res = await victim.client.agent
        .patch(`/api/users/${victim.user.id}`)
        .set('x-csrf-token', attacker.client.csrf)
        .send({ firstName: 'Owned' });
      expect(res.status).toBe(403);
      const now = await victim.client.get(`/api/users/${victim.user.id}`).expect(200);
      expect(now.body.firstName).toBe('Victim');
    });

    it('refuses a signed-in DELETE without the token', async () => {
      const { client } = await signUpUser(app.url);
      const res = await client.agent.delete(
        '/api/notifications/00000000-0000-4000-8000-000000000000',
      );
      expect(res.status).toBe(403);
    });

    it('refuses sign-in and sign-up posts without the token', async () => {
      const { user } = await signUpUser(app.url);
      const login = await request(app.url)
        .post('/api/login')
        .send({ email: user.email, password: TEST_PASSWORD });
      expect(login.status).toBe(403);
      expect(setCookie(login, SESSION_COOKIE)).toBeUndefined();
      const signup = await request(app.url).post('/api/signup').send({
        email: uniqueEmail(),
        password: TEST_PASSWORD,
        firstName: 'No',
        lastName: 'Token',
      });
      expect(signup.status).toBe(403);
    });
  });

  describe('session cookie', () => {
    it('is HttpOnly, SameSite=Lax, Path=/ and not Secure over plain http', async () => {
      const client = new ApiClient(app.url);
      await client.refreshCsrf();
      const res = await client.agent
        .post('/api/signup')
        .set('x-csrf-token', client.csrf)
        .send({ email: uniqueEmail(), password: TEST_PASSWORD, firstName: 'C', lastName: 'K' });
      expect(res.status).toBe(201);
      const header = setCookie(res, SESSION_COOKIE);
      expect(header).toBeDefined();
      const attrs = attributes(header!);
      expect(attrs).toContain('httponly');
      expect(attrs).toContain('samesite=lax');
      expect(attrs).toContain('path=/');
      expect(attrs).not.toContain('secure');
    });

    it('ignores X-Forwarded-Proto when no proxy is trusted', async () => {
      const res = await request(app.url)
        .post('/api/login')
        .set('x-forwarded-proto', 'https')
        .type('form')
        .send({ email: 'x@example.test' })
        .expect(303);
      const header = setCookie(res, SESSION_COOKIE);
      expect(header).toBeDefined();
      expect(attributes(header!)).not.toContain('secure');
    });

    it('is Secure behind a trusted proxy that terminated TLS', async () => {
      const res = await request(proxied.url)
        .post('/api/login')
        .set('x-forwarded-proto', 'https')
        .set('x-forwarded-for', '203.0.113.7')
        .type('form')
        .send({ email: 'x@example.test' })
        .expect(303);
      const header = setCookie(res, SESSION_COOKIE);
      expect(header).toBeDefined();
      const attrs = attributes(header!);
      expect(attrs).toContain('secure');
      expect(attrs).toContain('httponly');
      expect(attrs).toContain('samesite=lax');
    });

    it('is not Secure behind the trusted proxy when the client used plain http', async () => {
      const res = await request(proxied.url)
        .post('/api/login')
        .set('x-forwarded-proto', 'http')
        .type('form')
        .send({ email: 'x@example.test' })
        .expect(303);
      expect(attributes(setCookie(res, SESSION_COOKIE)!)).not.toContain('secure');
    });
  });

  describe('rate limit (LOGIN_RATE_LIMIT=3)', () => {
    it('answers the 4th sign-in attempt within a minute with 429, even with the right password', async () => {
      const { user } = await signUpUser(limited.url);
      const client = new ApiClient(limited.url);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        statuses.push((await client.signIn(user.email!, `wrong password ${i}`)).status);
      }
      expect(statuses).toEqual([401, 401, 401]);
      const fourth = await client.signIn(user.email!, TEST_PASSWORD);
      expect(fourth.status).toBe(429);
      expect(fourth.body.message).toMatch(/too many/i);
      await client.get('/api/auth/user').expect(401);
    });

    it('sends a throttled HTML form post back to the sign-in page with the message', async () => {
      const client = new ApiClient(limited.url);
      const token = await client.refreshCsrf();
      const post = () =>
        client.agent
          .post('/api/login')
          .type('form')
          .set('accept', 'text/html')
          .send({ _csrf: token, email: 'someone@example.test', password: 'whatever123' });
      // One more than the limit, so the last is throttled whatever ran before in this minute.
      let res = await post();
      for (let i = 0; i < 3; i += 1) res = await post();
      expect(res.status).toBe(303);
      expect(res.headers['location']).toBe('/login');
      const page = await client.agent.get('/login').set('accept', 'text/html').expect(200);
      expect(page.text).toMatch(/Too many sign-in attempts/);
    });
  });

  describe('HTML form sign-in', () => {
    let email: string;

    beforeAll(async () => {
      email = (await signUpUser(app.url)).user.email!;
    });

    async function postForm(client: ApiClient, fields: Record<string, string>) {
      return client.agent
        .post('/api/login')
        .type('form')
        .set('accept', 'text/html,application/xhtml+xml')
        .send(fields);
    }

    it('redirects a wrong password 303 to /login, which then shows the error once', async () => {
      const client = new ApiClient(app.url);
      const token = await client.refreshCsrf();
      const res = await postForm(client, { _csrf: token, email, password: 'wrong password 123' });
      expect(res.status).toBe(303);
      expect(res.headers['location']).toBe('/login');

      const page = await client.agent.get('/login').set('accept', 'text/html').expect(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.text).toContain('Incorrect email or password.');
      // The typed email is kept in the form.
      expect(page.text).toContain(`value="${email}"`);

      const again = await client.agent.get('/login').set('accept', 'text/html').expect(200);
      expect(again.text).not.toContain('Incorrect email or password.');
      await client.get('/api/auth/user').expect(401);
    });

    it('redirects the right password 303 to / and signs in', async () => {
      const client = new ApiClient(app.url);
      const token = await client.refreshCsrf();
      const res = await postForm(client, { _csrf: token, email, password: TEST_PASSWORD });
      expect(res.status).toBe(303);
      expect(res.headers['location']).toBe('/');
      const me = await client.get('/api/auth/user').expect(200);
      expect(me.body.email).toBe(email);
    });

    it('escapes the typed email when showing the form again', async () => {
      const client = new ApiClient(app.url);
      const token = await client.refreshCsrf();
      const typed = '"><script>alert(1)</script>';
      const res = await postForm(client, { _csrf: token, email: typed, password: 'x' });
      expect(res.status).toBe(303);
      const page = await client.agent.get('/login').set('accept', 'text/html').expect(200);
      expect(page.text).not.toContain('<script>alert(1)</script>');
      expect(page.text).toMatch(/value="&quot;&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;"/);
    });

    it('refuses a form post with a wrong _csrf', async () => {
      const client = new ApiClient(app.url);
      await client.refreshCsrf();
      const res = await postForm(client, { _csrf: 'forged', email, password: TEST_PASSWORD });
      // Back to the form with a message (issue 12, 9a), not signed in.
      expect(res.status).toBe(303);
      expect(res.headers['location']).toBe('/login');
      await client.get('/api/auth/user').expect(401);
    });
  });

  describe('security headers', () => {
    function nonceOf(res: Response): string {
      const csp = res.headers['content-security-policy'] as string | undefined;
      expect(csp).toBeDefined();
      const scriptSrc = csp!.split(';').find((d) => d.trim().startsWith('script-src'));
      const match = /'nonce-([A-Za-z0-9+/=]+)'/.exec(scriptSrc ?? '');
      expect(match).not.toBeNull();
      return match![1];
    }

    it('sends a CSP with a per-request nonce that the page uses, and nosniff', async () => {
      const first = await request(app.url).get('/login').set('accept', 'text/html').expect(200);
      const second = await request(app.url).get('/login').set('accept', 'text/html').expect(200);
      const nonce = nonceOf(first);
      expect(nonce.length).toBeGreaterThanOrEqual(16);
      expect(nonceOf(second)).not.toEqual(nonce);
      expect(first.text).toContain(`nonce="${nonce}"`);
      const csp = first.headers['content-security-policy'] as string;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(first.headers['x-content-type-options']).toBe('nosniff');
      expect(first.headers['x-powered-by']).toBeUndefined();
    });

    it('sends the headers on /api responses too', async () => {
      const res = await request(app.url).get('/api/auth/csrf').expect(200);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-powered-by']).toBeUndefined();
    });
  });

  describe('body size limit', () => {
    it('answers a JSON body over 100 kB with 413 and changes nothing', async () => {
      const { client, user } = await signUpUser(app.url, { firstName: 'Small' });
      const res = await client.patch(`/api/users/${user.id}`, {
        firstName: 'x'.repeat(110 * 1024),
      });
      expect(res.status).toBe(413);
      const now = await client.get(`/api/users/${user.id}`).expect(200);
      expect(now.body.firstName).toBe('Small');
    });

    it('reads a JSON body just under the limit (and validates it)', async () => {
      const { client, user } = await signUpUser(app.url);
      const res = await client.patch(`/api/users/${user.id}`, { firstName: 'x'.repeat(95 * 1024) });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ firstName: [expect.any(String)] });
    });

    it('answers an oversized sign-in body with 413 before anything else', async () => {
      const res = await request(app.url)
        .post('/api/login')
        .send({ email: 'a@example.test', password: 'p'.repeat(200 * 1024) });
      expect(res.status).toBe(413);
    });
  });
});
