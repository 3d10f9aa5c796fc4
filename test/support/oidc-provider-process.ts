import { spawn } from 'node:child_process';
import path from 'node:path';
import { printed, stopChild, waitForReady, watchChild } from './readiness';

export interface OidcAccount {
  sub: string;
  email: string;
  given_name: string;
  family_name: string;
}

export interface OidcProviderOptions {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  account: OidcAccount;
}

export interface RunningOidcProvider {
  issuer: string;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Runs test/support/oidc-provider.mjs in its own process (oidc-provider is ESM-only, which Jest's
 * CommonJS runtime cannot import) and resolves with its issuer once it prints `OIDC_READY`.
 */
export async function startOidcProviderProcess(
  options: OidcProviderOptions,
): Promise<RunningOidcProvider> {
  const child = spawn(process.execPath, [path.resolve(__dirname, 'oidc-provider.mjs')], {
    env: {
      PATH: process.env['PATH'] ?? '',
      NODE_ENV: 'test',
      OIDC_TEST_PORT: '0',
      OIDC_TEST_CLIENT_ID: options.clientId,
      OIDC_TEST_CLIENT_SECRET: options.clientSecret,
      OIDC_TEST_REDIRECT_URI: options.redirectUri,
      OIDC_TEST_POST_LOGOUT_URI: options.postLogoutRedirectUri,
      OIDC_TEST_SUB: options.account.sub,
      OIDC_TEST_EMAIL: options.account.email,
      OIDC_TEST_GIVEN_NAME: options.account.given_name,
      OIDC_TEST_FAMILY_NAME: options.account.family_name,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const watched = watchChild(child);
  const stop = () => stopChild(watched);
  try {
    // Generating its keys and loading oidc-provider takes a while on a loaded machine: wait for
    // the line, not for a fixed time.
    const ready = await waitForReady('the OIDC provider', watched, () =>
      printed(watched, /^OIDC_READY (\S+)$/m),
    );
    return { issuer: ready[1]!, output: watched.output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
