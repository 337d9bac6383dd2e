import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Every core for the suites that need nothing running (Vitest's default leaves one idle: half of a 2-core
 * machine). The emulator suites run one file at a time, one project after the other (`groupOrder`).
 */
const WORKERS = Math.max(2, availableParallelism());

/**
 * The second end-to-end lane (see the `e2e` projects below): pages that neither change nor read the state
 * the first lane's files change (thresholds, the playbook, the simulator's streams and latency). Search,
 * the tool links and the prerender read none of it either.
 */
const E2E_SHELL_ADMIN = [
  'tests/e2e/global-search.test.ts',
  'tests/e2e/tool-links.test.ts',
  'tests/e2e/prerender.test.ts',
  'tests/e2e/shell.test.ts',
  'tests/e2e/net-manage.test.ts',
  'tests/e2e/generic-staging.test.ts',
  'tests/e2e/sample.test.ts',
  'tests/e2e/roles.test.ts',
  'tests/e2e/bundle.test.ts',
  'tests/e2e/platform.test.ts',
  'tests/e2e/api-chain.test.ts',
  'tests/e2e/edge-redirect.test.ts',
];

/**
 * The end-to-end files that need the emulators to themselves, not for time but for what they count or
 * change: new-deployment swaps the folder Hosting serves (every page open in the other lane would see it);
 * buffering-path counts every change of one upstream connection behind the buffering proxy (another lane's
 * requests start more function instances, each with an upstream connection and a first snapshot of its
 * own). scripts/emulator-suites.ts runs them once both lanes are done, leaving them out of the `e2e` lane's
 * run with E2E_APART=1.
 */
export const E2E_APART = ['tests/e2e/buffering-path.test.ts', 'tests/e2e/new-deployment.test.ts'];

// The emulator projects run their files one after the other in one worker, without a fresh module graph
// for each (`isolate: false`): every file would otherwise start a process and load Playwright, the Admin
// SDK and the harness again, about a second of CPU each (46 files). The harness's clients start again
// after a file closes them (`closeAdmin`, `closeAdminDb`), and no emulator file mocks a module.

/**
 * What a test against the emulators waits for with `expect.poll` unless it says otherwise: as long as
 * Playwright's own waits (Vitest's default, 1 s, is shorter than a page load on a busy 2-core machine).
 */
const EMULATOR_POLL = { poll: { timeout: 15_000, interval: 100 } };

/**
 * Test projects: `unit` and `web` need nothing running; `api` runs the functions' Express app in-process;
 * `rules`, `e2e` and `triggers` run under `firebase emulators:exec` (see scripts/test.ts).
 */
export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // Some tests start subprocesses or walk the simulator, beside the emulator suites at a lower CPU
          // priority (scripts/test.ts): room for a busy machine, for a test and for a file's setup (Vitest's
          // default for a hook is 10 s). A limit, not a speed check.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          include: [
            'common/src/**/*.test.ts',
            'simulator/src/**/*.test.ts',
            'functions/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'harness/**/*.test.ts',
          ],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          // A page test with a data grid takes up to 10 s alone on this machine; on one half as fast with both
          // cores busy, 2.5 times that. A time limit, not a speed check (those are the benchmarks).
          testTimeout: 60_000,
          hookTimeout: 60_000,
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
          // Beside the emulator suites at a lower CPU priority (scripts/test.ts), the contract walk of every
          // client took 20.4 s once: a limit for a busy machine, not a speed check.
          testTimeout: 60_000,
          // A file's setup starts a simulator and may build its data (the search's 5,000 customers): a limit
          // for a busy machine, where 10 s (Vitest's default) was overrun once beside the other steps.
          hookTimeout: 60_000,
          include: ['functions/src/**/*.api.test.ts'],
        },
      },
      {
        test: {
          name: 'rules',
          expect: EMULATOR_POLL,
          sequence: { groupOrder: 1 },
          environment: 'node',
          include: ['tests/rules/**/*.test.ts'],
          fileParallelism: false,
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      // The end-to-end suite in two projects that scripts/emulator-suites.ts runs side by side (the trigger
      // suite after `e2e-shell-admin`, the rules suite in a third lane), each one file at a time on the same
      // emulators: `e2e` holds every file that changes shared state (threshold rules, the playbook, the
      // simulator's stream settings and latency, the buffering proxy's page) or reads it (the 360 view, the
      // staging pages), `e2e-shell-admin` the pages that do neither (search, the tool links, the prerender,
      // the shell, the admin lists, roles, the bundle, the platform checks). No test times anything, so a
      // busy neighbour changes no verdict; only the files that swap what Hosting serves or count one
      // upstream connection's changes (E2E_APART) wait for the lanes to end (emulator-suites.ts).
      {
        test: {
          name: 'e2e',
          expect: EMULATOR_POLL,
          sequence: { groupOrder: 2 },
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: [...E2E_SHELL_ADMIN, ...(process.env.E2E_APART === '1' ? E2E_APART : [])],
          fileParallelism: false,
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e-shell-admin',
          expect: EMULATOR_POLL,
          sequence: { groupOrder: 2 },
          environment: 'node',
          include: E2E_SHELL_ADMIN,
          fileParallelism: false,
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Ctrl-C stops everything: starts and stops the emulator suite itself (its own step of npm test,
        // under the emulator lock, outside the step that runs the suite for the other projects). Above 120 s:
        // the suite's start takes a minute or two on a busy machine, and the hook waits its turn for the lock
        // while another run holds the emulators.
        test: {
          name: 'shutdown',
          sequence: { groupOrder: 4 },
          environment: 'node',
          include: ['tests/shutdown/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 240_000,
          hookTimeout: 900_000,
        },
      },
      {
        // The Firestore triggers in the functions emulator: a trigger fires seconds after its write, and the
        // 200-row test waits for hundreds of them (hence above 120 s). One file at a time, like rules and e2e
        // (one database).
        test: {
          name: 'triggers',
          expect: EMULATOR_POLL,
          sequence: { groupOrder: 3 },
          environment: 'node',
          include: ['tests/triggers/**/*.test.ts'],
          fileParallelism: false,
          isolate: false,
          testTimeout: 240_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
