import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, URLS, waitForUrl } from './emulator-env';

/** A secret of the functions' emulator values (functions/.secret.local), or '' when absent. */
function emulatorSecret(name: string): string {
  const text = readFileSync(path.join(ROOT, 'functions/.secret.local'), 'utf8');
  return new RegExp(`^${name}=(.*)$`, 'm').exec(text)?.[1]?.trim() ?? '';
}

/**
 * Starts the upstream simulator and waits until it answers. It plays Alertmanager for the outages it opens
 * (docs/outages.md): it posts to the functions' webhook through Hosting, with the emulators' secret; with
 * `outageScenarios` (npm start) it posts the catalogue's outage ports once the functions answer. With
 * `acsTimeScale`, the ACS's tests take that share of their time (unless SIM_ACS_TIME_SCALE says otherwise).
 */
export async function startSimulator(
  options: { quiet?: boolean; outageScenarios?: boolean; acsTimeScale?: number } = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'simulator/src/main.ts'], {
    cwd: ROOT,
    stdio: options.quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    env: {
      ...process.env,
      SIM_OUTAGE_WEBHOOK_URL: process.env.SIM_OUTAGE_WEBHOOK_URL ?? `${URLS.portal}/api/outages/alerts`,
      SIM_OUTAGE_ALERT_SECRET: process.env.SIM_OUTAGE_ALERT_SECRET ?? emulatorSecret('OUTAGE_ALERT_SECRET'),
      ...(options.outageScenarios ? { SIM_OUTAGE_SCENARIOS: '1' } : {}),
      // The tests run the ACS's diagnostics faster than a device does (docs/device-tests.md); npm start does not.
      ...(options.acsTimeScale !== undefined && !process.env.SIM_ACS_TIME_SCALE
        ? { SIM_ACS_TIME_SCALE: String(options.acsTimeScale) }
        : {}),
    },
  });
  await Promise.race([
    waitForUrl(`${URLS.simulator}/_sim/health`, 30_000),
    new Promise((_, reject) => child.once('exit', (code) => reject(new Error(`simulator exited with code ${code}`)))),
  ]);
  return child;
}

/**
 * Runs a command to completion and resolves with its exit code. Output is passed through line by line,
 * less the lines `drop` matches (e.g. the hosting emulator's log of every request), each behind `label`
 * when given (two commands that print at once).
 */
export function runFiltered(
  command: string,
  args: string[],
  drop: RegExp | null,
  options: SpawnOptions & { label?: string } = {},
): Promise<number> {
  const { label, ...spawnOptions } = options;
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['inherit', 'pipe', 'pipe'], ...spawnOptions });
    for (const [source, target] of [
      [child.stdout!, process.stdout],
      [child.stderr!, process.stderr],
    ] as const) {
      const lines = createInterface({ input: source, crlfDelay: Infinity });
      lines.on('line', (line) => {
        if (!drop?.test(line)) target.write(label ? `[${label}] ${line}\n` : `${line}\n`);
      });
    }
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.once('error', () => resolve(1));
  });
}

/** Runs a command to completion, inheriting stdio; resolves with its exit code. */
export function run(command: string, args: string[], options: SpawnOptions = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.once('error', () => resolve(1));
  });
}

/** Stops a child we started: SIGINT first, SIGKILL after a grace period. */
export function stop(child: ChildProcess | undefined, graceMs = 8000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGINT');
  });
}

/** Removes the fire_emu_*.sock files our emulator runs leave in the temp folder. */
export function cleanEmulatorSockets(): void {
  const dir = tmpdir();
  for (const name of readdirSync(dir)) {
    if (name.startsWith('fire_emu_') && name.endsWith('.sock')) rmSync(path.join(dir, name), { force: true });
  }
}
