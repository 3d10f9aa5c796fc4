import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('gives working defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.APP_TIMEZONE).toBe('America/Chicago');
    expect(config.oidcEnabled).toBe(false);
  });

  it('parses numbers and booleans', () => {
    const config = loadConfig({ PORT: '4100', OIDC_ALLOW_INSECURE: 'true' });
    expect(config.PORT).toBe(4100);
    expect(config.OIDC_ALLOW_INSECURE).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ APP_TIMEZONE: 'Mars/Olympus' }, 'APP_TIMEZONE'],
    [{ OIDC_ISSUER_URL: 'https://id.example.com' }, 'OIDC_CLIENT_ID'],
    [{ NODE_ENV: 'production' }, 'SESSION_SECRET'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
  ])('rejects %j naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });
});
