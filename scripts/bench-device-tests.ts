/**
 * `npm run bench:device-tests`: for the tests run from the device (docs/device-tests.md), the time from the
 * agent's click (the speed test's confirmation) to the card's first progress (the test running), and to
 * its result, in Chromium against the emulators and the simulator, beside the simulator's own test time
 * (what the device takes: the part Insight does not add). Runs under `firebase emulators:exec` with the
 * ACS at its real pace (SIM_ACS_TIME_SCALE=1: a speed test 10–20 s).
 */
import type { Page } from 'playwright-core';
import { durationOf } from '../simulator/src/acs/diagnostics';
import type { DeviceTestKind } from '../common/src/device-test-verdicts';
import { launchBrowser, PORTAL } from '../harness/browser';
import { median } from '../harness/stats';
import { closeAdmin, createUser, signInFast } from '../harness/users';
import { cpuReference } from './lib/cpu-reference';

const cpuRef = cpuReference('bench:device-tests');
const SIMULATOR = process.env.SIMULATOR_URL ?? 'http://127.0.0.1:9100';
const SEED = process.env.SIM_SEED ?? 'insight';
const SCALE = Number(process.env.SIM_ACS_TIME_SCALE ?? 1);
const KINDS: DeviceTestKind[] = ['speed', 'ping', 'wifiScan'];

async function firstOf(kind: string): Promise<string> {
  const res = await fetch(`${SIMULATOR}/_sim/catalogue?kind=${kind}&limit=1`);
  return ((await res.json()) as { items: Array<{ mac: string }> }).items[0]!.mac;
}
const devices = [
  await firstOf('dx-healthy'),
  await firstOf('dx-wifi-poor'),
  await firstOf('dirty-connector'),
];
// A clean ACS: no channel set, no test running from an earlier run.
await fetch(`${SIMULATOR}/_sim/acs`, { method: 'DELETE' });

/** What the device takes for the test (the simulator's duration of each of its diagnostics). */
const simulatorMs = (mac: string, kind: DeviceTestKind) =>
  kind === 'speed'
    ? durationOf(SEED, mac, 'download', SCALE) + durationOf(SEED, mac, 'upload', SCALE)
    : durationOf(SEED, mac, kind, SCALE);

/** Clicks the test's run (and the speed test's confirmation); the times to the first progress and the result. */
async function measure(page: Page, kind: DeviceTestKind): Promise<{ progress: number; result: number }> {
  const run = page.getByTestId(`device-test-${kind}-run`).first();
  await run.waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    (id) => !document.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`)?.disabled,
    `device-test-${kind}-run`,
    { timeout: 60_000 },
  );
  const state = `[data-testid="device-test-${kind}-state"]`;
  // A string, not a function: tsx would wrap inner functions in a helper the page does not have.
  await page.evaluate(`(() => {
    const selector = ${JSON.stringify(state)};
    const w = window;
    w.__progress = undefined;
    w.__result = undefined;
    w.__start = undefined;
    const watch = () => {
      const value = document.querySelector(selector)?.getAttribute('data-state');
      if (w.__start === undefined) return;
      if (w.__progress === undefined && (value === 'requested' || value === 'running')) w.__progress = performance.now();
      if (w.__result === undefined && value && !['idle', 'requested', 'running'].includes(value)) {
        w.__result = performance.now();
        if (w.__progress === undefined) w.__progress = w.__result;
      }
    };
    if (!w.__watching) {
      w.__watching = true;
      new MutationObserver(() => w.__check()).observe(document.body, { subtree: true, childList: true, attributes: true });
      // The click that starts the test: the run, or for the speed test its confirmation.
      document.addEventListener('click', (event) => {
        const id = event.target.closest('[data-testid]')?.getAttribute('data-testid') ?? '';
        if (/^device-test-(ping|wifiScan|traceroute)-run$|^device-test-speed-confirm-confirm$/.test(id)) w.__start = performance.now();
      }, { capture: true });
    }
    w.__check = watch;
  })()`);
  await run.click();
  if (kind === 'speed') await page.getByTestId('device-test-speed-confirm-confirm').click();
  await page.waitForFunction(
    () => (window as unknown as { __result?: number }).__result !== undefined,
    null,
    {
      timeout: 120_000,
      polling: 50,
    },
  );
  return page.evaluate(() => {
    const w = window as unknown as Record<string, number>;
    return { progress: w.__progress! - w.__start!, result: w.__result! - w.__start! };
  });
}

const { browser, close } = await launchBrowser();
const rows: Array<{
  kind: DeviceTestKind;
  mac: string;
  progress: number;
  result: number;
  simulator: number;
}> = [];
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: PORTAL });
  const page = await context.newPage();
  await signInFast(page, await createUser('bench-tests', ['support2']));
  for (const mac of devices) {
    await page.goto(`/i/mac/${mac}`);
    for (const kind of KINDS) {
      const { progress, result } = await measure(page, kind);
      const simulator = simulatorMs(mac, kind);
      rows.push({ kind, mac, progress, result, simulator });
      console.log(
        `${kind.padEnd(9)} ${mac}  click → progress ${progress.toFixed(0).padStart(5)} ms  click → result ${result
          .toFixed(0)
          .padStart(
            6,
          )} ms  simulator ${String(simulator).padStart(6)} ms  added ${(result - simulator).toFixed(0).padStart(5)} ms`,
      );
    }
  }
} finally {
  await close();
  await closeAdmin();
}
const p50 = (values: number[]) => median(values).toFixed(0);
console.log(
  `bench:device-tests progress_p50_ms=${p50(rows.map((r) => r.progress))} added_p50_ms=${p50(
    rows.map((r) => r.result - r.simulator),
  )} added_max_ms=${Math.max(...rows.map((r) => r.result - r.simulator)).toFixed(0)} tests=${rows.length} acs_time_scale=${SCALE} ${cpuRef.figure}`,
);
