// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Syntax-level rules only (no type-aware linting) so `eslint .` stays fast; `tsc` does the type
 * checking in `npm run lint`.
 */
/** The full contracts entry brings the server's validation library into the web bundle. */
const WEB_CONTRACTS = { name: '@stardeck/contracts', message: "Import '@stardeck/contracts/browser' in the web client." };

/** The web client's features; each may import shared code, never another feature (the app composes them). */
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Queries live in repositories (`*.repository.ts`, STYLE.md): services decide, repositories read
 * and write. Besides them, only code that owns its tables outright builds queries: projections
 * (and the kit that empties them for a rebuild), migrations, the event store, the relay's and the
 * projectors' checkpoints, and the visibility module, whose rules are subqueries other queries
 * embed. Tests and benches are not linted by this rule.
 */
const QUERY_BUILDER_CALL = 'CallExpression > MemberExpression.callee[property.name=/^(selectFrom|insertInto|updateTable|deleteFrom)$/]';
const QUERIES_ALLOWED_IN = [
  '**/*.repository.ts',
  '**/db/migrations/**',
  'domain/src/projections/**',
  'domain/src/kit/projection.ts',
  'domain/src/kit/spec-helpers.ts',
  'infra/src/events/**',
  'infra/src/relay/**',
  'apps/projector/src/checkpoints.ts',
  'apps/api/src/common/visibility.ts',
  '**/*.spec.ts',
];

export default defineConfig(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', 'data/**', '**/*.tsbuildinfo'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      // A leading underscore marks a parameter or binding kept on purpose (interface shape, rest omit).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': ['error', { paths: [WEB_CONTRACTS] }] },
  },
  {
    // Shared web layers sit below features and the app shell (STYLE.md: imports flow one way).
    files: ['apps/web/src/{components,hooks,lib,utils}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [WEB_CONTRACTS], patterns: [{ group: ['**/features/**', '**/app/**'], message: 'Shared web code must not import features or the app shell.' }] }],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      'no-restricted-imports': ['error', { paths: [WEB_CONTRACTS], patterns: [{ group: ['**/app/**'], message: 'Features must not import the app shell; the app composes features.' }] }],
      'import-x/no-restricted-paths': ['error', {
        zones: WEB_FEATURES.map((feature) => ({
          target: `./apps/web/src/features/${feature}`,
          from: './apps/web/src/features',
          except: [`./${feature}`],
          message: 'Features do not import each other: share through lib/ or components/, or compose them in app/.',
        })),
      }],
    },
  },
  {
    // API features talk to each other through their index (module, public services, types) only.
    files: ['apps/api/src/*/**/*.ts'],
    ignores: ['apps/api/src/common/**', 'apps/api/src/platform/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          group: ['../*/*', '!../common/*', '!../platform/*'],
          message: "Import another feature through its index ('../feature'), not its internals.",
        }],
      }],
    },
  },
  {
    files: ['{apps,domain,infra,contracts}/**/*.{ts,tsx}'],
    ignores: QUERIES_ALLOWED_IN,
    rules: {
      'no-restricted-syntax': ['error', {
        selector: QUERY_BUILDER_CALL,
        message: 'Queries live in a repository (*.repository.ts) that takes its executor; call it from here.',
      }],
    },
  },
  {
    // Migrations run against whatever schema came before them, so Kysely's own docs type them `Kysely<any>`.
    files: ['**/db/migrate.ts', '**/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests stub and poke at loosely typed payloads; strictness lives in the code under test.
    files: ['**/*.spec.ts', 'tests/**/*.ts', 'bench/**/*.{ts,mjs}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
