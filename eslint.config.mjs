// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Syntax-level rules only (no type-aware linting) so `eslint .` stays fast; `tsc` does the type
 * checking in `npm run lint`.
 */
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
  },
  {
    // Shared web layers sit below features and the app shell (STYLE.md: imports flow one way).
    files: ['apps/web/src/{components,hooks,lib,utils}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**', '**/app/**'], message: 'Shared web code must not import features or the app shell.' }] }],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/app/**'], message: 'Features must not import the app shell; the app composes features.' }] }],
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
