import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { PORTAL, routeOfflineStandIns } from './browser';
import { createUser, signInFast } from './users';

export const BUDGET_KB = { landing: 170, home: 250 } as const;

/**
 * What Chromium loads for a page, as it loads it: every script and stylesheet of the portal's origin,
 * each counted gzipped (level 9), summed in KB. `signedIn`: the home page after a sign-in, loaded anew
 * with the HTTP cache off.
 */
export async function pageWeightKb(
  browser: Browser,
  signedIn: boolean,
): Promise<{ kb: number; files: number }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: PORTAL });
  await routeOfflineStandIns(context);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (signedIn) {
    await signInFast(page, await createUser('bundle', ['support3']));
    await page.getByTestId('logout').waitFor();
  }
  const sizes = new Map<string, number>();
  page.on('response', async (response) => {
    const url = response.url();
    if (!url.startsWith(PORTAL) || !/\.(js|css)(\?|$)/.test(url)) return;
    const body = await response.body().catch(() => null);
    if (body) sizes.set(url, gzipSync(body, { level: 9 }).length);
  });
  await page.goto('/', { waitUntil: 'load' });
  if (signedIn) await page.getByTestId('logout').waitFor();
  // Done once no script or stylesheet has arrived for 1.5 s (Firestore keeps a connection open, so the
  // network is never idle once signed in).
  let last = -1;
  let stableSince = Date.now();
  while (Date.now() - stableSince < 1500) {
    if (sizes.size !== last) {
      last = sizes.size;
      stableSince = Date.now();
    }
    await page.waitForTimeout(100);
  }
  await context.close();
  if (process.env.BUNDLE_DEBUG)
    for (const [url, size] of [...sizes].sort((a, b) => b[1] - a[1]))
      console.log(`${(size / 1024).toFixed(1)} KB ${url.slice(PORTAL.length)}`);
  const bytes = [...sizes.values()].reduce((sum, size) => sum + size, 0);
  return { kb: Math.round(bytes / 102.4) / 10, files: sizes.size };
}
