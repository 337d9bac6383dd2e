/**
 * `npm test`: the build and the deploy check; then, side by side, typecheck, lint, format check, the
 * alerting rules' tests (promtool), the unit + web + API tests, and one chain: the check that Ctrl-C stops
 * every emulator process (tests/shutdown, which starts and stops an emulator suite of its own), then the
 * rules, end-to-end and trigger suites under one `firebase emulators:exec` (with the simulator). The
 * checks and the tests that need no emulator run at a lower CPU priority: the chain is the suite's longest
 * path, and they fill what it leaves idle. Prints every step's result and time, each lane's time and five
 * slowest files (from the JSON reports), the suite's time with the CPU reference, and one closing line
 * "tests: N passed, N failed", after the failed tests by name; exits non-zero if anything failed.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/emulator-env';
import { cpuReference } from './lib/cpu-reference';
import { ensureChromium } from './lib/prerequisites';
import { run, runFiltered } from './lib/processes';
import { laneTimes, type TimedReport } from './lib/test-reports';

const RESULTS = path.join(ROOT, '.cache/test-results');
// The machine's speed in this run, printed beside the steps' times (docs/performance.md, "The test suite").
const cpuRef = cpuReference('npm test');
const suiteStarted = Date.now();
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

interface Step {
  name: string;
  command: string;
  args: string[];
  /** Runs the built portal (skipped when the build or the prerequisites failed). */
  needsBuild?: boolean;
  /**
   * Runs at the same time as the steps next to it with the same flag: no test times anything, so the
   * checks, the tests and the emulator suites can share the cores (docs/performance.md, "The test suite").
   */
  together?: boolean;
  /** Runs once this step has ended, in the same place among the steps run together. */
  then?: Step;
  /**
   * Runs at this niceness (`nice -n`): below the emulator chain, whose pages wait on the cores and whose
   * end is the suite's end.
   */
  nice?: number;
}

/**
 * The niceness of the steps beside the emulator chain (`Step.nice`): about a third of a contested core's
 * share against the chain's. At 10 (a tenth) a busy machine starved them for minutes, and tests there that
 * wait on a process of their own ran out of their limits. At 5 they ended about a minute before the chain
 * on a quiet machine, and about two and a half minutes after it beside a CPU hog (docs/performance.md).
 */
const BESIDE_THE_CHAIN = 5;

const vitest = (projects: string[], report: string) => [
  'vitest',
  'run',
  ...projects.flatMap((project) => ['--project', project]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(RESULTS, report)}`,
];

const steps: Step[] = [
  { name: 'build', command: 'npm', args: ['run', 'build', '--silent'] },
  {
    name: 'deploy check (firebase.json, function regions, rules, lockfile)',
    command: 'npm',
    args: ['run', 'deploy:check', '--silent', '--', '--no-build'],
  },
  {
    name: 'typecheck',
    command: 'npm',
    args: ['run', 'typecheck', '--silent'],
    together: true,
    nice: BESIDE_THE_CHAIN,
  },
  { name: 'lint', command: 'npm', args: ['run', 'lint', '--silent'], together: true, nice: BESIDE_THE_CHAIN },
  {
    name: 'format',
    command: 'npm',
    args: ['run', 'format:check', '--silent'],
    together: true,
    nice: BESIDE_THE_CHAIN,
  },
  {
    // Starts and stops an emulator suite of its own (under the emulator lock), so before the step that keeps
    // one running: the two one after the other, beside the checks and the tests that need no emulator (the
    // emulator suites leave part of the cores idle while they wait on triggers, streams and page loads; the
    // checks and the tests fill it).
    name: 'Ctrl-C stops every emulator process (shutdown)',
    command: 'npx',
    args: vitest(['shutdown'], 'shutdown.json'),
    needsBuild: true,
    together: true,
    then: {
      // Three lanes side by side, then the files that swap what Hosting serves or count one upstream
      // connection's changes; one report per project (scripts/emulator-suites.ts).
      name: 'rules, end-to-end and trigger tests (emulators)',
      command: process.execPath,
      args: [
        '--import',
        'tsx',
        'scripts/emulators.ts',
        'exec',
        '--with-simulator',
        '--',
        `node --import tsx scripts/emulator-suites.ts ${RESULTS}`,
      ],
      needsBuild: true,
    },
  },
  {
    // The outage alerting rules against their cases (docs/outages.md, "Detection"): Debian's prometheus
    // package ships promtool (.ci/run installs it).
    name: 'alerting rules (promtool test rules monitoring/rules/*.test.yml)',
    command: 'npm',
    args: ['run', 'test:alerts', '--silent'],
    together: true,
    nice: BESIDE_THE_CHAIN,
  },
  {
    name: 'unit, web and API tests',
    command: 'npx',
    args: vitest(['unit', 'web', 'api'], 'unit.json'),
    together: true,
    nice: BESIDE_THE_CHAIN,
  },
];

const outcomes: Array<{ name: string; ok: boolean; seconds: number }> = [];
let buildFailed = !(await ensureChromium());
if (buildFailed) outcomes.push({ name: 'prerequisites (Chromium)', ok: false, seconds: 0 });
/** Runs one step (its lines behind its name when `labelled`); its outcome. */
async function runStep(step: Step, labelled: boolean) {
  const started = Date.now();
  const [command, args] =
    step.nice === undefined
      ? [step.command, step.args]
      : ['nice', ['-n', String(step.nice), step.command, ...step.args]];
  const code = labelled
    ? await runFiltered(command, args, null, { label: step.name })
    : await run(command, args);
  return { name: step.name, ok: code === 0, seconds: (Date.now() - started) / 1000 };
}

/** Runs a step and then the step it names to follow (whatever the first's outcome); their outcomes. */
async function runChain(step: Step, labelled: boolean) {
  const chain = [await runStep(step, labelled)];
  if (step.then) chain.push(await runStep(step.then, labelled));
  return chain;
}

/** What a step that runs the built portal records when the build or the prerequisites failed. */
const notRun = (step: Step) => ({
  name: `${step.name} (not run: build or prerequisites failed)`,
  ok: false,
  seconds: 0,
});

for (let index = 0; index < steps.length; index++) {
  const step = steps[index]!;
  // One step, or a run of steps flagged `together`.
  const group = [step];
  if (step.together) while (steps[index + 1]?.together) group.push(steps[++index]!);
  const batch = group.filter((each) => !(buildFailed && each.needsBuild));
  outcomes.push(
    ...group
      .filter((each) => !batch.includes(each))
      .flatMap((each) => (each.then ? [each, each.then] : [each]))
      .map(notRun),
  );
  if (batch.length === 0) continue;
  if (step.together) {
    const names = batch.map((each) => (each.then ? `${each.name}, then ${each.then.name}` : each.name));
    console.log(`\n=== ${names.join('; ')} (together) ===`);
    outcomes.push(...(await Promise.all(batch.map((each) => runChain(each, true)))).flat());
    continue;
  }
  console.log(`\n=== ${step.name} ===`);
  const outcome = await runStep(step, false);
  outcomes.push(outcome);
  if (step.name === 'build' && !outcome.ok) buildFailed = true;
}

interface Report extends TimedReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults: Array<{ fullName: string; status: string; failureMessages?: string[] }>;
  }>;
}

let passed = 0;
let failed = 0;
const failures: string[] = [];
const firstLine = (text = '') => text.split('\n')[0]?.slice(0, 300);
const reports: Array<{ name: string; report: Report }> = [];
// Every Vitest JSON report the steps wrote (a step that failed before writing one counts as a step failure).
for (const name of readdirSync(RESULTS).filter((file) => file.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(path.join(RESULTS, name), 'utf8')) as Report;
  reports.push({ name, report });
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  for (const result of report.testResults) {
    const relative = path.relative(ROOT, result.name);
    const failedTests = result.assertionResults.filter((assertion) => assertion.status === 'failed');
    for (const assertion of failedTests)
      failures.push(`${relative} › ${assertion.fullName}: ${firstLine(assertion.failureMessages?.[0])}`);
    // A file that failed outside its tests (a hook, an import).
    if (result.status === 'failed' && failedTests.length === 0)
      failures.push(`${relative}: ${firstLine(result.message)}`);
  }
}

// Where the time went: each lane's time and its five slowest files.
console.log('\n=== slowest files per lane ===');
for (const lane of laneTimes(reports, ROOT))
  console.log(
    `${lane.lane}: ${lane.files} files in ${lane.wallSeconds} s; ` +
      lane.slowest.map((file) => `${file.file} ${file.seconds} s`).join(', '),
  );

console.log('\n=== summary ===');
for (const outcome of outcomes)
  console.log(`${outcome.ok ? 'ok  ' : 'FAIL'}  ${outcome.name} (${outcome.seconds.toFixed(1)} s)`);
console.log(`suite: ${((Date.now() - suiteStarted) / 1000).toFixed(0)} s ${cpuRef.figure}`);
const stepFailures = outcomes.filter((outcome) => !outcome.ok).length;
// The failed tests again, last, where a CI log's tail shows them.
for (const failure of failures) console.log(`failed: ${failure}`);
console.log(
  `tests: ${passed} passed, ${failed + (failed === 0 && stepFailures > 0 ? stepFailures : 0)} failed`,
);
process.exit(stepFailures > 0 || failed > 0 ? 1 : 0);
