import { Client } from 'pg';
import { freePort, startApp, type RunningApp } from '../support/app-server';
import { Browser, parseForm } from '../support/browser-fetch';
import {
  startOidcProviderProcess,
  type OidcAccount,
  type RunningOidcProvider,
} from '../support/oidc-provider-process';
import type { PublicUser } from '../support/users';

import { HOOK_TIMEOUT } from '../support/readiness';
const CLIENT_ID = 'golf-app-test';
const CLIENT_SECRET = 'golf-app-test-secret-0123456789';
const ACCOUNT: OidcAccount = {
  sub: 'oidc-user-42',
  email: 'Rory.McIlroy@Example.test',
  given_name: 'Rory',
  family_name: 'McIlroy',
};

interface ProviderMetadata {
  issuer: string;
  authorization_endpoint: string;
  end_session_endpoint: string;
}

function decodeJwtPayload(jwt: string): Record<string, unknown> {
  const parts = jwt.split('.');
  expect(parts).toHaveLength(3);
  return JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Sign-in and RP-initiated logout through a real OpenID provider, driven like a browser. */
describe('OIDC sign-in', () => {
  let provider: RunningOidcProvider;
  let app: RunningApp;
  let appUrl: string;
  let metadata: ProviderMetadata;
  let db: Client;

  beforeAll(async () => {
    // The provider must know the app's redirect URIs before the app (which discovers the provider
    // at boot) starts, so the app's port is chosen first.
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    provider = await startOidcProviderProcess({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUri: `${appUrl}/api/callback`,
      postLogoutRedirectUri: `${appUrl}/`,
      account: ACCOUNT,
    });
    app = await startApp(
      {
        OIDC_ISSUER_URL: provider.issuer,
        OIDC_CLIENT_ID: CLIENT_ID,
        OIDC_CLIENT_SECRET: CLIENT_SECRET,
        OIDC_ALLOW_INSECURE: 'true',
      },
      { port },
    );
    expect(app.url).toBe(appUrl);
    metadata = (await (
      await fetch(`${provider.issuer}/.well-known/openid-configuration`)
    ).json()) as ProviderMetadata;
    db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await db?.end();
    await app?.stop();
    await provider?.stop();
  }, HOOK_TIMEOUT);

  async function userCount(): Promise<number> {
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from users');
    return rows[0].n;
  }

  async function currentUser(browser: Browser): Promise<{ status: number; body: unknown }> {
    const res = await browser.fetch(`${appUrl}/api/auth/user`, {
      headers: { accept: 'application/json' },
    });
    return { status: res.status, body: await res.json() };
  }

  function isApp(url: URL, pathname: string): boolean {
    return url.origin === appUrl && url.pathname === pathname;
  }

  /**
   * GET /api/login, follow every redirect to our callback, then visit it: it must answer 303 to
   * `/` with a new session id. Returns the hops before the callback.
   */
  async function signIn(browser: Browser): Promise<string[]> {
    const { url: callback, hops } = await browser.followUntil(`${appUrl}/api/login`, (u) =>
      isApp(u, '/api/callback'),
    );
    expect(callback.searchParams.get('iss')).toBe(provider.issuer);
    const before = browser.jar.get('golf.sid');
    const res = await browser.fetch(callback.href);
    await res.body?.cancel();
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    const after = browser.jar.get('golf.sid');
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    return hops;
  }

  async function csrfToken(browser: Browser): Promise<string> {
    const res = await browser.fetch(`${appUrl}/api/auth/csrf`, {
      headers: { accept: 'application/json' },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { csrfToken: string }).csrfToken;
  }

  /** Starts a sign-in in `browser` and returns the provider's redirect to our callback, unvisited. */
  async function callbackUrl(browser: Browser): Promise<URL> {
    const { url } = await browser.followUntil(`${appUrl}/api/login`, (u) =>
      isApp(u, '/api/callback'),
    );
    expect(url.searchParams.get('code')).toBeTruthy();
    return url;
  }

  /** Visits a (doctored) callback URL and checks that it signed nobody in. */
  async function expectRefusedCallback(browser: Browser, callback: URL) {
    const res = await browser.fetch(callback.href);
    await res.body?.cancel();
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login');
    expect(browser.jar.get('golf.sid')).toBeDefined();
    expect(await currentUser(browser)).toMatchObject({ status: 401 });
    expect(await userCount()).toBe(0);
  }

  it('does not sign anyone in when the callback state is tampered with', async () => {
    const browser = new Browser();
    const callback = await callbackUrl(browser);
    // With PKCE the app may send no state at all; then any state coming back is a forgery.
    const state = callback.searchParams.get('state');
    callback.searchParams.set('state', state ? `${state}x` : 'forged-state');
    await expectRefusedCallback(browser, callback);

    const page = await browser.fetch(`${appUrl}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Sign-in did not complete');
  });

  it('does not sign anyone in when the callback code is tampered with', async () => {
    const browser = new Browser();
    const callback = await callbackUrl(browser);
    callback.searchParams.set('code', `${callback.searchParams.get('code')}x`);
    await expectRefusedCallback(browser, callback);
  });

  it('does not accept a callback URL in a browser that did not start the sign-in', async () => {
    // Login CSRF: an attacker's code must not sign the victim's browser in.
    const callback = await callbackUrl(new Browser());
    await expectRefusedCallback(new Browser(), callback);
  });

  describe('a full session', () => {
    const browser = new Browser();
    let user: PublicUser;

    it('signs in through the provider and creates the user from the claims', async () => {
      const hops = await signIn(browser);
      // Went through the provider's interaction (login + consent) and back to our callback.
      expect(hops[0]).toMatch(new RegExp(`^30[23] ${appUrl}/api/login$`));
      expect(hops.some((h) => h.includes(`${provider.issuer}/interaction/`))).toBe(true);

      const me = await currentUser(browser);
      expect(me.status).toBe(200);
      user = me.body as PublicUser;
      expect(user).toMatchObject({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        firstName: 'Rory',
        lastName: 'McIlroy',
        email: 'rory.mcilroy@example.test',
        isPremium: false,
        signInMethod: 'oidc',
      });
      const text = JSON.stringify(me.body);
      expect(text).not.toMatch(/oidc(Issuer|Subject)|password|idToken/i);
      expect(text).not.toContain(ACCOUNT.sub);
      expect(await userCount()).toBe(1);
    });

    it('lands on the app home page, signed in', async () => {
      const home = await browser.fetch(`${appUrl}/`);
      expect(home.status).toBe(200);
      expect(home.headers.get('content-type')).toMatch(/text\/html/);
      await home.body?.cancel();
    });

    it('refuses local password sign-in and sign-up while OIDC is configured', async () => {
      const token = await csrfToken(browser);
      for (const path of ['/api/login', '/api/signup']) {
        const res = await browser.fetch(`${appUrl}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': token },
          body: JSON.stringify({
            email: 'x@example.test',
            password: 'password1234',
            firstName: 'X',
            lastName: 'Y',
          }),
        });
        expect(res.status).toBe(401);
        await res.body?.cancel();
      }
      // The refused attempts did not end the OIDC session.
      expect(await currentUser(browser)).toMatchObject({ status: 200 });
    });

    it('reuses the same user when signing in again (silently, with the provider session)', async () => {
      const hops = await signIn(browser);
      expect(hops.some((h) => h.includes('/interaction/'))).toBe(false);
      const me = await currentUser(browser);
      expect(me.status).toBe(200);
      expect((me.body as PublicUser).id).toBe(user.id);
      expect(await userCount()).toBe(1);
    });

    it('reuses the same user from another browser (a full provider interaction)', async () => {
      const second = new Browser();
      const hops = await signIn(second);
      expect(hops.some((h) => h.includes('/interaction/'))).toBe(true);
      const me = await currentUser(second);
      expect(me.status).toBe(200);
      expect((me.body as PublicUser).id).toBe(user.id);
      expect(await userCount()).toBe(1);
    });

    it('logs out of the app and the provider (RP-initiated logout) back to the app', async () => {
      const token = await csrfToken(browser);
      const res = await browser.fetch(`${appUrl}/api/logout`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'x-csrf-token': token,
        },
        body: '{}',
      });
      expect(res.status).toBe(200);
      const { redirectTo } = (await res.json()) as { redirectTo: string };
      expect(browser.jar.get('golf.sid')).toBeUndefined();

      const endSession = new URL(redirectTo);
      expect(`${endSession.origin}${endSession.pathname}`).toBe(metadata.end_session_endpoint);
      expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${appUrl}/`);
      const hint = endSession.searchParams.get('id_token_hint');
      expect(hint).toBeTruthy();
      expect(decodeJwtPayload(hint!)).toMatchObject({
        iss: provider.issuer,
        sub: ACCOUNT.sub,
        aud: CLIENT_ID,
      });

      // The app's session is already gone, before the provider's logout completes.
      expect(await currentUser(browser)).toMatchObject({ status: 401 });

      const page = await browser.fetch(endSession.href);
      const html = await page.text();
      expect(page.status).toBe(200);
      const { action, fields } = parseForm(html, endSession.href);
      const confirm = await browser.fetch(action, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: fields,
      });
      await confirm.body?.cancel();
      expect(confirm.status).toBe(303);
      const back = new URL(confirm.headers.get('location')!, action);
      expect(back.origin).toBe(appUrl);
      expect(back.pathname).toBe('/');
      expect(browser.jar.names()).not.toContain('_session');

      const home = await browser.fetch(back.href);
      expect(home.status).toBe(200);
      expect(home.headers.get('content-type')).toMatch(/text\/html/);
      await home.body?.cancel();
      expect(await currentUser(browser)).toMatchObject({ status: 401 });
    });

    it('requires a new provider interaction to sign in after logout', async () => {
      const res = await browser.fetch(`${appUrl}/api/login`);
      await res.body?.cancel();
      const authorize = new URL(res.headers.get('location')!, appUrl);
      expect(`${authorize.origin}${authorize.pathname}`).toBe(metadata.authorization_endpoint);
      expect(authorize.searchParams.get('redirect_uri')).toBe(`${appUrl}/api/callback`);
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');

      const atProvider = await browser.fetch(authorize.href);
      await atProvider.body?.cancel();
      const next = new URL(atProvider.headers.get('location')!, authorize);
      expect(next.origin).toBe(provider.issuer);
      expect(next.pathname).toMatch(/^\/interaction\//);
      expect(await currentUser(browser)).toMatchObject({ status: 401 });
    });
  });
});
