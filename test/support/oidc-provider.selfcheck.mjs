// Why this file exists: a standalone sanity check for test/support/oidc-provider.mjs. It starts
// the loopback provider and plays a confidential client with openid-client v6 using only plain
// HTTP (manual redirects + a tiny cookie jar): discovery, PKCE login, code exchange, userinfo,
// silent re-authorization, RP-initiated logout, and the `node oidc-provider.mjs` process mode.
// Prints PASS/FAIL per step and exits non-zero on any failure.
//
// Run: node test/support/oidc-provider.selfcheck.mjs
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import * as client from 'openid-client';

import { startOidcProvider } from './oidc-provider.mjs';

const CLIENT_ID = 'selfcheck-client';
const CLIENT_SECRET = 'selfcheck-secret';
// Never requested: the redirect chain is stopped as soon as it points here.
const REDIRECT_URI = 'http://127.0.0.1:9/auth/callback';
const POST_LOGOUT_URI = 'http://127.0.0.1:9/logged-out';
const ACCOUNT = {
  sub: 'user-123',
  email: 'ada@example.test',
  given_name: 'Ada',
  family_name: 'Lovelace',
};
const SCOPE = 'openid email profile';

let failures = 0;

async function step(name, fn) {
  try {
    const detail = await fn();
    console.log(`PASS ${name}${detail ? ` - ${detail}` : ''}`);
    return true;
  } catch (err) {
    failures += 1;
    console.log(`FAIL ${name} - ${err?.stack ?? err}`);
    return false;
  }
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

// Minimal cookie jar: name + path scoped, honours deletion via expiry / Max-Age=0.
class CookieJar {
  #cookies = new Map();

  store(url, response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attrs] = header.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = '/';
      let expired = false;
      for (const attr of attrs) {
        const [key, val = ''] = attr.split('=');
        const lower = key.toLowerCase();
        if (lower === 'path') path = val;
        if (lower === 'max-age' && Number(val) <= 0) expired = true;
        if (lower === 'expires' && Date.parse(val) <= Date.now()) expired = true;
      }
      const key = `${name};${path}`;
      if (expired || value === '') this.#cookies.delete(key);
      else this.#cookies.set(key, { name, value, path });
    }
  }

  header(url) {
    const { pathname } = new URL(url);
    return [...this.#cookies.values()]
      .filter(
        ({ path }) =>
          pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`),
      )
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');
  }

  names() {
    return [...this.#cookies.values()].map(({ name }) => name);
  }
}

async function request(jar, url, init = {}) {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie) headers.set('cookie', cookie);
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(url, response);
  return response;
}

// Follows redirects by hand until one points at `stopPrefix` (returned, not requested).
async function followUntil(jar, startUrl, stopPrefix, maxHops = 10) {
  let url = String(startUrl);
  const hops = [];
  for (let i = 0; i < maxHops; i += 1) {
    const response = await request(jar, url);
    const location = response.headers.get('location');
    hops.push(`${response.status} ${new URL(url).pathname}`);
    if (!location) {
      const body = await response.text();
      throw new Error(`no redirect from ${url} (${response.status}): ${body.slice(0, 300)}`);
    }
    await response.body?.cancel();
    url = new URL(location, url).href;
    if (url.startsWith(stopPrefix)) return { url: new URL(url), hops };
  }
  throw new Error(`too many redirects: ${hops.join(' -> ')}`);
}

function parseForm(html, baseUrl) {
  const form = /<form\b[^>]*\baction="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error(`no form in page: ${html.slice(0, 300)}`);
  const fields = new URLSearchParams();
  for (const input of form[2].matchAll(/<input\b[^>]*>/gi)) {
    const name = /\bname="([^"]*)"/.exec(input[0]);
    const value = /\bvalue="([^"]*)"/.exec(input[0]);
    if (name) fields.append(name[1], value ? value[1] : '');
  }
  return { action: new URL(form[1].replace(/&amp;/g, '&'), baseUrl).href, fields };
}

async function discover(issuer, auth) {
  return client.discovery(new URL(issuer), CLIENT_ID, CLIENT_SECRET, auth, {
    execute: [client.allowInsecureRequests],
  });
}

async function authorize(config, jar) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope: SCOPE,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  const { url: callback, hops } = await followUntil(jar, url, REDIRECT_URI);
  return { callback, hops, verifier, state };
}

async function checkLibraryMode() {
  const { issuer, close } = await startOidcProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [REDIRECT_URI],
    postLogoutRedirectUris: [POST_LOGOUT_URI],
    account: ACCOUNT,
  });
  const jar = new CookieJar();
  let config;
  let tokens;
  try {
    await step('start provider', async () => {
      assert(/^http:\/\/127\.0\.0\.1:\d+$/.test(issuer), `unexpected issuer ${issuer}`);
      return issuer;
    });

    const discovered = await step('discovery (allowInsecureRequests)', async () => {
      config = await discover(issuer, client.ClientSecretBasic(CLIENT_SECRET));
      const meta = config.serverMetadata();
      assert(meta.issuer === issuer, `issuer mismatch ${meta.issuer}`);
      assert(meta.end_session_endpoint, 'no end_session_endpoint');
      assert(meta.code_challenge_methods_supported?.includes('S256'), 'S256 not supported');
      for (const method of ['client_secret_basic', 'client_secret_post']) {
        assert(meta.token_endpoint_auth_methods_supported.includes(method), `${method} missing`);
      }
      return `end_session_endpoint=${meta.end_session_endpoint}`;
    });
    if (!discovered) return;

    await step('PKCE is required (request without code_challenge is rejected)', async () => {
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: REDIRECT_URI,
        scope: SCOPE,
        state: 'nopkce',
      });
      const { url: callback } = await followUntil(new CookieJar(), url, REDIRECT_URI);
      assert(callback.searchParams.get('error') === 'invalid_request', `got ${callback}`);
      return callback.searchParams.get('error_description');
    });

    let login;
    const loggedIn = await step('authorization code + PKCE login via plain HTTP', async () => {
      login = await authorize(config, jar);
      assert(login.callback.searchParams.get('code'), `no code in ${login.callback}`);
      assert(login.callback.searchParams.get('state') === login.state, 'state mismatch');
      return `${login.hops.join(' -> ')} -> callback; cookies: ${jar.names().join(', ')}`;
    });
    if (!loggedIn) return;

    const exchanged = await step('authorizationCodeGrant (client_secret_basic)', async () => {
      tokens = await client.authorizationCodeGrant(config, login.callback, {
        pkceCodeVerifier: login.verifier,
        expectedState: login.state,
      });
      assert(tokens.access_token && tokens.id_token, 'missing tokens');
      return `token_type=${tokens.token_type} scope=${tokens.scope}`;
    });
    if (!exchanged) return;

    await step('ID token claims', async () => {
      const claims = tokens.claims();
      const expected = { ...ACCOUNT, email_verified: true, name: 'Ada Lovelace' };
      for (const [key, value] of Object.entries(expected)) {
        assert(claims[key] === value, `id_token ${key}=${claims[key]} expected ${value}`);
      }
      return JSON.stringify(Object.fromEntries(Object.keys(expected).map((k) => [k, claims[k]])));
    });

    await step('fetchUserInfo', async () => {
      const info = await client.fetchUserInfo(config, tokens.access_token, ACCOUNT.sub);
      const expected = { ...ACCOUNT, email_verified: true, name: 'Ada Lovelace' };
      for (const [key, value] of Object.entries(expected)) {
        assert(info[key] === value, `userinfo ${key}=${info[key]} expected ${value}`);
      }
      return JSON.stringify(info);
    });

    await step('silent re-authorization with session + client_secret_post', async () => {
      const postConfig = await discover(issuer, client.ClientSecretPost(CLIENT_SECRET));
      const again = await authorize(postConfig, jar);
      assert(again.hops.length === 1, `expected direct redirect, got ${again.hops.join(' -> ')}`);
      const second = await client.authorizationCodeGrant(postConfig, again.callback, {
        pkceCodeVerifier: again.verifier,
        expectedState: again.state,
      });
      assert(second.claims().sub === ACCOUNT.sub, 'sub mismatch');
      return `${again.hops.join(' -> ')} -> callback`;
    });

    await step('RP-initiated logout via plain HTTP', async () => {
      const endSessionUrl = client.buildEndSessionUrl(config, {
        id_token_hint: tokens.id_token,
        post_logout_redirect_uri: POST_LOGOUT_URI,
        state: 'bye',
      });
      const page = await request(jar, endSessionUrl);
      const html = await page.text();
      assert(page.status === 200, `end_session GET returned ${page.status}: ${html.slice(0, 300)}`);
      const { action, fields } = parseForm(html, endSessionUrl);
      assert(fields.get('logout') === 'yes' && fields.get('xsrf'), `form fields ${fields}`);
      const confirm = await request(jar, action, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: fields,
      });
      const location = confirm.headers.get('location');
      assert(confirm.status === 303, `confirm returned ${confirm.status}: ${await confirm.text()}`);
      const target = new URL(location, action);
      assert(target.href.startsWith(POST_LOGOUT_URI), `redirected to ${target}`);
      assert(target.searchParams.get('state') === 'bye', 'state not echoed');
      assert(!jar.names().includes('_session'), 'session cookie not cleared');
      return `GET ${new URL(endSessionUrl).pathname} 200 -> POST ${new URL(action).pathname} 303 -> ${target}`;
    });

    await step('after logout a new login interaction is required', async () => {
      const verifier = client.randomPKCECodeVerifier();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: REDIRECT_URI,
        scope: SCOPE,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: 'again',
      });
      const response = await request(jar, url);
      const location = response.headers.get('location') ?? '';
      await response.body?.cancel();
      assert(new URL(location, url).pathname.startsWith('/interaction/'), `got ${location}`);
      return `${response.status} -> ${new URL(location, url).pathname}`;
    });
  } finally {
    await step('close()', async () => {
      await close();
      const stillUp = await fetch(`${issuer}/.well-known/openid-configuration`).then(
        () => true,
        () => false,
      );
      assert(!stillUp, 'server still answering after close()');
    });
  }
}

async function checkProcessMode() {
  const script = fileURLToPath(new URL('./oidc-provider.mjs', import.meta.url));
  const child = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      OIDC_TEST_PORT: '0',
      OIDC_TEST_CLIENT_ID: CLIENT_ID,
      OIDC_TEST_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_TEST_REDIRECT_URI: REDIRECT_URI,
      OIDC_TEST_POST_LOGOUT_URI: POST_LOGOUT_URI,
      OIDC_TEST_SUB: ACCOUNT.sub,
      OIDC_TEST_EMAIL: ACCOUNT.email,
      OIDC_TEST_GIVEN_NAME: ACCOUNT.given_name,
      OIDC_TEST_FAMILY_NAME: ACCOUNT.family_name,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  try {
    let issuer;
    const ready = await step('process mode prints OIDC_READY', async () => {
      const deadline = Date.now() + 15000;
      while (!/\n/.test(stdout)) {
        if (Date.now() > deadline || child.exitCode !== null) {
          throw new Error(`no ready line; stdout=${stdout} stderr=${stderr}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const match = /^OIDC_READY (http:\/\/127\.0\.0\.1:\d+)\n$/.exec(stdout);
      assert(match, `unexpected stdout: ${JSON.stringify(stdout)}`);
      issuer = match[1];
      return stdout.trim();
    });
    if (ready) {
      await step('process mode serves discovery', async () => {
        const config = await discover(issuer, client.ClientSecretBasic(CLIENT_SECRET));
        assert(config.serverMetadata().issuer === issuer, 'issuer mismatch');
        return issuer;
      });
    }
    await step('process mode exits cleanly on SIGTERM', async () => {
      child.kill('SIGTERM');
      const { code, signal } = await exited;
      assert(code === 0, `exit code ${code} signal ${signal}; stderr=${stderr}`);
      assert(stdout.trim().split('\n').length === 1, `extra stdout: ${JSON.stringify(stdout)}`);
      return `exit code ${code}${stderr ? `; stderr=${JSON.stringify(stderr)}` : ''}`;
    });
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

await checkLibraryMode();
await checkProcessMode();

console.log(failures ? `FAIL ${failures} step(s) failed` : 'PASS all steps');
process.exit(failures ? 1 : 0);
