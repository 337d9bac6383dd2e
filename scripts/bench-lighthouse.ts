/**
 * `npm run bench:lighthouse`: Lighthouse 12 (performance and accessibility) against the built portal
 * served by the hosting emulator, with the mobile preset (simulated slow 4G, 4× CPU slowdown) and the
 * desktop preset, on two pages:
 *   - landing: the signed-out landing `/`, in a fresh browser context;
 *   - view: a 360 view of a catalogue GPON device (`/i/mac/<mac>`) for a signed-in support3 user, in a
 *     browser context of its own (puppeteer over the browser's debugging port, not Playwright's). The user
 *     signs in as the e2e helpers do, the view is opened three times (the functions' workers warm), then
 *     Lighthouse navigates the same tab again (its user-flow `navigation` step) from a blank page, with
 *     the HTTP cache cleared and the session kept.
 * Each page is audited once per preset without being counted (the first Lighthouse navigation of a tab
 * scored 5–10 points under the next ones, whatever the page: a warm-up of the measuring setup), then
 * RUNS times (LIGHTHOUSE_RUNS, default 3), and the median run is kept.
 * Targets: landing mobile ≥ 95, view mobile ≥ 85, accessibility 100 on both. Every audit is a first visit:
 * no HTTP cache, no service worker nor its precache. Then Chrome's own installability check of the landing
 * in both languages (Lighthouse 12 has no PWA audits), printed after the scores:
 *   bench:lighthouse installable=yes (…) | no (<Chrome's errors>)
 * The scores' line:
 *   bench:lighthouse landing_mobile=<score> landing_lcp_ms=<ms> landing_tbt_ms=<ms> view_mobile=<score> view_lcp_ms=<ms> view_tbt_ms=<ms>
 * LIGHTHOUSE_DEBUG=1 prints each run's metrics and the failing audits; LIGHTHOUSE_REPORT=<folder> writes
 * each run's HTML report and the trace Lighthouse observed there (with LIGHTHOUSE_ARTIFACTS=1, also the
 * run's Lighthouse artifacts, which Lighthouse's audit mode can simulate again under other settings).
 * While it audits, the emulators and the simulator (the processes `scripts/emulators.ts` started) run at
 * a lower CPU priority (nice LIGHTHOUSE_SERVER_NICE, default 10; 0 leaves them): on a phone the API does not
 * share the page's cores. Their answers still come (the page waits on the network while they work), but
 * the page's tasks are no longer stretched by theirs, which Lighthouse's simulation multiplies by four.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import { desktopConfig, navigation, type Config, type Flags, type RunnerResult } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { catalogue } from '../harness/api-client';
import { launchBrowser, PORTAL } from '../harness/browser';
import { closeAdmin, createUser } from '../harness/users';
import { cpuReference, lighthouseCalibration } from './lib/cpu-reference';
import { medianBy } from '../harness/stats';
import { freePort } from '../functions/src/testing/free-port';
import { startDeployedFront } from './lib/deployed-front';

// The machine's speed in this run, printed beside the figures (docs/performance.md).
const cpuRef = cpuReference('bench:lighthouse');
const benchmarkIndexes: number[] = [];

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
/** How often the signed-in view is opened before it is audited (see auditView). */
const WARM_UP_LOADS = 3;
const DEBUG = Boolean(process.env.LIGHTHOUSE_DEBUG);
const REPORTS = process.env.LIGHTHOUSE_REPORT;
/** LIGHTHOUSE_PAGES=landing audits the landing alone (its view figures print as NA). */
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? 'landing,view').split(',');

interface Figures {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
}

const PRESETS: Record<'mobile' | 'desktop', Config> = {
  // Lighthouse's default config is its mobile preset (Moto G Power screen, slow 4G, 4× CPU, simulated).
  mobile: { extends: 'lighthouse:default', settings: { onlyCategories: ['performance', 'accessibility'] } },
  desktop: {
    ...desktopConfig,
    settings: { ...desktopConfig.settings, onlyCategories: ['performance', 'accessibility'] },
  },
};

function figures(result: RunnerResult): Figures {
  const { categories, audits } = result.lhr;
  const value = (id: string) => Math.round(audits[id]?.numericValue ?? NaN);
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
    siMs: value('speed-index'),
  };
}

function explain(name: string, result: RunnerResult): void {
  const { audits } = result.lhr;
  const failing = Object.values(audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
    .map((audit) => `${audit.id}(${audit.displayValue ?? audit.score})`);
  console.log(`  ${name} below 0.9: ${failing.join(' ') || 'none'}`);
  const lcpElement = audits['largest-contentful-paint-element']?.details as
    { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined;
  const snippet = lcpElement?.items?.[0]?.items?.[0]?.node?.snippet;
  if (snippet) console.log(`  ${name} LCP element: ${snippet.slice(0, 160)}`);
}

async function audit(name: string, page: Page, url: string, preset: Config, flags: Flags): Promise<Figures> {
  const runs: Figures[] = [];
  // Run 0 is the uncounted warm-up.
  for (let run = 0; run <= RUNS; run++) {
    // The tab leaves the page it shows, and the renderer collects what that page left (40–65 ms of the
    // main thread in the observed traces): otherwise the collection runs inside the audited load, which a
    // visit from another tab or app does not pay.
    await page.goto('about:blank');
    const cdp = await page.createCDPSession();
    await cdp.send('HeapProfiler.collectGarbage');
    // A first visit's load: no HTTP cache (the session, in localStorage, is kept where flags say so).
    await cdp.send('Network.clearBrowserCache');
    // Nor the service worker's precache (docs/field-mode.md): every audit is a first visit's load.
    await cdp.send('Storage.clearDataForOrigin', {
      origin: new URL(url).origin,
      storageTypes: 'service_workers,cache_storage',
    });
    await cdp.detach();
    const result = await navigation(page, url, { config: preset, flags });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${name}: ${result.lhr.runtimeError.message}`);
    benchmarkIndexes.push(result.lhr.environment.benchmarkIndex);
    if (run === 0) {
      if (DEBUG) console.log(`bench:lighthouse ${name} warm-up: ${JSON.stringify(figures(result))}`);
      continue;
    }
    const figure = figures(result);
    runs.push(figure);
    if (DEBUG) {
      console.log(`bench:lighthouse ${name} run ${run}: ${JSON.stringify(figure)}`);
      explain(name, result);
    }
    if (REPORTS) {
      mkdirSync(REPORTS, { recursive: true });
      writeFileSync(path.join(REPORTS, `${name}-${run}.html`), result.report as string);
      // The page's trace as Lighthouse observed it (before its simulation), for a closer look at the tasks.
      const trace = (result.artifacts as { Trace?: unknown } | undefined)?.Trace;
      if (trace) writeFileSync(path.join(REPORTS, `${name}-${run}.trace.json`), JSON.stringify(trace));
      if (process.env.LIGHTHOUSE_ARTIFACTS) {
        const { saveArtifacts } = await import('lighthouse/core/lib/asset-saver.js' as string);
        await saveArtifacts(result.artifacts, path.join(REPORTS, `${name}-${run}-artifacts`));
      }
    }
  }
  // The median run by performance score, so that its metrics belong together.
  return medianBy(runs, (run) => run.performance);
}

/**
 * Lowers the CPU priority of every thread of a process (on Linux a priority belongs to a thread: the Java
 * emulator and Node's workers do their work on threads other than the first). False when it is gone.
 */
function lowerProcess(pid: number, nice: number): boolean {
  let threads: number[];
  try {
    threads = readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    threads = [pid];
  }
  let any = false;
  for (const thread of threads) {
    try {
      setPriority(thread, nice);
      any = true;
    } catch {
      // Gone meanwhile, or not ours to change: left as it is.
    }
  }
  return any;
}

/**
 * Lowers the CPU priority of the processes the emulators' launcher started (scripts/emulators.ts: the
 * emulators, the functions' workers, the simulator), not this bench's own ancestors, itself or the browser
 * it starts. Called again before each page's audits: the functions' workers start with the first call.
 * Returns how many were lowered (0 when the bench runs without the launcher).
 */
function lowerServerPriority(nice: number): number {
  if (nice <= 0) return 0;
  const table = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ pid: Number(match[1]), ppid: Number(match[2]), args: match[3]! }));
  const byPid = new Map(table.map((row) => [row.pid, row]));
  const ancestors = new Set<number>();
  let launcher: number | null = null;
  for (let pid: number | undefined = process.pid; pid && pid > 1; pid = byPid.get(pid)?.ppid) {
    ancestors.add(pid);
    if (launcher === null && byPid.get(pid)?.args.includes('scripts/emulators.ts')) launcher = pid;
  }
  if (launcher === null) return 0;
  const children = new Map<number, number[]>();
  for (const row of table) children.set(row.ppid, [...(children.get(row.ppid) ?? []), row.pid]);
  let lowered = 0;
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      // This bench and the browser under it keep their priority; its ancestors too (the emulators'
      // exec is one: the emulators under it are lowered).
      if (child === process.pid) continue;
      if (ancestors.has(child)) {
        visit(child);
        continue;
      }
      if (lowerProcess(child, nice)) lowered++;
      visit(child);
    }
  };
  visit(launcher);
  return lowered;
}

const SERVER_NICE = Math.min(19, Math.max(0, Number(process.env.LIGHTHOUSE_SERVER_NICE ?? 10) || 0));
const lowerServers = (page: string) => {
  const lowered = lowerServerPriority(SERVER_NICE);
  // This process too (Lighthouse reading the browser's events): the audited page's renderer goes first.
  if (SERVER_NICE > 0) lowerProcess(process.pid, SERVER_NICE);
  if (DEBUG)
    console.log(
      `bench:lighthouse ${page}: ${lowered} emulator and simulator processes at nice ${SERVER_NICE}`,
    );
};

/**
 * How the portal reaches the browser (LIGHTHOUSE_TRANSPORT, default both, each page audited under each):
 *   - deployed: through a front that serves it as deployed Hosting does (scripts/lib/deployed-front.ts:
 *     HTTP/2 over TLS, the build's files from an edge cache with Brotli), the figures of a deployed portal;
 *   - emulator: the hosting emulator itself (HTTP/1.1, gzip on each answer), the figures of earlier runs.
 */
const TRANSPORTS = (process.env.LIGHTHOUSE_TRANSPORT ?? 'deployed,emulator')
  .split(',')
  .filter(
    (transport): transport is 'deployed' | 'emulator' => transport === 'deployed' || transport === 'emulator',
  );
if (TRANSPORTS.length === 0) throw new Error('LIGHTHOUSE_TRANSPORT: deployed, emulator, or both');
const front = TRANSPORTS.includes('deployed') ? await startDeployedFront(PORTAL) : null;
/** The figures' names: `view_mobile` under the emulator, as before; `deployed_view_mobile` through the front. */
const named = (transport: 'deployed' | 'emulator', name: string) =>
  transport === 'deployed' ? `deployed_${name}` : name;

const port = await freePort();
const { close } = await launchBrowser([
  `--remote-debugging-port=${port}`,
  // The front's certificate is its own (self-signed for 127.0.0.1).
  ...(front ? ['--ignore-certificate-errors'] : []),
]);
const results: Record<string, Figures> = {};
let installable = 'not checked';
try {
  const driver = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
  const flags: Flags = {
    output: REPORTS ? 'html' : 'json',
    logLevel: 'error',
    // LIGHTHOUSE_TRACE_CATEGORIES=disabled-by-default-v8.cpu_profiler: the reports' traces carry the
    // JavaScript's samples too (what a long task ran; it slows the page a little: not for figures).
    ...(process.env.LIGHTHOUSE_TRACE_CATEGORIES
      ? { additionalTraceCategories: process.env.LIGHTHOUSE_TRACE_CATEGORIES }
      : {}),
  };

  for (const transport of TRANSPORTS) {
    const origin = transport === 'deployed' ? front!.url : PORTAL;
    // The signed-out landing: a fresh context, no session, nothing cached.
    if (PAGES.includes('landing')) {
      const fresh = await driver.createBrowserContext();
      const landingPage = await fresh.newPage();
      lowerServers('landing');
      for (const preset of ['mobile', 'desktop'] as const) {
        const name = named(transport, `landing_${preset}`);
        results[name] = await audit(name, landingPage, `${origin}/`, PRESETS[preset], flags);
      }
      await fresh.close();
    }
    // A signed-in 360 view: sign in, open the view WARM_UP_LOADS times, then audit the same tab.
    if (PAGES.includes('view')) await auditView(transport, origin);
  }
  if (front && DEBUG)
    console.log(`bench:lighthouse deployed front: ${front.edgeHits()} build files from its edge cache`);
  installable = await checkInstallable();
  await driver.disconnect();

  /**
   * Whether Chrome finds the portal installable (Lighthouse 12 dropped its PWA audits): the landing in a
   * new tab, once its service worker controls it; Chrome's own installability errors and the
   * manifest's parse errors, for both languages' start URLs.
   */
  async function checkInstallable(): Promise<string> {
    const problems: string[] = [];
    for (const start of ['/', '/fr']) {
      // The browser's default context: Chrome offers no installation in an incognito-like one.
      const page = await driver.newPage();
      await page.goto(`${PORTAL}${start}`);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.reload();
      await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), { timeout: 30_000 });
      const cdp = await page.createCDPSession();
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: Array<{ errorId: string }>;
      };
      const { url, errors } = (await cdp.send('Page.getAppManifest')) as {
        url: string;
        errors: Array<{ message: string }>;
      };
      problems.push(
        ...installabilityErrors.map((error) => `${start}: ${error.errorId}`),
        ...errors.map((error) => `${start}: ${error.message}`),
      );
      if (!url) problems.push(`${start}: no manifest`);
      await page.close();
    }
    return problems.length
      ? `no (${problems.join('; ')})`
      : 'yes (/, /fr: manifest and service worker valid)';
  }

  async function auditView(transport: 'deployed' | 'emulator', origin: string) {
    const [device] = await catalogue('gpon', 1);
    if (!device) throw new Error('the simulator has no gpon device (is it running? use --with-simulator)');
    // The audited tab is puppeteer's, in a context of its own, like the landing's: a tab of Playwright's
    // contexts runs Playwright's injected script on every load (about 35 ms of the page's main thread,
    // four times that in the simulation), which no user's browser does.
    const own = await driver.createBrowserContext();
    const viewPage = await own.newPage();
    const user = await createUser('lighthouse', ['support3']);
    // Signed in as the e2e helpers do (harness/users.ts, signInFast): the emulator build's sign-in hook.
    await viewPage.goto(`${origin}/`);
    await viewPage.waitForFunction(
      () => typeof (window as unknown as Record<string, unknown>).__insightEmulatorSignIn === 'function',
    );
    const uid = await viewPage.evaluate(
      (claims) =>
        (
          window as unknown as { __insightEmulatorSignIn(c: string): Promise<string> }
        ).__insightEmulatorSignIn(claims),
      JSON.stringify({
        sub: user.googleSub,
        email: user.email,
        email_verified: true,
        name: user.displayName,
      }),
    );
    if (uid !== user.uid) throw new Error(`signed in as ${uid}, expected ${user.uid}`);
    const viewUrl = `${origin}/i/mac/${device.mac}`;
    // The view opened WARM_UP_LOADS times before the audits, every stage drawn and every section answered:
    // on the emulators the functions' worker and the simulator share the two cores with the audited page,
    // and their first answers (code paths not yet compiled by the JIT) were half as slow again, which also
    // slowed the page's own tasks. In production the API runs elsewhere, warm.
    for (let load = 0; load < WARM_UP_LOADS; load++) {
      await viewPage.goto(viewUrl);
      await viewPage.waitForSelector('[data-stage="2"]', { timeout: 60_000 });
      await viewPage.waitForFunction(
        () =>
          [...document.querySelectorAll('[data-testid^=section-][data-state]')].length >= 2 &&
          [...document.querySelectorAll('[data-testid^=section-][data-state]')].every(
            (card) => card.getAttribute('data-state') !== 'loading',
          ),
        { timeout: 60_000 },
      );
    }
    lowerServers('view');
    for (const preset of ['mobile', 'desktop'] as const) {
      const name = named(transport, `view_${preset}`);
      results[name] = await audit(name, viewPage, viewUrl, PRESETS[preset], {
        ...flags,
        disableStorageReset: true,
      });
    }
    await own.close();
  }
} finally {
  await close();
  await front?.close();
  await closeAdmin();
}

for (const [name, figure] of Object.entries(results))
  console.log(
    `bench:lighthouse ${name}: performance ${figure.performance} accessibility ${figure.accessibility} FCP ${figure.fcpMs} ms LCP ${figure.lcpMs} ms TBT ${figure.tbtMs} ms CLS ${figure.cls} SI ${figure.siMs} ms`,
  );
const NA: Figures = {
  performance: NaN,
  accessibility: NaN,
  fcpMs: NaN,
  lcpMs: NaN,
  tbtMs: NaN,
  cls: NaN,
  siMs: NaN,
};
const figure = (name: string) => results[name] ?? NA;
const shown = (value: number) => (Number.isNaN(value) ? 'NA' : String(value));
for (const transport of TRANSPORTS) {
  const of = (name: string) => figure(named(transport, name));
  console.log(
    `bench:lighthouse ${transport} accessibility landing_mobile=${shown(of('landing_mobile').accessibility)} landing_desktop=${shown(of('landing_desktop').accessibility)} view_mobile=${shown(of('view_mobile').accessibility)} view_desktop=${shown(of('view_desktop').accessibility)} (target 100); performance landing_desktop=${shown(of('landing_desktop').performance)} view_desktop=${shown(of('view_desktop').performance)}`,
  );
}
for (const transport of TRANSPORTS) {
  const landing = figure(named(transport, 'landing_mobile'));
  const view = figure(named(transport, 'view_mobile'));
  const prefix = transport === 'deployed' ? 'deployed_' : '';
  console.log(
    `bench:lighthouse ${prefix}landing_mobile=${shown(landing.performance)} ${prefix}landing_lcp_ms=${shown(landing.lcpMs)} ${prefix}landing_tbt_ms=${shown(landing.tbtMs)} ${prefix}view_mobile=${shown(view.performance)} ${prefix}view_lcp_ms=${shown(view.lcpMs)} ${prefix}view_tbt_ms=${shown(view.tbtMs)} ${cpuRef.figure}`,
  );
}
console.log(`bench:lighthouse installable=${installable}`);
console.log(`bench:lighthouse ${lighthouseCalibration(benchmarkIndexes)}`);
