import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

/**
 * Test layers by file suffix: `.unit.spec.ts` (no I/O), `.embedded.spec.ts` (PGlite, in-process
 * bus), `.int.spec.ts` and `.e2e.spec.ts` (real Postgres and NATS). SWC keeps decorator metadata
 * so Nest's constructor injection works in tests that import sources.
 */
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
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: ['**/*.unit.spec.ts'] } },
      { extends: true, test: { name: 'embedded', include: ['**/*.embedded.spec.ts'] } },
      { extends: true, test: { name: 'services', include: ['**/*.int.spec.ts', '**/*.e2e.spec.ts'] } },
    ],
  },
});
