/**
 * `npm start`: builds what is needed, starts the simulator and the emulator suite, seeds demo data and
 * users, starts the staging activity, prints where to open the portal. Ctrl-C stops everything it started.
 */
import type { ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  emulatorEnv,
  FIREBASE_BIN,
  PROJECT_ID,
  ROOT,
  SetupError,
  URLS,
  waitForUrl,
} from './lib/emulator-env';
import { DEMO_USERS } from './lib/demo-users';
import { writeEmulatorConfig } from './lib/emulator-config';
import { EMULATOR_LOCK, holdEmulatorLock } from './lib/emulator-lock';
import { describeForced, startEmulatorSuite, type EmulatorSuite } from './lib/emulator-processes';
import { cleanEmulatorSockets, run, startSimulator, stop } from './lib/processes';
import { seed } from './seed';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { startStagingActivity, type StagingActivity } from './lib/staging-activity';

const started = Date.now();
const logFile = path.join(ROOT, '.cache/emulators.log');
let simulator: ChildProcess | undefined;
let emulators: EmulatorSuite | undefined;
let activity: StagingActivity | undefined;
let stopping = false;
let release: (() => Promise<void>) | undefined;

/**
 * `HISTORY_API_URL=http://127.0.0.1:9090 npm start`: the device history from a running Prometheus-compatible
 * store instead of the simulator (docs/history.md). The functions emulator reads functions/.env.local last
 * (git-ignored): written for this run, under the emulator lock, and removed when it stops.
 */
const HISTORY_ENV = path.join(ROOT, 'functions/.env.local');
const HISTORY_MARK = '# Written by npm start for HISTORY_API_URL (docs/history.md); removed when it stops.';
let historyEnvWritten = false;
function pointHistoryAt(url: string | undefined): void {
  const ours = existsSync(HISTORY_ENV) && readFileSync(HISTORY_ENV, 'utf8').startsWith(HISTORY_MARK);
  if (existsSync(HISTORY_ENV) && !ours)
    throw new SetupError(
      'functions/.env.local exists and is not the one npm start writes: move it away first.',
    );
  // A run that was killed left its file: this run decides again.
  if (ours) rmSync(HISTORY_ENV);
  if (!url) return;
  if (!/^https?:\/\/\S+$/.test(url))
    throw new SetupError(`HISTORY_API_URL must be an http(s) URL, not ${url}`);
  writeFileSync(HISTORY_ENV, `${HISTORY_MARK}\nHISTORY_API_URL=${url}\n`);
  historyEnvWritten = true;
}

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    console.log('\n[start] stopping…');
    await activity?.stop();
    // A clean shutdown first (up to 8 s), then whatever of the suite still runs, by PID.
    const [report] = await Promise.all([emulators?.stop({ graceMs: 8000 }), stop(simulator)]);
    if (report) for (const line of describeForced(report, 'start')) console.log(line);
    // The sockets are the running suite's: a start still waiting for the lock leaves another run's alone.
    if (emulators) cleanEmulatorSockets();
    if (historyEnvWritten) rmSync(HISTORY_ENV, { force: true });
    await release?.();
  }
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  const env = emulatorEnv();
  console.log('[start] building functions and web app…');
  if ((await run('npm', ['run', 'build', '--silent'])) !== 0) throw new Error('build failed');

  // The emulators' ports are the machine's: one run at a time (scripts/lib/emulator-lock.ts).
  release = await holdEmulatorLock(EMULATOR_LOCK, (holders) =>
    console.log(
      `[start] another run holds ${EMULATOR_LOCK} (PID ${holders.join(', ')}): waiting for it to end…`,
    ),
  );
  pointHistoryAt(process.env.HISTORY_API_URL);
  console.log('[start] starting simulator and emulators…');
  simulator = await startSimulator({ quiet: true, outageScenarios: true });
  mkdirSync(path.dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile);
  // In its own process group: Ctrl-C reaches this script, which stops the suite once and completely.
  emulators = startEmulatorSuite(
    FIREBASE_BIN,
    ['emulators:start', '--project', PROJECT_ID, '--config', writeEmulatorConfig()],
    { env, output: log },
  );
  const exited = emulators.exited.then((code) => {
    throw new Error(`emulators exited with code ${code}; see ${logFile}`);
  });
  await Promise.race([waitForUrl(`${URLS.portal}/api/health`, 90_000), exited]);
  await Promise.race([waitUntilHealthy(), exited]);
  const counts = await seed();
  if (!counts.settle.settled)
    console.log(
      `[start] the functions emulator is still recording the seed's change history (${counts.settle.ms} ms)`,
    );
  // The seed pointed the Admin SDK at the emulators; the staging systems' activity starts on them.
  activity = startStagingActivity(getFirestore(initializeApp({ projectId: PROJECT_ID }, 'staging-activity')));

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`
  Insight is running (ready in ${seconds} s)

    Portal      ${URLS.portal}        (French: ${URLS.portal}/fr)
    API health  ${URLS.portal}/api/health
    Simulator   ${URLS.simulator}
    History     ${process.env.HISTORY_API_URL ?? `${URLS.simulator} (the simulator)`}
    Auth        ${URLS.auth}   Firestore ${URLS.firestore}

  Sign in: open the portal, choose Login, then pick a demo account in the
  auth emulator's Google window (${counts.users} seeded, ${counts.documents} demo documents):
${DEMO_USERS.map((user) => `    ${user.email.padEnd(28)} roles: ${user.roles.join(', ') || '(none)'}`).join('\n')}

  Emulator log: ${path.relative(ROOT, logFile)}      Ctrl-C stops everything.
`);
  void exited.catch(async (error: Error) => {
    if (stopping) return;
    console.error(`[start] ${error.message}`);
    await shutdown(1);
  });
} catch (error) {
  if (error instanceof SetupError) console.error(`[start] ${error.message}`);
  else {
    console.error(`[start] ${(error as Error).message}`);
    try {
      console.error(readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n'));
    } catch {
      /* no log yet */
    }
  }
  await shutdown(1);
}

/** The health route answers through the hosting rewrite once the functions are loaded. */
async function waitUntilHealthy(): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${URLS.portal}/api/health`).catch(() => null);
    if (res?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('the api function did not become healthy within 60 s');
}
