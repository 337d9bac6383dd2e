/**
 * The suites that need the emulators, run inside one `firebase emulators:exec` with the simulator
 * (scripts/test.ts), in three lanes side by side: the `e2e` project in one; the `e2e-shell-admin` project
 * and then the trigger suite in the second; the rules suite, on a Firestore project of its own, in the
 * third. Each lane runs its files one at a time; no file of one lane changes what a file of another reads
 * (vitest.config.ts says which end-to-end file goes where; the triggers write rows of their own and leave
 * the threshold definitions the end-to-end files count alone). The triggers come after the admin lists'
 * pages: their hundreds of CMTS rows, written while those pages listen to the whole list, slowed the pages'
 * checks past their limits. One file alone leaves a core idle about a third of the time, waiting on
 * streams, tokens and page loads, the trigger and rules suites most of theirs (transactions' retries, the
 * triggers, the emulator's answers): the other lanes fill it. No test times anything, so the lanes'
 * sharing the cores changes no verdict.
 *
 * Two files run once the lanes have ended, last in the `e2e` project (E2E_APART in vitest.config.ts):
 * new-deployment.test.ts swaps the folder Hosting serves for another build, which every page open in the
 * other lane would see; buffering-path.test.ts counts every change of one upstream connection, which the
 * function instances another lane's requests start would each open again.
 *
 * Every run writes its Vitest JSON report into the folder given (one per project, the last file's its
 * own); exits non-zero if any run failed. `--e2e` runs the end-to-end projects only (`npm run test:e2e`).
 *
 *   node --import tsx scripts/emulator-suites.ts [--e2e] [<report folder>]
 */
import path from 'node:path';
import { closeAdminDb, putThresholdSeed } from '../harness/firestore';
import { E2E_APART } from '../vitest.config';
import { runFiltered } from './lib/processes';

const args = process.argv.slice(2);
const onlyE2e = args.includes('--e2e');
const reports = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? '.cache/test-results');
/**
 * One Vitest run of `project` (with `extra` arguments and `env`), its report named `report`, its lines
 * behind `label`.
 */
function vitest(
  project: string,
  { extra = [] as string[], report = project, label = project, env = {} as Record<string, string> } = {},
) {
  return runFiltered(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      project,
      ...extra,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(reports, `emulators-${report}.json`)}`,
    ],
    null,
    { label, env: { ...process.env, ...env } },
  );
}

/** Runs the projects one after the other; every exit code. */
async function lane(runs: Array<() => Promise<number>>): Promise<number[]> {
  const codes: number[] = [];
  for (const run of runs) codes.push(await run());
  return codes;
}

// The threshold lists as `npm start` seeds them, before any lane writes a record of its own: the API
// grades by the built-in defaults only while the lists are empty, so a definition a test writes first
// (the trigger suite's, when it started with the lanes) would leave the 360 views of the end-to-end files
// that do not seed with no rule at all.
await putThresholdSeed();
await closeAdminDb();

const codes = (
  await Promise.all([
    lane([() => vitest('e2e', { env: { E2E_APART: '1' } })]),
    lane(
      onlyE2e
        ? [() => vitest('e2e-shell-admin')]
        : [() => vitest('e2e-shell-admin'), () => vitest('triggers')],
    ),
    lane(onlyE2e ? [] : [() => vitest('rules')]),
  ])
).flat();
codes.push(await vitest('e2e', { extra: E2E_APART, report: 'e2e-apart', label: 'e2e (apart)' }));
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
