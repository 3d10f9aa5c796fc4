import { spawn } from 'node:child_process';
import path from 'node:path';
import { stopProcess } from './app-server';

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
  let output = '';
  const stop = () => stopProcess(child);

  try {
    const issuer = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no OIDC_READY within 15 s:\n${output}`)),
        15_000,
      );
      const done = (fn: () => void) => {
        clearTimeout(timer);
        fn();
      };
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /^OIDC_READY (\S+)$/m.exec(output);
        if (match) done(() => resolve(match[1]));
      });
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) =>
        done(() => reject(new Error(`the OIDC provider exited (${code}):\n${output}`))),
      );
    });
    return { issuer, output: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
