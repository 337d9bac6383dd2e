import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, type TestContext } from 'vitest';
import { CHROMIUM, CHROMIUM_SHELL } from './chromium';
import { GAPI_STAND_IN } from './gapi-stand-in';

export const PORTAL = process.env.PORTAL_URL ?? 'http://127.0.0.1:5000';
const ROOT = path.resolve(import.meta.dirname, '..');
export const ARTIFACTS = path.join(ROOT, 'tests/e2e/artifacts');

/** Said once per process when the tests fall back to the full browser. */
let warnedNoShell = false;

/**
 * Launches Debian's Chromium headless with the flags this machine kind needs (Playwright gives it a fresh
 * profile); `extraArgs` adds flags (bench:lighthouse opens a debugging port for Lighthouse's puppeteer).
 * The full browser unless `shell` asks for the headless shell (the tests; see ./chromium.ts), which falls
 * back to the full browser where the shell is not installed.
 * Every host but this machine's and the portal's fails at once (the portal runs offline here): a page
 * never waits on a name lookup, and no request has to pass through Playwright on its way (see
 * `routeOfflineStandIns`).
 */
export async function launchBrowser(
  extraArgs: string[] = [],
  { shell = false }: { shell?: boolean } = {},
): Promise<{ browser: Browser; close(): Promise<void> }> {
  const useShell = shell && existsSync(CHROMIUM_SHELL);
  if (shell && !useShell && !warnedNoShell) {
    warnedNoShell = true;
    console.warn(`[browser] ${CHROMIUM_SHELL} is missing: the tests use the full browser (more CPU).`);
  }
  const browser = await chromium.launch({
    executablePath: useShell ? CHROMIUM_SHELL : CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--host-resolver-rules=MAP * ~NOTFOUND, ${[...new Set(['127.0.0.1', 'localhost', new URL(PORTAL).hostname])].map((host) => `EXCLUDE ${host}`).join(', ')}`,
      ...extraArgs,
    ],
  });
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}

/**
 * Offline stand-ins for the third-party resources the auth emulator's Google popup needs. A route makes
 * every request of the context pass through Playwright (and turns the HTTP cache off): only the pages that
 * sign in through the popup ask for it (`PageOptions.googlePopup`).
 */
async function routeOfflineStandIns(context: BrowserContext): Promise<void> {
  await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: GAPI_STAND_IN }),
  );
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//, (route) =>
    route.fulfill({
      status: 200,
      contentType: route.request().url().endsWith('.js') ? 'text/javascript' : 'text/css',
      body: '',
    }),
  );
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
  javaScriptEnabled?: boolean;
  /** Where the page's relative URLs go (the portal unless given: another path to it, a proxy in front). */
  baseURL?: string;
  /** The page signs in through the auth emulator's Google popup (it needs the offline stand-ins). */
  googlePopup?: boolean;
  /** A phone's touch screen: a coarse pointer and touch events. */
  touch?: boolean;
  /**
   * The page outlives the test that opens it (one opened in a `beforeAll`, shared by the tests after):
   * the caller closes its context; the browser's end closes it otherwise.
   */
  kept?: boolean;
  /**
   * The portal registers its service worker (field mode, a new deployment's reload). Elsewhere the page
   * sees a browser without service workers, as the app allows: every fresh context would otherwise
   * register it once its page had settled and precache the shells and every page's code (97 files,
   * 4.4 MB), which no other test reads.
   */
  serviceWorker?: boolean;
}

/** A browser without service workers, as far as the page can tell (the app then registers none). */
const WITHOUT_SERVICE_WORKERS = 'delete Navigator.prototype.serviceWorker;';

/**
 * One browser (the headless shell) per test file; one fresh context and page per call. A failing test
 * keeps a screenshot of every page it opened under tests/e2e/artifacts/.
 */
export function useBrowser() {
  let handle: Awaited<ReturnType<typeof launchBrowser>>;
  const open: Array<{ context: BrowserContext; page: Page }> = [];
  beforeAll(async () => {
    mkdirSync(path.join(ROOT, '.cache'), { recursive: true });
    handle = await launchBrowser([], { shell: true });
  });
  afterEach(async (ctx: TestContext) => {
    const failed = ctx.task.result?.state === 'fail';
    for (const [index, { context, page }] of open.entries()) {
      if (failed && !page.isClosed()) {
        mkdirSync(ARTIFACTS, { recursive: true });
        const name = `${ctx.task.name.replace(/[^\w-]+/g, '_').slice(0, 80)}-${index}.png`;
        await page.screenshot({ path: path.join(ARTIFACTS, name), fullPage: true }).catch(() => undefined);
      }
      await context.close().catch(() => undefined);
    }
    open.length = 0;
  });
  afterAll(async () => {
    await handle?.close();
  });
  return {
    async newPage(options: PageOptions = {}): Promise<Page> {
      const context = await handle.browser.newContext({
        viewport: options.viewport ?? { width: 1440, height: 900 },
        colorScheme: options.colorScheme ?? 'light',
        // No animation: what the tests read is the same, and the browser does not repaint spinners all along.
        reducedMotion: 'reduce',
        javaScriptEnabled: options.javaScriptEnabled ?? true,
        baseURL: options.baseURL ?? PORTAL,
        ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
      });
      if (options.googlePopup) await routeOfflineStandIns(context);
      if (!options.serviceWorker) await context.addInitScript(WITHOUT_SERVICE_WORKERS);
      const page = await context.newPage();
      // A deadline for what never comes, not a speed check: a passing wait ends as soon as its state shows.
      // With one of the two cores taken by another process (2026-11-28), an admin save through the functions
      // emulator took over 15 s before its dialog closed.
      page.setDefaultTimeout(30_000);
      if (!options.kept) open.push({ context, page });
      return page;
    },
  };
}
