/**
 * `npm run bench:e2e`: time from pressing Enter on a MAC (the top-bar search of the 360 page) to every
 * section of the view rendered (the neighbours on the fibre included), and to the first findings drawn, in Chromium against the emulators and the simulator with the upstream
 * latency fixed at BENCH_LATENCY_MS (default 40 ms). Runs under `firebase emulators:exec` (see package.json).
 *
 * BENCH_BUFFERING=1: the same views through a path that delivers each answer only when it ends (the
 * buffering proxy of the API tests in front of the hosting emulator, firebase-tools#9774). The first view's
 * streamed answer arrives whole, which tells the page to ask for each section on its own route: the
 * measured views go that way, and the summary says how many did.
 */
import { formatMac } from '../common/src/mac';
import { startBufferingProxy } from '../functions/src/testing/buffering-proxy';
import { launchBrowser, PORTAL } from '../harness/browser';
import { closeAdmin, createUser, signInFast } from '../harness/users';
import { cpuReference } from './lib/cpu-reference';
import { median, percentile, spread } from '../harness/stats';

// The machine's speed in this run, printed beside the figures (docs/performance.md).
const cpuRef = cpuReference('bench:e2e');

const LATENCY = Number(process.env.BENCH_LATENCY_MS ?? 40);
const VIEWS = Number(process.env.BENCH_VIEWS ?? 20);
const SIMULATOR = process.env.SIMULATOR_URL ?? 'http://127.0.0.1:9100';
const BUFFERING = process.env.BENCH_BUFFERING === '1';
/** Customer account → billing accounts → products: the longest chain of dependent upstream calls. */
const criticalPathMs = 3 * LATENCY;

await fetch(`${SIMULATOR}/_sim/config`, {
  method: 'PUT',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ latencyMs: LATENCY, jitterMs: 0, errorRate: 0 }),
});
const { items } = (await (
  await fetch(`${SIMULATOR}/_sim/catalogue?kind=pods&limit=${VIEWS + 3}`)
).json()) as { items: Array<{ mac: string }> };
for (const { mac } of items) await fetch(`${SIMULATOR}/_sim/warm/${mac}`);

const proxy = BUFFERING ? await startBufferingProxy(PORTAL) : null;
const { browser, close } = await launchBrowser();
try {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    baseURL: proxy?.url ?? PORTAL,
  });
  const page = await context.newPage();
  /** The whole-view (streamed) and per-section requests of each MAC. */
  const requests = new Map<string, { stream: number; sections: number }>();
  page.on('request', (request) => {
    const match = /^\/api\/360\/([0-9A-F]{12})(\/[\w-]+)?$/i.exec(new URL(request.url()).pathname);
    if (!match) return;
    const mac = match[1]!.toUpperCase();
    const count = requests.get(mac) ?? { stream: 0, sections: 0 };
    if (match[2]) count.sections += 1;
    else count.stream += 1;
    requests.set(mac, count);
  });
  await signInFast(page, await createUser('bench', ['support3']));

  /**
   * Types a MAC in the top-bar search, presses Enter, and returns the times until the first findings are
   * drawn (the list out of its loading state) and until every section is in.
   */
  async function view(mac: string): Promise<{ first: number; all: number }> {
    await page.waitForFunction(
      () =>
        !document.querySelector('#top-bar-mac-search')?.closest('form')?.querySelector('button[disabled]'),
    );
    await page.locator('#top-bar-mac-search').fill(mac);
    // A string, not a function: tsx would wrap inner functions in a helper the page does not have.
    await page.evaluate(`(() => {
      const shown = ${JSON.stringify(formatMac(mac))};
      window.__benchDone = undefined;
      window.__benchFirst = undefined;
      document.addEventListener('keydown', () => { window.__benchStart = performance.now(); }, { capture: true, once: true });
      const ids = ['section-customer', 'section-wan', 'section-lan', 'section-voice', 'section-bc', 'section-neighbourhood'];
      const check = () => {
        const cards = ids.map((id) => document.querySelector('[data-testid=' + id + ']'));
        const mac = document.querySelector('[data-testid=view-mac]');
        const findings = document.querySelector('[data-testid=findings]');
        if (window.__benchFirst === undefined && mac && mac.textContent === shown && findings && findings.getAttribute('data-state') !== 'loading') window.__benchFirst = performance.now();
        if (mac && mac.textContent === shown && cards.every((card) => card && card.getAttribute('data-state') !== 'loading')) window.__benchDone = performance.now();
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    })()`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => (window as unknown as { __benchDone?: number }).__benchDone !== undefined,
      null,
      { timeout: 30_000 },
    );
    return page.evaluate(() => {
      const w = window as unknown as { __benchDone: number; __benchFirst?: number; __benchStart: number };
      return {
        first: (w.__benchFirst ?? w.__benchDone) - w.__benchStart,
        all: w.__benchDone - w.__benchStart,
      };
    });
  }

  await page.goto(`/i/mac/${items[0]!.mac}`);
  await page.waitForSelector(
    '[data-testid=section-bc][data-state=ready], [data-testid=section-bc][data-state=error]',
    { timeout: 30_000 },
  );
  for (const { mac } of items.slice(1, 3)) await view(mac); // warm-up: function workers, code
  const times: number[] = [];
  const firsts: number[] = [];
  const measured = items.slice(3);
  for (const { mac } of measured) {
    const { first, all } = await view(mac);
    times.push(all);
    firsts.push(first);
  }
  const firstP50 = median(firsts);
  const perSection = measured.filter(
    ({ mac }) =>
      requests.get(mac.toUpperCase())?.stream === 0 && (requests.get(mac.toUpperCase())?.sections ?? 0) >= 6,
  ).length;
  const pct = (p: number) => percentile(times, p);
  const { min, max } = spread(times);
  console.log(
    `upstream latency ${LATENCY} ms; critical path ${criticalPathMs} ms; target: under ${criticalPathMs + 300} ms`,
  );
  console.log(
    `Enter → every section rendered, ${times.length} views: p50 ${pct(50).toFixed(0)} ms, p95 ${pct(95).toFixed(0)} ms, min ${min.toFixed(0)} ms, max ${max.toFixed(0)} ms`,
  );
  if (BUFFERING)
    console.log(
      `through the buffering proxy (${proxy!.url}): ${perSection} of ${measured.length} views asked for each section on its own route`,
    );
  console.log(
    `Enter → first findings drawn: p50 ${firstP50.toFixed(0)} ms (${(firstP50 / criticalPathMs).toFixed(2)} × the critical path)`,
  );
  console.log(
    `bench:e2e enter_to_complete_ms=${pct(50).toFixed(0)} first_finding_ms=${firstP50.toFixed(0)} critical_path_ms=${criticalPathMs} ${cpuRef.figure}` +
      (BUFFERING ? ` path=buffering per_section_views=${perSection}/${measured.length}` : ''),
  );
} finally {
  await fetch(`${SIMULATOR}/_sim/config`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ latencyMs: 0 }),
  }).catch(() => undefined);
  await close();
  await proxy?.close();
  await closeAdmin();
}
