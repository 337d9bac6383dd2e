/**
 * Runs the Firebase emulator suite the way this project needs it (offline-safe, demo project).
 *   tsx scripts/emulators.ts start [--only a,b]
 *   tsx scripts/emulators.ts exec [--only a,b] [--with-simulator] -- <command...>
 */
import type { ChildProcess } from 'node:child_process';
import { writeEmulatorConfig } from './lib/emulator-config';
import { EMULATOR_LOCK, holdEmulatorLock } from './lib/emulator-lock';
import { emulatorEnv, FIREBASE_BIN, PROJECT_ID, SetupError } from './lib/emulator-env';
import { describeForced, startEmulatorSuite, type EmulatorSuite } from './lib/emulator-processes';
import { cleanEmulatorSockets, startSimulator, stop } from './lib/processes';

/**
 * Lines printed for every request (the emulators' own, the hosting rewrite's, the API's structured request
 * log) and an offline notice: left out of test and CI logs. `npm start` keeps them all in its log file.
 */
const NOISE =
  /^(i {2}hosting: 127\.0\.0\.1 - - |i {2}functions: (Beginning|Finished) |i {2}functions: Loaded environment variables|\[hosting\] Rewriting |> {2}\{"httpRequest"|⚠ {2}Unable to fetch the CLI MOTD)/;

const argv = process.argv.slice(2);
const mode = argv[0];
const dashDash = argv.indexOf('--');
const options = dashDash === -1 ? argv.slice(1) : argv.slice(1, dashDash);
const command = dashDash === -1 ? [] : argv.slice(dashDash + 1);
const onlyIndex = options.indexOf('--only');
const only = onlyIndex === -1 ? 'auth,firestore,functions,hosting' : options[onlyIndex + 1]!;
const withSimulator = options.includes('--with-simulator');

if (mode !== 'start' && mode !== 'exec') {
  console.error('usage: emulators.ts start|exec [--only list] [--with-simulator] [-- command]');
  process.exit(2);
}
if (mode === 'exec' && command.length === 0) {
  console.error('emulators.ts exec needs a command after --');
  process.exit(2);
}

let env: NodeJS.ProcessEnv;
try {
  env = emulatorEnv();
} catch (error) {
  if (error instanceof SetupError) {
    console.error(`[emulators] ${error.message}`);
    process.exit(1);
  }
  throw error;
}

let simulator: ChildProcess | undefined;
let suite: EmulatorSuite | undefined;
let stopping: Promise<void> | undefined;
let release: (() => Promise<void>) | undefined;

/** Stops everything this script started (the suite's every process, the simulator), once. */
function stopAll(): Promise<void> {
  return (stopping ??= (async () => {
    const [report] = await Promise.all([suite?.stop(), stop(simulator)]);
    if (report) for (const line of describeForced(report, 'emulators')) console.error(line);
    // The sockets are the running suite's: a run still waiting for the lock leaves another run's alone.
    if (suite) cleanEmulatorSockets();
    await release?.();
  })());
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => {
    console.log(`[emulators] ${signal}: stopping the emulators…`);
    void stopAll().then(() => process.exit(130));
  });

let exitCode = 1;
try {
  // The emulators' ports are the machine's: one run at a time (scripts/lib/emulator-lock.ts).
  release = await holdEmulatorLock(EMULATOR_LOCK, (holders) =>
    console.log(
      `[emulators] another run holds ${EMULATOR_LOCK} (PID ${holders.join(', ')}): waiting for it to end…`,
    ),
  );
  if (withSimulator) simulator = await startSimulator({ quiet: true, acsTimeScale: 0.1 });
  const args = [
    mode === 'start' ? 'emulators:start' : 'emulators:exec',
    '--project',
    PROJECT_ID,
    '--only',
    only,
    // firebase.json with the emulators' addresses in the hosting CSP (the deployed one has none).
    '--config',
    writeEmulatorConfig(),
  ];
  if (mode === 'exec') args.push(command.length === 1 ? command[0]! : command.map(shellQuote).join(' '));
  // The emulators log every hosting and function request; tests and CI only need the rest. In its own
  // process group: only this script signals it, and its stop leaves no process behind.
  suite = startEmulatorSuite(FIREBASE_BIN, args, { env, drop: NOISE });
  exitCode = await suite.exited;
} finally {
  // firebase-tools has exited (or failed to start): what it left running is ended too.
  await stopAll();
}
process.exit(exitCode);

function shellQuote(value: string): string {
  return /^[\w./:=@%+-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
