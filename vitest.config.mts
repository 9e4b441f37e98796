import { availableParallelism } from 'node:os';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

/**
 * Test layers by file suffix: `.unit.spec.ts` (no I/O), `.embedded.spec.ts` (PGlite, in-process
 * bus), `.int.spec.ts` (real Postgres and NATS), `.e2e.spec.ts` (the composed app over HTTP or in
 * Chromium). End-to-end API suites run twice: on the embedded default that `npm start` gives, and on
 * services (browser suites, in tests/web, on the embedded one only). SWC keeps decorator metadata so Nest's constructor injection works in tests that
 * import sources.
 */
/** Migrated database templates, made once per run for the projects that start databases. */
const TEMPLATES = 'tests/support/global-setup.ts';
/**
 * Suites that start servers share their worker's module cache: re-importing the API, Nest and
 * PGlite for every file cost about a third of the run's CPU. They keep no module-level state
 * between files (each starts its own server, database and bus). Unit suites stay isolated: some
 * replace modules with mocks.
 */
const SHARED_MODULES = { isolate: false };
/**
 * CI (which sets STARDECK_CI) runs a server test that failed once more before failing the run: on
 * two busy cores a live push or a projection can miss a wait that it meets on any quiet machine.
 * The retry is reported, so a test that needs it is still seen; a test that fails twice fails CI.
 */
const SERVER_RETRY = { retry: process.env.STARDECK_CI ? 1 : 0 };

/**
 * One worker more than there are cores, up to four. A server suite waits much of its time (for a
 * projection, a live push, a reconnect, a token to expire, a browser page), so with one worker per
 * core the two cores of the CI machine stood idle for about a sixth of the run; a third worker
 * fills those waits, and the run is then bound by CPU (about 88% of both cores). The ceiling keeps
 * Postgres within its default 100 connections: a services test server holds up to 16 (its pool of
 * 10, 4 for prepared statements, 2 for the Socket.IO adapter), and a few suites run two.
 */
const WORKERS = Math.min(availableParallelism() + 1, 4);

/**
 * Servers started by tests hash passwords at argon2's cheapest cost (see the config loader):
 * thousands of sign-ups and sign-ins at OWASP's cost were a large share of the run's CPU. One
 * unit test keeps the production cost.
 */
const TEST_ENV = { STARDECK_TEST_FAST_HASHING: '1' };

/** Every JSON answer an end-to-end suite gets is checked against the OpenAPI document its server serves. */
const CONFORMANCE = { setupFiles: ['tests/support/response-conformance.ts'] };

export default defineConfig({
  plugins: [
    swc.vite({
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
      },
    }),
  ],
  test: {
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: WORKERS,
    env: TEST_ENV,
    projects: [
      // deploy/test.sh runs this against the Compose site it brought up; no other run has a site.
      ...(process.env.STARDECK_DEPLOY_SITE
        ? [{ extends: true, test: { name: 'deploy', include: ['tests/deploy/**/*.deploy.spec.ts'], testTimeout: 300_000, hookTimeout: 120_000 } }]
        : []),
      { extends: true, test: { name: 'unit', include: ['**/*.unit.spec.ts'] } },
      { extends: true, test: { name: 'embedded', include: ['**/*.embedded.spec.ts'], globalSetup: [TEMPLATES], ...SHARED_MODULES, ...SERVER_RETRY } },
      { extends: true, test: { name: 'e2e-embedded', include: ['**/*.e2e.spec.ts'], globalSetup: [TEMPLATES], env: { ...TEST_ENV, STARDECK_TEST_CONFIG: 'embedded' }, ...CONFORMANCE, ...SHARED_MODULES, ...SERVER_RETRY } },
      {
        extends: true,
        test: {
          name: 'services',
          include: ['**/*.int.spec.ts', '**/*.e2e.spec.ts'],
          // Browser suites run on the embedded configuration only (ARCHITECTURE.md): the API suites
          // cover services mode, and Chromium twice doubled its share of the run for nothing more.
          exclude: ['**/node_modules/**', '**/dist/**', 'tests/web/**'],
          globalSetup: [TEMPLATES],
          env: { ...TEST_ENV, STARDECK_TEST_CONFIG: 'services' },
          ...CONFORMANCE,
          ...SHARED_MODULES,
          ...SERVER_RETRY,
        },
      },
    ],
  },
});
