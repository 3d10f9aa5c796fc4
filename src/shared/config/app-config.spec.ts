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
    [{ STRIPE_SECRET_KEY: 'sk_test_x' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ BILLING_GRACE_DAYS: '-1' }, 'BILLING_GRACE_DAYS'],
  ])('rejects %j naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });

  it('runs billing on Stripe with all keys, else in test mode, and off in production', () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_MONTHLY: 'price_m',
      STRIPE_PRICE_ANNUAL: 'price_a',
    };
    expect(loadConfig(stripe).billingMode).toBe('stripe');
    expect(loadConfig({}).billingMode).toBe('test');
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) };
    expect(loadConfig(production).billingMode).toBe('off');
    expect(loadConfig({ ...production, BILLING_TEST_MODE: 'true' }).billingMode).toBe('test');
  });
});
