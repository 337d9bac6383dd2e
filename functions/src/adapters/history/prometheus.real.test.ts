/**
 * The adapter against a real Prometheus (docs/history.md): seven days of one device's series from the
 * simulator's own generator, written as OpenMetrics and backfilled with `promtool tsdb create-blocks-from
 * openmetrics`, served by /usr/bin/prometheus on a free loopback port. The adapter must read from it what it
 * reads from the simulator: it speaks the real query API, not only the stand-in. CI installs Debian's
 * `prometheus` package (.ci/run); without it this test fails, saying so.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyMacLabel, historyRange, type HistorySection } from '@insight/common/history';
import { generateCustomer } from '@insight/simulator/catalogue/generate';
import { resolveMac, scenarioMac } from '@insight/simulator/catalogue/macs';
import { seedNumber } from '@insight/simulator/config';
import { generateHistory, toOpenMetrics } from '@insight/simulator/history/series';
import { freePort } from '../../testing/free-port';
import { startSimulator } from '../../testing/simulator';
import { httpTransport } from '../upstream/transport';
import { createPrometheusHistory } from './prometheus-history';

const PROMETHEUS = '/usr/bin/prometheus';
const PROMTOOL = '/usr/bin/promtool';
const SEED = 'history-real-prometheus';
const EPOCH = Date.UTC(2026, 0, 1);
/** A week ending a few hours ago: backfilled blocks, clear of the server's own head block. */
const RANGE = historyRange(Date.now() - 3 * 3600_000);

let dir = '';
let prometheus: ChildProcess | undefined;
let prometheusUrl = '';
let sim: Awaited<ReturnType<typeof startSimulator>> | undefined;

/** Waits until `url` answers 200, or fails at the deadline (or when the server has exited). */
async function ready(url: string, deadlineMs: number, server: ChildProcess): Promise<void> {
  for (const deadline = Date.now() + deadlineMs; ;) {
    if (server.exitCode !== null) throw new Error(`prometheus exited with code ${server.exitCode}`);
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`prometheus was not ready within ${deadlineMs} ms (${url})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const scenarioDevice = (name: 'flapping' | 'power-cuts') => {
  const entry = resolveMac(scenarioMac(name))!;
  return { entry, customer: generateCustomer(seedNumber(SEED), entry, EPOCH) };
};

beforeAll(async () => {
  if (!existsSync(PROMETHEUS) || !existsSync(PROMTOOL))
    throw new Error(
      `${PROMETHEUS} and ${PROMTOOL} are required (Debian's prometheus package: apt-get install -y prometheus; CI installs it in .ci/run)`,
    );
  dir = mkdtempSync(path.join(tmpdir(), 'insight-history-'));
  const data = path.join(dir, 'data');
  const series = (['flapping', 'power-cuts'] as const).flatMap((name) =>
    generateHistory(scenarioDevice(name), { epochMs: EPOCH }, RANGE.end),
  );
  writeFileSync(path.join(dir, 'history.om'), toOpenMetrics(series));
  const backfill = spawnSync(
    PROMTOOL,
    ['tsdb', 'create-blocks-from', 'openmetrics', path.join(dir, 'history.om'), data],
    { encoding: 'utf8', timeout: 60_000 },
  );
  if (backfill.status !== 0) throw new Error(`promtool failed: ${backfill.stderr || backfill.stdout}`);
  writeFileSync(path.join(dir, 'prometheus.yml'), 'global:\n  scrape_interval: 1m\n');
  const port = await freePort();
  prometheusUrl = `http://127.0.0.1:${port}`;
  prometheus = spawn(
    PROMETHEUS,
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${data}`,
      '--storage.tsdb.retention.time=30d',
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: 'ignore' },
  );
  await ready(`${prometheusUrl}/-/ready`, 30_000, prometheus);
  sim = await startSimulator({ seed: SEED, epoch: EPOCH }, 20_000);
}, 90_000);

afterAll(async () => {
  await sim?.close();
  const server = prometheus;
  if (server?.pid !== undefined && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    process.kill(server.pid, 'SIGTERM');
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

const read = (baseUrl: string, mac: string): Promise<HistorySection> =>
  createPrometheusHistory({ baseUrl, timeoutMs: 10_000, transport: httpTransport() }).read(mac, RANGE);

describe('the history adapter on a real Prometheus', () => {
  for (const name of ['flapping', 'power-cuts'] as const)
    it(`reads the ${name} device's seven days from Prometheus as it reads them from the simulator`, async () => {
      const mac = historyMacLabel(scenarioMac(name));
      const fromPrometheus = await read(prometheusUrl, mac);
      const fromSimulator = await read(sim!.base, mac);
      expect(fromPrometheus).toEqual(fromSimulator);
      // Not two empty answers: the week is there, with its gaps and its events.
      expect(fromPrometheus.rxPower.filter((value) => value !== null).length).toBeGreaterThan(600);
      expect(fromPrometheus.rxPower.some((value) => value === null)).toBe(true);
      expect(fromPrometheus.up.at(-1)).toBe(1);
      expect(fromPrometheus.pods.length).toBeGreaterThan(0);
      expect(fromPrometheus.clients.some((value) => value !== null)).toBe(true);
      const kind = name === 'flapping' ? 'los' : 'dyingGasp';
      expect(fromPrometheus.events.filter((event) => event.kind === kind).length).toBeGreaterThanOrEqual(3);
    });

  it('a device Prometheus has no series of: an empty history, as from the simulator', async () => {
    const fromPrometheus = await read(prometheusUrl, 'a4c1e8fffffe');
    expect(fromPrometheus.events).toEqual([]);
    expect(fromPrometheus.rxPower.every((value) => value === null)).toBe(true);
    expect(fromPrometheus).toEqual(await read(sim!.base, 'a4c1e8fffffe'));
  });
});
