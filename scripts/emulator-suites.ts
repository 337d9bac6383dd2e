/**
 * The suites that need the emulators, run inside one `firebase emulators:exec` with the simulator
 * (scripts/test.ts), in two lanes side by side: the `e2e` project in one; the rules suite, the
 * `e2e-shell-admin` project and the trigger suite one after the other in the other; then `e2e-alone`. Each
 * lane runs its files one at a time; no file of one lane changes what a file of the other reads
 * (vitest.config.ts says which end-to-end file goes where; the rules suite has a Firestore project of its
 * own; the triggers write rows of their own and leave the threshold definitions the end-to-end files count
 * alone). One file alone leaves a core idle about a third of the time, waiting on streams, tokens and page
 * loads: the other lane fills it. Every run writes its Vitest JSON report into the folder given (one per
 * project); exits non-zero if any run failed.
 *
 *   node --import tsx scripts/emulator-suites.ts <report folder>
 */
import path from 'node:path';
import { runFiltered } from './lib/processes';

const reports = path.resolve(process.argv[2] ?? '.cache/test-results');

/** One Vitest run of `project`, its report named after it, its lines behind the project's name. */
function vitest(project: string): Promise<number> {
  return runFiltered(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(reports, `emulators-${project}.json`)}`,
    ],
    null,
    { label: project },
  );
}

/** Runs the projects one after the other; every exit code. */
async function lane(projects: string[]): Promise<number[]> {
  const codes: number[] = [];
  for (const project of projects) codes.push(await vitest(project));
  return codes;
}

const codes = (await Promise.all([lane(['e2e']), lane(['rules', 'e2e-shell-admin', 'triggers'])])).flat();
// Then the file that must have the emulators to itself (vitest.config.ts, `e2e-alone`).
codes.push(await vitest('e2e-alone'));
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
