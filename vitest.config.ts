import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Test projects: `unit` and `web` need nothing running; `api` runs the functions' Express app in-process;
 * `rules`, `e2e` and `triggers` run under `firebase emulators:exec` (see scripts/test.ts).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // Some tests start subprocesses or walk the simulator: room for a slower or busy machine.
          testTimeout: 20_000,
          include: [
            'common/src/**/*.test.ts',
            'simulator/src/**/*.test.ts',
            'functions/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          testTimeout: 20_000,
          include: ['hosting/src/**/*.test.{ts,tsx}'],
          setupFiles: ['hosting/src/testing/setup.ts'],
          // The web app's configuration (hosting/src/config/env.ts) for the tests; Firebase itself is faked.
          env: {
            VITE_FIREBASE_API_KEY: 'test-api-key',
            VITE_FIREBASE_AUTH_DOMAIN: 'demo-test.firebaseapp.com',
            VITE_FIREBASE_PROJECT_ID: 'demo-test',
            VITE_FIREBASE_APP_ID: 'test-app',
            VITE_PROVIDER_SITE_EN: 'https://provider.test/en',
            VITE_PROVIDER_SITE_FR: 'https://provider.test/fr',
          },
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          testTimeout: 20_000,
          include: ['functions/src/**/*.api.test.ts'],
        },
      },
      {
        test: {
          name: 'rules',
          environment: 'node',
          include: ['tests/rules/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Ctrl-C stops everything: starts and stops the emulator suite itself (its own step of npm test,
        // under the emulator lock, outside the step that runs the suite for the other projects).
        test: {
          name: 'shutdown',
          environment: 'node',
          include: ['tests/shutdown/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 240_000,
          hookTimeout: 900_000,
        },
      },
      {
        // The Firestore triggers in the functions emulator: a trigger fires seconds after its write, and the
        // 200-row test waits for hundreds of them. One file at a time, like rules and e2e (one database).
        test: {
          name: 'triggers',
          environment: 'node',
          include: ['tests/triggers/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 240_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
