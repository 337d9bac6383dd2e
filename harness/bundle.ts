import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { PORTAL } from './browser';
import { createUser, signInFast } from './users';

/** First-load budgets, gzipped KB of scripts and stylesheets (issue 15). */
export const BUDGET_KB = { landing: 170, home: 250 } as const;

export interface PageWeight {
  kb: number;
  files: number;
  /** Each file's path and gzipped size, largest first. */
  sizes: Array<{ path: string; kb: number }>;
  /** The npm modules whose code those files hold (from their source maps), e.g. '@firebase/auth/dist/esm/index.js'. */
  modules: string[];
}

/** The npm modules a built file holds, from the `sources` of its source map. */
async function modulesOf(url: string): Promise<string[]> {
  const res = await fetch(`${url}.map`);
  // A file without a map (public/theme.js) gets the app's HTML page back.
  if (!res.ok || !res.headers.get('content-type')?.includes('json')) return [];
  const { sources = [] } = (await res.json()) as { sources?: string[] };
  return sources.flatMap((source) => {
    const match = /.*node_modules\/(.+)$/.exec(source);
    return match ? [match[1]!] : [];
  });
}

/** How long no script or stylesheet arrives before a page counts as loaded. */
const QUIET_MS = 1500;

/**
 * What Chromium loads for a page, as it loads it: every script and stylesheet of the portal's origin,
 * each counted gzipped (level 9), summed in KB. `signedIn`: the home page after a sign-in, loaded anew
 * with the HTTP cache off.
 *
 * `prefetch: false` (the budgets' measure) counts what the page itself loads: the browser says it saves
 * data, so the portal skips what it fetches ahead for the next page once the page is idle (the 360
 * view's code, docs/requirements.md, "Layout and navigation"). `prefetch: true` counts that too.
 */
export async function pageWeightKb(
  browser: Browser,
  signedIn: boolean,
  { prefetch = false }: { prefetch?: boolean } = {},
): Promise<PageWeight> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: PORTAL });
  if (!prefetch)
    await context.addInitScript(() =>
      Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }),
    );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (signedIn) {
    await signInFast(page, await createUser('bundle', ['support3']));
    await page.getByTestId('logout').waitFor();
  }
  const sizes = new Map<string, number>();
  // Quiet once no script or stylesheet has arrived for QUIET_MS: the wait restarts at each one.
  let quietTimer: ReturnType<typeof setTimeout> | undefined;
  let becomeQuiet = () => undefined as void;
  const quiet = new Promise<void>((resolve) => (becomeQuiet = resolve));
  let counting = false;
  const restartQuiet = () => {
    if (!counting) return;
    clearTimeout(quietTimer);
    quietTimer = setTimeout(becomeQuiet, QUIET_MS);
  };
  page.on('response', async (response) => {
    const url = response.url();
    if (!url.startsWith(PORTAL) || !/\.(js|css)(\?|$)/.test(url)) return;
    const body = await response.body().catch(() => null);
    if (body) sizes.set(url, gzipSync(body, { level: 9 }).length);
    restartQuiet();
  });
  // Signed in, the Auth SDK loads a few seconds after the page (the kept session serves the page first):
  // still part of what the home loads, counted once it has checked the session with the API.
  const sessionChecked =
    signedIn &&
    page.waitForResponse((response) => new URL(response.url()).pathname === '/api/session', {
      timeout: 30_000,
    });
  // (Awaited below; a failed page load first must not leave it rejected unhandled.)
  if (sessionChecked) sessionChecked.catch(() => undefined);
  await page.goto('/', { waitUntil: 'load' });
  await page.getByTestId(signedIn ? 'logout' : 'login').waitFor();
  await sessionChecked;
  // Done once no script or stylesheet has arrived for 1.5 s (a signed-in page keeps reading its roles,
  // so the network is never idle).
  counting = true;
  restartQuiet();
  await quiet;
  await context.close();
  const bytes = [...sizes.values()].reduce((sum, size) => sum + size, 0);
  const modules = new Set((await Promise.all([...sizes.keys()].map(modulesOf))).flat());
  return {
    modules: [...modules].sort(),
    kb: Math.round(bytes / 102.4) / 10,
    files: sizes.size,
    sizes: [...sizes]
      .sort((a, b) => b[1] - a[1])
      .map(([url, size]) => ({ path: url.slice(PORTAL.length), kb: Math.round(size / 102.4) / 10 })),
  };
}
