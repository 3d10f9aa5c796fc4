/**
 * The module rules of ARCHITECTURE.md, checked on every `npm test`:
 * - a module talks to another only through its exported application services (or domain events):
 *   no module imports another module's entities, repositories, infrastructure or http;
 * - domain code is pure: no Nest, no ORM sessions, no I/O;
 * - application code reaches infrastructure through ports: it imports infrastructure types only;
 * - the web app reaches the server only through the load context (types) and pure domain rules;
 * - the swing engine is a library: nothing of Nest, the ORM, the database, src/shared or another
 *   module; others reach it only through its public entries (index.ts, rules.ts, video.ts), and
 *   only the analysis child process loads index.ts at runtime.
 */
const MODULE = '^src/modules/([^/]+)/';
const ENGINE = '^src/modules/swing-engine/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-foreign-internals',
      comment:
        'A module may use another module only through its application services (never its entities, repositories, infrastructure or controllers).',
      severity: 'error',
      from: { path: MODULE },
      to: {
        path: '^src/modules/([^/]+)/(domain|infrastructure|http)/',
        pathNot: '^src/modules/$1/',
      },
    },
    {
      name: 'no-foreign-entities',
      comment: 'Entities belong to their module; only the database wiring lists them all.',
      severity: 'error',
      from: { pathNot: ['^src/modules/([^/]+)/', '^src/shared/database/'] },
      to: { path: '\\.entity\\.ts$' },
    },
    {
      name: 'pure-domain',
      comment: 'domain/ holds pure rules: no Nest, no I/O, no ORM sessions.',
      severity: 'error',
      from: { path: '^src/modules/[^/]+/domain/' },
      to: {
        path: [
          '^node_modules/@nestjs/',
          '^node_modules/@mikro-orm/(postgresql|knex|migrations)',
          '^node_modules/(pg|express|fluent-ffmpeg|bull|stripe|openai)/',
          '(^|/)(fs|http|https|net|child_process)$',
        ],
      },
    },
    {
      name: 'application-uses-ports',
      comment:
        'Application code imports its infrastructure by type only: use cases reach adapters through ports (abstract classes bound in the module), so their specs run with fakes.',
      severity: 'error',
      from: { path: '^src/modules/[^/]+/application/' },
      to: {
        path: '^src/modules/[^/]+/infrastructure/',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'shared-is-shared',
      comment: 'src/shared must not depend on a module (except the database and web wiring).',
      severity: 'error',
      from: { path: '^src/shared/', pathNot: ['^src/shared/database/', '^src/shared/web/'] },
      to: { path: '^src/modules/' },
    },
    {
      name: 'web-uses-context',
      comment:
        'Remix code reaches the server through the load context: it may import domain rules and types, never application services at runtime, infrastructure or http.',
      severity: 'error',
      from: { path: '^web/app/' },
      to: {
        path: '^src/modules/[^/]+/(infrastructure|http)/',
      },
    },
    {
      name: 'web-no-runtime-services',
      severity: 'error',
      from: { path: '^web/app/' },
      to: {
        path: '^src/modules/[^/]+/application/',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'engine-stands-alone',
      comment:
        'The swing engine is a library (video in, report out): no Nest, MikroORM, pg, Bull or Express, nothing from src/shared, another module or the web app.',
      severity: 'error',
      from: { path: ENGINE },
      to: {
        path: [
          '^node_modules/(@nestjs|@mikro-orm)/',
          '^node_modules/(pg|bull|express)/',
          '^src/shared/',
          '^src/modules/',
          '^web/',
        ],
        pathNot: ENGINE,
      },
    },
    {
      name: 'engine-public-entry',
      comment:
        'Other code imports the engine only from swing-engine/index.ts (the engine), rules.ts (pure rules and types) or video.ts (upload checks).',
      severity: 'error',
      from: { pathNot: ENGINE },
      to: { path: ENGINE, pathNot: `${ENGINE}(index|rules|video)\\.ts$` },
    },
    {
      name: 'engine-runs-in-the-child',
      comment:
        'Only the analysis child process loads the engine (onnxruntime): the web process imports rules.ts and video.ts at runtime, index.ts by type only.',
      severity: 'error',
      from: {
        path: ['^src/', '^web/app/'],
        pathNot: [ENGINE, '^src/modules/analysis/infrastructure/jobs/analysis-child\\.ts$'],
      },
      to: { path: `${ENGINE}index\\.ts$`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-engine-rules-only',
      comment:
        'The Remix bundles take pure rules and types from the engine: rules.ts at runtime, nothing else (no ffprobe, no onnxruntime).',
      severity: 'error',
      from: { path: '^web/app/' },
      to: { path: ENGINE, pathNot: `${ENGINE}rules\\.ts$`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.spec\\.tsx?$' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
