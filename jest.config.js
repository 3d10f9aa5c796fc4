/**
 * Four suites: unit (pure rules and use cases with fakes, beside the code: seconds), engine (the
 * swing engine's *.integration.spec.ts: ffmpeg on real and generated clips, the ONNX models),
 * api (supertest against a real server) and browser.
 */
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true, decorators: true },
        transform: {
          legacyDecorator: true,
          decoratorMetadata: true,
          react: { runtime: 'automatic' },
        },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};
/** Specs that run ffmpeg, read footage or load the pose models. */
const INTEGRATION_SPEC = '\\.integration\\.spec\\.ts$';
const common = {
  transform,
  testEnvironment: 'node',
  moduleNameMapper: { '^~/(.*)$': '<rootDir>/web/app/$1' },
  // @nestjs/schedule and openid-client ship ES modules only (Node loads them with require; jest needs them
  // turned into CommonJS): tests that start a Nest context in process import it.
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs/schedule|openid-client|oauth4webapi|jose)/)',
  ],
};

module.exports = {
  // A safety net only (waits end on readiness, test/support/readiness.ts): API and browser tests
  // boot servers and run analyses, which a loaded machine can slow many times over.
  testTimeout: 30 * 60_000,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  // One PostgreSQL for the run: the machine's, or an embedded one started and stopped here.
  globalSetup: '<rootDir>/test/support/jest-global-setup.ts',
  globalTeardown: '<rootDir>/test/support/jest-global-teardown.ts',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/src/**/*.spec.ts',
        '<rootDir>/web/**/*.spec.ts',
        '<rootDir>/scripts/**/*.spec.ts',
      ],
      testPathIgnorePatterns: ['/node_modules/', INTEGRATION_SPEC],
    },
    {
      ...common,
      displayName: 'engine',
      testMatch: [
        '<rootDir>/src/**/*.integration.spec.ts',
        '<rootDir>/scripts/**/*.integration.spec.ts',
      ],
    },
    {
      ...common,
      displayName: 'api',
      testMatch: ['<rootDir>/test/api/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/test/browser/**/*.test.ts'],
    },
  ],
};
