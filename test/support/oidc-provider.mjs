// Why this file exists: the API test suite needs a *real* OpenID Connect provider to exercise our
// OIDC login/logout integration end to end, without internet access and without a browser. This
// wraps `oidc-provider` (v9) on loopback http with one static client, one static account,
// ephemeral keys and an in-memory store, and makes every interaction (login, consent, logout)
// completable with plain HTTP requests plus a cookie jar.
//
// Usage (library):  const { issuer, close } = await startOidcProvider({ ... });
// Usage (process):  OIDC_TEST_* env vars, `node test/support/oidc-provider.mjs`; prints
//                   `OIDC_READY <issuer>` on stdout once listening; exits 0 on SIGTERM/SIGINT.
//
// Plain-HTTP login (carry cookies for 127.0.0.1 on every request, never follow redirects
// automatically; all cookies are non-Secure, SameSite=Lax, HttpOnly over http):
//   1. GET  <authorization_endpoint>?...&code_challenge=...&code_challenge_method=S256
//        -> 303 to /interaction/<uid>; sets `_interaction` (path /interaction/<uid>) and
//           `_interaction_resume` (path /auth/<uid>), each with a `.sig` companion cookie.
//   2. GET  /interaction/<uid>  (needs `_interaction` + `.sig`)
//        -> 303 to /auth/<uid>; login as `account.sub` and consent are granted automatically.
//   3. GET  /auth/<uid>  (needs `_interaction_resume` + `.sig`)
//        -> 303 to <redirect_uri>?code=...&state=...&iss=...; sets the `_session` (+ `.sig`)
//           cookie and clears the interaction cookies.
//   With an existing `_session` and grant for the client, step 1 redirects straight to the
//   redirect_uri.
//
// Plain-HTTP logout (RP-initiated, end_session_endpoint):
//   1. GET  <end_session_endpoint>?id_token_hint=...&post_logout_redirect_uri=...&state=...
//        (or client_id=... instead of id_token_hint), sending `_session` + `_session.sig`
//        -> 200 HTML containing one `<form method="post" action="...">` with hidden inputs
//           `xsrf` and `logout=yes` (same shape whether or not a session exists).
//   2. POST that action (/session/end/confirm), application/x-www-form-urlencoded, body = the
//      hidden inputs verbatim, sending the same cookies
//        -> 303 to <post_logout_redirect_uri>?state=...; the session is destroyed and the
//           `_session` cookie is cleared.
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

import Provider from 'oidc-provider';

const INTERACTION_PATH = /^\/interaction\/([^/]+)$/;

function toList(value) {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value;
  return String(value)
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function createSigningJwk() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

function requestedClaimNames(claimsParam) {
  if (!claimsParam) return [];
  try {
    const parsed = typeof claimsParam === 'string' ? JSON.parse(claimsParam) : claimsParam;
    return [
      ...new Set([...Object.keys(parsed.userinfo ?? {}), ...Object.keys(parsed.id_token ?? {})]),
    ];
  } catch {
    return [];
  }
}

function listen(server, port) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve(server.address().port);
    });
  });
}

export async function startOidcProvider({
  port = 0,
  clientId,
  clientSecret,
  redirectUris,
  postLogoutRedirectUris,
  account,
} = {}) {
  if (!clientId || !clientSecret) throw new TypeError('clientId and clientSecret are required');
  if (!account?.sub) throw new TypeError('account.sub is required');
  const redirects = toList(redirectUris);
  if (redirects.length === 0) throw new TypeError('at least one redirect URI is required');
  const postLogoutRedirects = toList(postLogoutRedirectUris);

  // Listen first so that an ephemeral port (port = 0) is known before the issuer is fixed.
  let handler = (req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = createServer((req, res) => handler(req, res));
  const boundPort = await listen(server, port);
  const issuer = `http://127.0.0.1:${boundPort}`;

  const fullName = [account.given_name, account.family_name].filter(Boolean).join(' ');
  const accountClaims = {
    sub: account.sub,
    email: account.email,
    email_verified: true,
    given_name: account.given_name,
    family_name: account.family_name,
    name: fullName || undefined,
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirects,
        post_logout_redirect_uris: postLogoutRedirects,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // client_secret_post is accepted as well: oidc-provider treats basic/post as equivalent.
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [createSigningJwk()] },
    cookies: {
      keys: [randomBytes(32).toString('hex')],
    },
    scopes: ['openid', 'email', 'profile'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // Put scope-derived claims into the ID token too, not only into userinfo.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    responseTypes: ['code'],
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // Default form needs a human to click "Yes"; this one already carries logout=yes, so a
        // test can POST the hidden inputs as they are.
        async logoutSource(ctx, form) {
          const withLogout = form.replace(
            '</form>',
            '<input type="hidden" name="logout" value="yes"/></form>',
          );
          ctx.type = 'html';
          ctx.body = `<!DOCTYPE html><html><head><title>Logout</title></head><body>${withLogout}
<button type="submit" form="op.logoutForm">Sign out</button></body></html>`;
        },
        async postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = '<!DOCTYPE html><html><body><h1>Signed out</h1></body></html>';
        },
      },
    },
    interactions: {
      url: (ctx, interaction) => `/interaction/${interaction.uid}`,
    },
    async findAccount(ctx, sub) {
      if (sub !== account.sub) return undefined;
      return {
        accountId: sub,
        async claims() {
          return { ...accountClaims };
        },
      };
    },
    async renderError(ctx, out) {
      ctx.type = 'json';
      ctx.body = out;
    },
    clientBasedCORS: () => true,
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 600,
      IdToken: 3600,
      RefreshToken: 86400,
      Interaction: 3600,
      Session: 86400,
      Grant: 86400,
      ClientCredentials: 600,
      DeviceCode: 600,
      BackchannelAuthenticationRequest: 600,
    },
  });

  // Headless interaction endpoint: GET /interaction/<uid> signs `account` in and grants every
  // requested scope/claim, then redirects back to the authorization resume endpoint.
  provider.use(async (ctx, next) => {
    const match = INTERACTION_PATH.exec(ctx.path);
    if (!match || ctx.method !== 'GET') return next();
    ctx.set('cache-control', 'no-store');
    try {
      const details = await provider.interactionDetails(ctx.req, ctx.res);
      if (details.uid !== decodeURIComponent(match[1])) {
        throw new Error('interaction cookie does not match the interaction URL');
      }
      const { prompt, params, session } = details;
      if (prompt.name !== 'login' && prompt.name !== 'consent') {
        ctx.status = 501;
        ctx.body = { error: 'not_implemented', error_description: `prompt ${prompt.name}` };
        return undefined;
      }

      const result = {};
      let accountId = session?.accountId;
      if (prompt.name === 'login' || !accountId) {
        accountId = account.sub;
        result.login = { accountId };
      }

      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId, clientId: params.client_id });
      if (params.scope) grant.addOIDCScope(String(params.scope));
      if (prompt.details.missingOIDCScope) {
        grant.addOIDCScope(prompt.details.missingOIDCScope.join(' '));
      }
      const claims = [
        ...requestedClaimNames(params.claims),
        ...(prompt.details.missingOIDCClaims ?? []),
      ];
      if (claims.length) grant.addOIDCClaims(claims);
      for (const [indicator, scopes] of Object.entries(
        prompt.details.missingResourceScopes ?? {},
      )) {
        grant.addResourceScope(indicator, scopes.join(' '));
      }
      result.consent = { grantId: await grant.save() };

      const returnTo = await provider.interactionResult(ctx.req, ctx.res, result, {
        mergeWithLastSubmission: false,
      });
      ctx.status = 303;
      ctx.redirect(returnTo);
    } catch (err) {
      ctx.status = 400;
      ctx.body = { error: err.error ?? 'invalid_request', error_description: err.message };
    }
    return undefined;
  });

  handler = provider.callback();

  let closed;
  async function close() {
    closed ??= new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return closed;
  }

  return { issuer, close, provider };
}

async function main() {
  const env = process.env;
  const { issuer, close } = await startOidcProvider({
    port: env.OIDC_TEST_PORT ? Number(env.OIDC_TEST_PORT) : 0,
    clientId: env.OIDC_TEST_CLIENT_ID,
    clientSecret: env.OIDC_TEST_CLIENT_SECRET,
    redirectUris: env.OIDC_TEST_REDIRECT_URI,
    postLogoutRedirectUris: env.OIDC_TEST_POST_LOGOUT_URI,
    account: {
      sub: env.OIDC_TEST_SUB,
      email: env.OIDC_TEST_EMAIL,
      given_name: env.OIDC_TEST_GIVEN_NAME,
      family_name: env.OIDC_TEST_FAMILY_NAME,
    },
  });

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  process.stdout.write(`OIDC_READY ${issuer}\n`);
}

const isMain = (() => {
  if (!process.argv[1]) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
  } catch {
    return false;
  }
})();

if (isMain) {
  main().catch((err) => {
    process.stderr.write(`oidc-provider failed to start: ${err.stack ?? err}\n`);
    process.exit(1);
  });
}
