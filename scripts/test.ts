/**
 * `npm test`: typecheck, lint, format check, unit + web + API tests, then the rules, end-to-end and
 * trigger suites under one `firebase emulators:exec` (with the simulator), after a check that Ctrl-C stops
 * every emulator process (tests/shutdown). Prints every step's result and one closing line
 * "tests: N passed, N failed"; exits non-zero if anything failed.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/emulator-env';
import { ensureChromium } from './lib/prerequisites';
import { run } from './lib/processes';

const RESULTS = path.join(ROOT, '.cache/test-results');
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

interface Step {
  name: string;
  command: string;
  args: string[];
  /** Vitest JSON report this step writes, counted in the closing line. */
  report?: string;
}

const vitest = (projects: string[], report: string) => [
  'vitest',
  'run',
  ...projects.flatMap((project) => ['--project', project]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(RESULTS, report)}`,
];

const steps: Step[] = [
  { name: 'typecheck', command: 'npm', args: ['run', 'typecheck', '--silent'] },
  { name: 'lint', command: 'npm', args: ['run', 'lint', '--silent'] },
  { name: 'format', command: 'npm', args: ['run', 'format:check', '--silent'] },
  {
    name: 'unit, web and API tests',
    command: 'npx',
    args: vitest(['unit', 'web', 'api'], 'unit.json'),
    report: 'unit.json',
  },
  { name: 'build', command: 'npm', args: ['run', 'build', '--silent'] },
  {
    name: 'deploy check (firebase.json, function regions, rules, lockfile)',
    command: 'npm',
    args: ['run', 'deploy:check', '--silent', '--', '--no-build'],
  },
  {
    // Starts and stops the emulator suite itself (under the emulator lock): before the step that keeps it running.
    name: 'Ctrl-C stops every emulator process (shutdown)',
    command: 'npx',
    args: vitest(['shutdown'], 'shutdown.json'),
    report: 'shutdown.json',
  },
  {
    name: 'rules, end-to-end and trigger tests (emulators)',
    command: process.execPath,
    args: [
      '--import',
      'tsx',
      'scripts/emulators.ts',
      'exec',
      '--with-simulator',
      '--',
      vitest(['rules', 'e2e', 'triggers'], 'emulators.json').join(' '),
    ],
    report: 'emulators.json',
  },
];

const outcomes: Array<{ name: string; ok: boolean; seconds: number }> = [];
let buildFailed = !(await ensureChromium());
if (buildFailed) outcomes.push({ name: 'prerequisites (Chromium)', ok: false, seconds: 0 });
for (const step of steps) {
  if (buildFailed && (step.report === 'emulators.json' || step.report === 'shutdown.json')) {
    outcomes.push({ name: `${step.name} (not run: build or prerequisites failed)`, ok: false, seconds: 0 });
    continue;
  }
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const code = await run(step.command, step.args);
  outcomes.push({ name: step.name, ok: code === 0, seconds: (Date.now() - started) / 1000 });
  if (step.name === 'build' && code !== 0) buildFailed = true;
}

let passed = 0;
let failed = 0;
for (const step of steps) {
  const file = step.report && path.join(RESULTS, step.report);
  if (!file || !existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}

console.log('\n=== summary ===');
for (const outcome of outcomes)
  console.log(`${outcome.ok ? 'ok  ' : 'FAIL'}  ${outcome.name} (${outcome.seconds.toFixed(1)} s)`);
const stepFailures = outcomes.filter((outcome) => !outcome.ok).length;
console.log(
  `tests: ${passed} passed, ${failed + (failed === 0 && stepFailures > 0 ? stepFailures : 0)} failed`,
);
process.exit(stepFailures > 0 || failed > 0 ? 1 : 0);
