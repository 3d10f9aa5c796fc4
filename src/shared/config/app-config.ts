import 'reflect-metadata';
import path from 'node:path';
import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  MinLength,
  Min,
  validateSync,
} from 'class-validator';

const toInt = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : Number(value);
const toBool = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : ['1', 'true', 'yes'].includes(String(value));
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/**
 * Every environment variable the app reads, with its default. `.env.example` documents the same
 * list; a bad value stops the boot with a message naming the variable.
 */
export class AppConfig {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  /** Unset: an embedded PostgreSQL under DATA_DIR/postgres is started. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ protocols: ['postgres', 'postgresql'], require_tld: false, require_protocol: true })
  DATABASE_URL?: string;

  @Transform(toInt)
  @IsInt()
  @Min(1024)
  @Max(65535)
  EMBEDDED_POSTGRES_PORT = 54329;

  @IsString()
  DATA_DIR = './data';

  /** Unset in development: a random secret is kept in DATA_DIR/session-secret. Required in production. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32)
  SESSION_SECRET?: string;

  /** Idle timeout: a session unused this long ends (each request renews it). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  SESSION_MAX_AGE_DAYS = 7;

  /** Absolute lifetime: a session ends this long after sign-in, however active (ASVS 3.3.2). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  SESSION_ABSOLUTE_DAYS = 30;

  /**
   * Proxy hops to trust for X-Forwarded-* (client IP for rate limits, https for Secure cookies).
   * 0 by default: without a proxy, trusting the header would let clients forge their IP.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  TRUST_PROXY_HOPS = 0;

  @IsString()
  APP_TIMEZONE = 'America/Chicago';

  /** Base URL the browser uses; OIDC redirect URIs are built from it. */
  @IsUrl({ require_tld: false, require_protocol: true })
  PUBLIC_URL = 'http://localhost:3000';

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true })
  OIDC_ISSUER_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  OIDC_CLIENT_ID?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  OIDC_CLIENT_SECRET?: string;

  @IsString()
  OIDC_SCOPES = 'openid email profile';

  /** Allow an http:// issuer (loopback test providers only). */
  @Transform(toBool)
  @IsBoolean()
  OIDC_ALLOW_INSECURE = false;

  /** Sign-in attempts allowed per client per minute. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  LOGIN_RATE_LIMIT = 10;

  /** Where uploads and analysis artifacts are kept. Default: DATA_DIR/uploads. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  UPLOADS_DIR?: string;

  /** Set: analyses go through Bull queues on this Redis, run by `npm run worker` processes. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ protocols: ['redis', 'rediss'], require_tld: false, require_protocol: true })
  REDIS_URL?: string;

  /** Key prefix of the Bull queues in Redis (several apps, or test runs, can share one Redis). */
  @IsString()
  REDIS_QUEUE_PREFIX = 'bull';

  /** Analyses one process (web in-process runner, or each worker) runs at the same time. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(16)
  ANALYSIS_CONCURRENCY = 1;

  /**
   * How long a claim on an analysis lasts without a heartbeat. A crashed runner's analysis is
   * picked up again this long after its last heartbeat (and Bull's stalled check uses the same).
   */
  @Transform(toInt)
  @IsInt()
  @Min(2)
  @Max(3600)
  ANALYSIS_LEASE_SECONDS = 30;

  /** Set: the coaching paragraph is written by this OpenAI-compatible API. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  OPENAI_API_KEY?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true })
  OPENAI_BASE_URL?: string;

  @IsString()
  OPENAI_MODEL = 'gpt-4o-mini';

  /**
   * The admin panel's password (issue 16): ADMIN_PASSWORD (compared in constant time) or
   * ADMIN_PASSWORD_HASH (argon2). Neither, outside production: one is generated into
   * DATA_DIR/admin-password and printed once; neither in production: the panel is off.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(12)
  ADMIN_PASSWORD?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  ADMIN_PASSWORD_HASH?: string;

  /** Minutes an admin sign-in lasts, however active. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(24 * 60)
  ADMIN_SESSION_MINUTES = 60;

  /** Admin password attempts allowed per client per minute. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  ADMIN_LOGIN_RATE_LIMIT = 5;

  /**
   * Stripe (issue 15). All of the secret key, publishable key, webhook secret and both price
   * ids, or none: without them billing runs in its labelled test mode (no card is charged).
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  STRIPE_SECRET_KEY?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  STRIPE_PUBLISHABLE_KEY?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  STRIPE_WEBHOOK_SECRET?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  STRIPE_PRICE_MONTHLY?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  STRIPE_PRICE_ANNUAL?: string;

  /** Tests only: the Stripe API's base URL (a loopback fake); Stripe's own when unset. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true })
  STRIPE_API_BASE?: string;

  /** Days a past-due subscription (a failed renewal) stays premium while Stripe retries. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(60)
  BILLING_GRACE_DAYS = 7;

  /** How often lapsed subscriptions (period ended, grace over) drop to free. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(86_400)
  ENTITLEMENT_CHECK_SECONDS = 300;

  /** Production without Stripe keys: billing is off unless this opts in to the test mode. */
  @Transform(toBool)
  @IsBoolean()
  BILLING_TEST_MODE = false;

  /**
   * Tests only (refused in production): a file holding an ISO instant; the app's calendar clock
   * reads it and runs on from there, so tests can move to next Sunday without sleeping.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  TEST_CLOCK_FILE?: string;

  @IsIn(['fatal', 'error', 'warn', 'log', 'debug', 'verbose'])
  LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'log' | 'debug' | 'verbose' = 'log';

  get isProduction(): boolean {
    return this.NODE_ENV === 'production';
  }

  get uploadsDir(): string {
    return this.UPLOADS_DIR ?? path.join(this.DATA_DIR, 'uploads');
  }

  /** 'stripe' with keys; else 'test' (development, or production that opts in); else 'off'. */
  get billingMode(): 'stripe' | 'test' | 'off' {
    if (this.STRIPE_SECRET_KEY) return 'stripe';
    return !this.isProduction || this.BILLING_TEST_MODE ? 'test' : 'off';
  }

  get oidcEnabled(): boolean {
    return Boolean(this.OIDC_ISSUER_URL);
  }
}

export class ConfigError extends Error {}

/** Parses and validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const known = Object.keys(new AppConfig());
  const raw = Object.fromEntries(Object.entries(env).filter(([key]) => known.includes(key)));
  const config = plainToInstance(AppConfig, raw, { exposeDefaultValues: true });
  const errors = validateSync(config, { skipMissingProperties: false });
  const problems = errors.map(
    (e) =>
      `${e.property}=${JSON.stringify(raw[e.property] ?? null)}: ${Object.values(e.constraints ?? {}).join('; ')}`,
  );
  if (config.oidcEnabled && (!config.OIDC_CLIENT_ID || !config.OIDC_CLIENT_SECRET)) {
    problems.push('OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required when OIDC_ISSUER_URL is set');
  }
  const stripe = [
    'STRIPE_SECRET_KEY',
    'STRIPE_PUBLISHABLE_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_PRICE_MONTHLY',
    'STRIPE_PRICE_ANNUAL',
  ] as const;
  const missing = stripe.filter((key) => !config[key]);
  if (missing.length > 0 && missing.length < stripe.length) {
    problems.push(`Stripe needs all of ${stripe.join(', ')}; missing ${missing.join(', ')}`);
  }
  if (config.isProduction && !config.SESSION_SECRET) {
    problems.push('SESSION_SECRET is required when NODE_ENV=production');
  }
  if (config.isProduction && config.TEST_CLOCK_FILE) {
    problems.push('TEST_CLOCK_FILE is for tests and refused when NODE_ENV=production');
  }
  if (!isValidZone(config.APP_TIMEZONE)) {
    problems.push(`APP_TIMEZONE=${JSON.stringify(config.APP_TIMEZONE)}: not an IANA time zone`);
  }
  if (problems.length) {
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
  return config;
}

function isValidZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
