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
};

module.exports = {
  // API and browser suites boot a server per file; unit tests finish far below this.
  testTimeout: 120_000,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
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
