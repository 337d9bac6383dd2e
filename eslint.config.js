// One lint configuration for every workspace.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import { readdirSync } from 'node:fs';

/** hosting/src/features/<f>: each is a zone that no other feature may import. */
const FEATURES = readdirSync(new URL('./hosting/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SHARED = ['components', 'hooks', 'lib', 'config', 'locales', 'providers', 'testing'];

/**
 * Import direction (docs/architecture.md, "Layers and import rules"): hosting app → features → shared;
 * no feature imports another; functions http → domain ← adapters; common imports nothing of the project;
 * the simulator imports only common; hosting never imports functions, simulator, scripts or tests;
 * functions never imports hosting, scripts or tests; harness imports neither tests nor scripts; scripts, harness
 * and tests may import the others' sources, the functions' adapters through their public entries only.
 */
export const boundaryZones = [
  ...SHARED.map((folder) => ({
    target: `./hosting/src/${folder}`,
    from: ['./hosting/src/features', './hosting/src/app'],
    message: 'Shared code imports neither a feature nor app/: move what both need into shared code.',
  })),
  {
    target: './hosting/src/features',
    from: './hosting/src/app',
    message: 'A feature does not import app/.',
  },
  ...FEATURES.map((feature) => ({
    target: `./hosting/src/features/${feature}`,
    from: './hosting/src/features',
    except: [`./${feature}`],
    message: 'No feature imports another feature: move what both need into shared code.',
  })),
  {
    target: './functions/src/domain',
    from: ['./functions/src/adapters', './functions/src/http'],
    message: 'The domain defines ports; adapters implement them (not the other way round).',
  },
  {
    target: './common/src',
    from: ['./functions', './hosting', './simulator', './scripts', './tests'],
    message: 'common/ imports nothing of the project.',
  },
  {
    target: './simulator',
    from: ['./functions', './hosting', './scripts', './tests'],
    message: 'The simulator imports only common/ and itself.',
  },
  {
    target: './hosting',
    from: ['./functions', './simulator', './scripts', './tests'],
    message: 'hosting/ imports neither functions/, simulator/, scripts/ nor tests/: share through common/.',
  },
  {
    target: './functions',
    from: ['./hosting', './scripts', './tests'],
    message: 'functions/ imports neither hosting/, scripts/ nor tests/: share through common/.',
  },
  {
    target: './harness',
    from: ['./tests', './scripts'],
    message:
      'harness/ imports neither a test nor scripts/: it is the browser and emulator harness under both, that the tests and the benchmarks share.',
  },
  {
    target: './scripts',
    from: './tests',
    message: 'scripts/ import no test: what a benchmark shares with the tests lives in harness/.',
  },
  // scripts/, harness/ and tests/ drive the others and may import their sources, but not the functions'
  // adapters' internals: only the public entry of each adapters folder (its index.ts).
  ...['./scripts', './harness', './tests'].map((target) => ({
    target,
    from: './functions/src/adapters',
    except: ['./firestore/index.ts', './upstream/index.ts'],
    message:
      'Outside functions/, the adapters are used through their public entries (functions/src/adapters/firestore or …/upstream), not their internals.',
  })),
];

export default tseslint.config(
  // functions/lib is the functions' build output; the source folders named lib are linted.
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'functions/lib/**',
      'functions/.bench/**',
      '.cache/**',
      'tests/e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: [
      '{hosting,functions,common,simulator}/src/**/*.{ts,tsx}',
      '{scripts,tests,harness}/**/*.ts',
      'hosting/scripts/**/*.ts',
    ],
    plugins: { import: importPlugin },
    // Relative imports resolve to .ts/.tsx files; workspace packages stay external (not in any zone).
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } } },
    rules: {
      'import/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import/no-cycle': ['error', { maxDepth: 3, ignoreExternal: true }],
    },
  },
  {
    files: ['hosting/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['hosting/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Components go through features/<f>/api, never fetch directly
      // (docs/architecture.md, "Layers and import rules").
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Use lib/http-client through a feature api module.' },
      ],
    },
  },
  {
    files: ['hosting/src/lib/http-client.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
  // The tests and their harness wait for a state under a deadline, never for a fixed time
  // (docs/development.md, "Tests"); scripts/lint-waits.test.ts plants one to show the rule fails.
  {
    files: ['tests/**/*.{ts,tsx}', 'harness/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          property: 'waitForTimeout',
          message:
            'Wait for the state the test needs (a locator, waitForFunction, expect.poll) under a deadline, not for a fixed time.',
        },
      ],
    },
  },
);
