/**
 * Field mode (docs/field-mode.md), both ways the network goes: Playwright's offline mode, and every API
 * request failing at the network level while the browser says it is online ("lie-fi"). Views kept online
 * open after a reload, read-only, under the banner of their case; an operation is refused before anything
 * is sent; a device not kept says so; when the network answers again the views refresh; sign-out leaves
 * nothing in IndexedDB.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { THEME_COOKIE } from '../../common/src/constants';
import { catalogue, warmApi } from '../../harness/api-client';
import { wcagViolations } from '../../harness/axe';
import { PORTAL, useBrowser } from '../../harness/browser';
import { closeAdmin, createUser, signInFast } from '../../harness/users';

/** Opens a view online and waits until its sections have answered. */
async function openView(page: Page, mac: string) {
  await page.goto(`/i/mac/${mac}`);
  // The first view waits for the API's cold start too (on a phone the customer card starts folded).
  await page.getByTestId('customer-name').waitFor({ state: 'attached', timeout: 60_000 });
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-testid^=section-][data-state]')].every(
        (card) => card.getAttribute('data-state') !== 'loading',
      ),
    null,
    { timeout: 30_000 },
  );
}

/** What the field-mode database holds (record counts per store; zero when it does not exist). */
const keptRecords = (page: Page) =>
  page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((db) => db.name === 'insight-field-mode'))
      return { keys: 0, views: 0 };
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('insight-field-mode');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const count = (store: string) =>
      new Promise<number>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).count();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const counts = { keys: await count('keys'), views: await count('views') };
    db.close();
    return counts;
  });

/**
 * A support3 user signed in who opened `count` devices online until each is kept, with the service worker
 * (registered once the page settled) controlling the page. Gives the kept devices' customer names, another
 * device (not kept), and the API writes sent from then on (a refused write sends none).
 */
async function keptViews(browser: ReturnType<typeof useBrowser>, userName: string, count: number) {
  const devices = await catalogue('epon', count + 1);
  const [kept, other] = [devices.slice(0, count).map((device) => device.mac), devices[count]!.mac];
  const user = await createUser(userName, ['support3']);
  const page = await browser.newPage({ serviceWorker: true });
  await signInFast(page, user);
  const names = new Map<string, string>();
  for (const mac of kept) {
    await openView(page, mac);
    names.set(mac, (await page.getByTestId('customer-name').textContent())!);
  }
  await expect.poll(async () => (await keptRecords(page)).views, { timeout: 20_000 }).toBe(count);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/') && request.method() !== 'GET') sent.push(request.url());
  });
  return { page, kept, other, names, sent };
}

/** The reset of the device on screen is refused with `message`, and nothing is sent. */
async function resetRefused(page: Page, sent: string[], message: string) {
  await page.getByTestId('reset-device').click();
  await page.getByTestId('reset-dialog-confirm').click();
  await expect.poll(() => page.getByTestId('reset-dialog-failed').textContent()).toContain(message);
  expect(sent).toEqual([]);
  await page.keyboard.press('Escape');
}

describe('field mode', () => {
  const browser = useBrowser();
  afterAll(closeAdmin);

  it('when the network goes after three views, then a reload opens the portal and the three views read back; a fourth device, an operation: refused; online again, the views refresh; sign-out keeps nothing', async () => {
    await warmApi();
    const { page, kept, other: fourth, names, sent } = await keptViews(browser, 'field-support3', 3);

    await page.context().setOffline(true);
    await page.reload();
    // Offline is the browser's word when it gives it; else the failing requests say the network is not
    // answering (a browser that reads navigator.onLine true after this reload): either way, field mode.
    const browserOffline = await page.evaluate(() => !navigator.onLine);
    const [chip, banner, refusal, notKept] = browserOffline
      ? ['Offline', /^As of [^,]+, offline\./, 'Not available offline', 'not available offline']
      : [
          'Network not answering',
          /^As of [^,]+, the network is not answering\./,
          'while the network is not answering',
          'not available while the network is not answering',
        ];
    await expect.poll(() => page.getByTestId('network-chip').textContent()).toBe(chip);
    expect(await page.getByTestId('network-state').getAttribute('aria-live')).toBe('polite');

    // A permalink, for each kept device.
    for (const mac of kept) {
      await page.goto(`/i/mac/${mac}`);
      await expect.poll(() => page.getByTestId('kept-view-banner').textContent()).toMatch(banner);
      await expect.poll(() => page.getByTestId('customer-name').textContent()).toBe(names.get(mac));
    }
    // An operation is refused with its message, and nothing is sent.
    await resetRefused(page, sent, refusal);

    // The recent lookups and the MAC field, in the app.
    await page.goto('/');
    const recent = page.getByTestId('recent-lookups');
    await expect.poll(() => recent.getByRole('link').count()).toBe(3);
    await recent.getByRole('link').first().click();
    await page.getByTestId('kept-view-banner').waitFor();
    await page.goto('/');
    await page.locator('#home-mac-search').fill(fourth);
    await page.locator('#home-mac-search').press('Enter');
    await expect.poll(() => page.getByTestId('view-not-kept').textContent()).toContain(notKept);

    // Online again: the view refreshes from the network (the browser's online event asks at once; else
    // the light request while not answering, at most PROBE_MAX_MS apart).
    await page.goto(`/i/mac/${kept[0]}`);
    await page.getByTestId('kept-view-banner').waitFor();
    await page.context().setOffline(false);
    await expect.poll(() => page.getByTestId('kept-view-banner').count(), { timeout: 40_000 }).toBe(0);
    await expect.poll(() => page.getByTestId('network-chip').count()).toBe(0);
    await expect.poll(() => page.getByTestId('customer-name').textContent()).toBe(names.get(kept[0]!));

    // Sign-out: the key and the views are gone.
    await page.getByTestId('logout').click();
    await expect.poll(() => keptRecords(page)).toEqual({ keys: 0, views: 0 });
  }, 180_000);

  it('when every API request fails at the network level while the browser says it is online (lie-fi), then the kept views open under the banner "the network is not answering", in both languages; a device not kept and an operation: refused; when the API answers again, the view refreshes', async () => {
    const { page, kept, other, names, sent } = await keptViews(browser, 'field-liefi', 2);

    // One bar of signal: the browser is online, nothing reaches the API.
    await page.context().route('**/api/**', (route) => route.abort('internetdisconnected'));
    for (const mac of kept) {
      await page.goto(`/i/mac/${mac}`);
      await expect
        .poll(() => page.getByTestId('kept-view-banner').textContent())
        .toMatch(/^As of [^,]+, the network is not answering\./);
      await expect.poll(() => page.getByTestId('customer-name').textContent()).toBe(names.get(mac));
    }
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await expect.poll(() => page.getByTestId('network-chip').textContent()).toBe('Network not answering');
    expect(await page.getByTestId('network-state').getAttribute('aria-live')).toBe('polite');
    await resetRefused(page, sent, 'Not available while the network is not answering');

    await page.goto(`/fr/i/mac/${kept[0]}`);
    await expect
      .poll(() => page.getByTestId('kept-view-banner').textContent())
      .toMatch(/^État à [^,]+, le réseau ne répond pas\./);
    await expect.poll(() => page.getByTestId('network-chip').textContent()).toBe('Le réseau ne répond pas');
    await page.goto(`/i/mac/${other}`);
    await expect
      .poll(() => page.getByTestId('view-not-kept').textContent())
      .toContain('not available while the network is not answering');

    // The API answers again: the light request finds it, and the view reads the network.
    await page.goto(`/i/mac/${kept[1]}`);
    await page.getByTestId('kept-view-banner').waitFor();
    await page.context().unroute('**/api/**');
    await expect.poll(() => page.getByTestId('kept-view-banner').count(), { timeout: 40_000 }).toBe(0);
    await expect.poll(() => page.getByTestId('network-chip').count()).toBe(0);
    await expect.poll(() => page.getByTestId('customer-name').textContent()).toBe(names.get(kept[1]!));
  }, 180_000);

  it('when the network goes and the reloaded page still reads navigator.onLine as true (as Chromium 150 did), then the failing requests open the kept view under "the network is not answering", a reset is refused, and the view returns with the network', async () => {
    const { page, kept, names, sent } = await keptViews(browser, 'field-stale-online', 1);
    // The browser's word, wrong from the reload on: only the requests tell.
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => true }),
    );
    await page.context().setOffline(true);
    await page.reload();
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await expect
      .poll(() => page.getByTestId('kept-view-banner').textContent())
      .toMatch(/^As of [^,]+, the network is not answering\./);
    await expect.poll(() => page.getByTestId('customer-name').textContent()).toBe(names.get(kept[0]!));
    await resetRefused(page, sent, 'Not available while the network is not answering');

    await page.context().setOffline(false);
    await expect.poll(() => page.getByTestId('kept-view-banner').count(), { timeout: 40_000 }).toBe(0);
    await expect.poll(() => page.getByTestId('customer-name').textContent()).toBe(names.get(kept[0]!));
  }, 120_000);

  it('when a phone is offline, then the kept view, a device not kept and the offline top bar are clean under axe in both themes', async () => {
    const [device, other] = await catalogue('voice', 2);
    // An installer's view: no voice operations, so the voice table holds nothing that takes the focus.
    const user = await createUser('field-axe', ['install']);
    const problems: string[] = [];
    for (const mode of ['light', 'dark'] as const) {
      const page = await browser.newPage({
        viewport: { width: 390, height: 844 },
        colorScheme: mode,
        serviceWorker: true,
      });
      await page.context().addCookies([{ name: THEME_COOKIE, value: mode, url: PORTAL }]);
      await signInFast(page, user);
      await openView(page, device!.mac);
      await expect.poll(async () => (await keptRecords(page)).views, { timeout: 20_000 }).toBe(1);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
      await page.context().setOffline(true);
      await page.reload();
      await page.getByTestId('kept-view-banner').waitFor();
      await page.getByTestId('customer-name').waitFor({ state: 'attached' });
      for (const problem of await wcagViolations(page)) problems.push(`${mode} kept view: ${problem}`);
      await page.goto(`/i/mac/${other!.mac}`);
      await page.getByTestId('view-not-kept').waitFor();
      for (const problem of await wcagViolations(page)) problems.push(`${mode} not kept: ${problem}`);
    }
    // One line per violation, so that a failure names the rule and its nodes.
    expect(problems.join('\n')).toBe('');
  }, 120_000);
});
