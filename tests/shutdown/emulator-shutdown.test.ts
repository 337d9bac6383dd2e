/**
 * Ctrl-C stops everything: the emulator suite started by scripts/emulators.ts, with the simulator and
 * staging streams open through the portal (each one held by a functions worker), then the simulator
 * stopped, the viewers gone and SIGINT to the script's process group. Within 20 s no process of the
 * suite and no emulator port is left. Holds the emulator lock (scripts/lib/emulator-lock.ts) throughout:
 * it needs the suite's ports for itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, URLS } from '../../scripts/lib/emulator-env';
import { holdEmulatorLock } from '../../scripts/lib/emulator-lock';
import { isAlive, ProcessTree, type ProcessInfo } from '../../scripts/lib/emulator-processes';
import { startSimulator, stop } from '../../scripts/lib/processes';
import { closeAdmin, idTokenFor } from '../triggers/support';

const PORTS = [5000, 5001, 8080, 9099, 9150, 4400, 4500];
const LOG = path.join(ROOT, '.cache/shutdown-test.log');
const STREAMS = ['plume/ON', 'plume/QC', 'onu/ON', 'onu/QC'];

/** The ports of `ports` something listens on now (IPv4 and IPv6), from /proc/net. */
function listening(ports: number[]): number[] {
  const found = new Set<number>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[3] !== '0A') continue; // LISTEN
      const port = parseInt(fields[1]?.split(':').at(-1) ?? '', 16);
      if (ports.includes(port)) found.add(port);
    }
  }
  return [...found].sort();
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return check();
}

async function waitHealthy(script: ChildProcess, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (script.exitCode !== null) throw new Error(`emulators.ts exited early; see ${LOG}`);
    const res = await fetch(`${URLS.portal}/api/health`).catch(() => null);
    if (res?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`the api function did not become healthy within ${ms} ms; see ${LOG}`);
}

/** Opens a staging stream through the portal and resolves once its first event came (the worker holds it). */
async function openStream(token: string, stream: string, signal: AbortSignal): Promise<void> {
  const res = await fetch(`${URLS.portal}/api/staging/${stream}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal,
  });
  expect(res.status, stream).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('event: status')) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  expect(text, stream).toContain('event: status');
  // Left open: the answer stays until its cycle or until the viewer goes (the abort below).
}

describe('stopping the emulators', () => {
  let release: (() => Promise<void>) | undefined;
  let simulator: ChildProcess | undefined;
  let script: ChildProcess | undefined;
  let tree: ProcessTree | undefined;

  beforeAll(async () => {
    release = await holdEmulatorLock();
    const busy = listening(PORTS);
    if (busy.length > 0) throw new Error(`emulator ports already in use (${busy.join(', ')}): another run?`);
  }, 900_000);

  afterAll(async () => {
    // Whatever the outcome, nothing of this test is left behind (by PID, only what it started).
    tree?.refresh();
    for (const info of tree?.alive() ?? []) {
      try {
        process.kill(info.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    await stop(simulator);
    await closeAdmin();
    await release?.();
  }, 60_000);

  it('when the streams were open and the simulator stopped, SIGINT leaves no emulator process or port within 20 s', async () => {
    simulator = await startSimulator({ quiet: true });
    mkdirSync(path.dirname(LOG), { recursive: true });
    const log = openSync(LOG, 'w');
    // Its own process group, like a terminal's foreground job: SIGINT goes to the group, as Ctrl-C does.
    script = spawn(process.execPath, ['--import', 'tsx', 'scripts/emulators.ts', 'start'], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', log, log],
    });
    tree = new ProcessTree(script.pid!);
    await waitHealthy(script, 120_000);

    process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:9099';
    const { token } = await idTokenFor(['install']);
    const viewers = new AbortController();
    await Promise.all([...STREAMS, ...STREAMS].map((stream) => openStream(token, stream, viewers.signal)));

    tree.refresh();
    const started: ProcessInfo[] = tree.alive();
    const describe = (list: ProcessInfo[]) => list.map((info) => `${info.pid} ${info.command}`).join('\n');
    expect(
      started.some((info) => /java/.test(info.command)),
      describe(started),
    ).toBe(true);
    expect(
      started.filter((info) => /functionsEmulatorRuntime/.test(info.command)).length,
      describe(started),
    ).toBeGreaterThanOrEqual(2);

    await stop(simulator);
    viewers.abort();
    const signalled = Date.now();
    process.kill(-script.pid!, 'SIGINT');

    const clean = await until(() => {
      tree!.refresh();
      return tree!.alive().length === 0 && listening(PORTS).length === 0;
    }, 20_000);
    const output = readFileSync(LOG, 'utf8');
    expect(tree.alive(), `${describe(tree.alive())}\n${output.slice(-3000)}`).toEqual([]);
    expect(listening(PORTS)).toEqual([]);
    expect(clean).toBe(true);
    expect(started.filter(isAlive)).toEqual([]);
    // The clean shutdown was enough: the workers ended their streams, nothing had to be forced.
    expect(output).not.toMatch(/did not all stop cleanly/);
    console.log(
      `[shutdown] everything stopped ${((Date.now() - signalled) / 1000).toFixed(1)} s after SIGINT`,
    );
  }, 240_000);
});
