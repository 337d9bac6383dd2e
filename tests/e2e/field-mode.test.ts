/**
 * Field mode (docs/field-mode.md) with Playwright's offline mode: views kept online open offline after a
 * reload, read-only, under their banner; an operation is refused before anything is sent; a device not kept
 * says so; back online the views refresh; sign-out leaves nothing in IndexedDB.
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

describe('field mode', () => {
  const browser = useBrowser();
  afterAll(closeAdmin);

  it('when the network goes after three views, then a reload opens the portal and the three views read back; a fourth device, an operation: refused; online again, the views refresh; sign-out keeps nothing', async () => {
    await warmApi();
    const devices = await catalogue('epon', 4);
    const [kept, fourth] = [devices.slice(0, 3).map((device) => device.mac), devices[3]!.mac];
    const user = await createUser('field-support3', ['support3']);
    const page = await browser.newPage();
    await signInFast(page, user);
    const names = new Map<string, string>();
    for (const mac of kept) {
      await openView(page, mac);
      names.set(mac, (await page.getByTestId('customer-name').textContent())!);
    }
    await expect.poll(async () => (await keptRecords(page)).views, { timeout: 20_000 }).toBe(3);
    // The service worker has the shell and the code (registered once the page settled).
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/') && request.method() !== 'GET') sent.push(request.url());
    });
    await page.context().setOffline(true);
    await page.reload();
    await page.getByTestId('offline-chip').waitFor();
    expect(await page.getByTestId('network-state').getAttribute('role')).toBe('status');

    // A permalink, for each kept device.
    for (const mac of kept) {
      await page.goto(`/i/mac/${mac}`);
      await expect
        .poll(() => page.getByTestId('kept-view-banner').textContent())
        .toMatch(/^As of \d\d:\d\d, offline\./);
      await expect.poll(() => page.getByTestId('customer-name').textContent()).toBe(names.get(mac));
    }
    // An operation is refused with its message, and nothing is sent.
    await page.getByTestId('reset-device').click();
    await page.getByTestId('reset-dialog-confirm').click();
    await expect
      .poll(() => page.getByTestId('reset-dialog-failed').textContent())
      .toContain('Not available offline');
    expect(sent).toEqual([]);
    await page.keyboard.press('Escape');

    // The recent lookups and the MAC field, in the app.
    await page.goto('/');
    const recent = page.getByTestId('recent-lookups');
    await expect.poll(() => recent.getByRole('link').count()).toBe(3);
    await recent.getByRole('link').first().click();
    await page.getByTestId('kept-view-banner').waitFor();
    await page.goto('/');
    await page.locator('#home-mac-search').fill(fourth);
    await page.locator('#home-mac-search').press('Enter');
    await expect
      .poll(() => page.getByTestId('view-not-kept').textContent())
      .toContain('not available offline');

    // Online again: the view refreshes from the network.
    await page.goto(`/i/mac/${kept[0]}`);
    await page.getByTestId('kept-view-banner').waitFor();
    await page.context().setOffline(false);
    await expect.poll(() => page.getByTestId('kept-view-banner').count()).toBe(0);
    await expect.poll(() => page.getByTestId('offline-chip').count()).toBe(0);
    await expect.poll(() => page.getByTestId('customer-name').textContent()).toBe(names.get(kept[0]!));

    // Sign-out: the key and the views are gone.
    await page.getByTestId('logout').click();
    await expect.poll(() => keptRecords(page)).toEqual({ keys: 0, views: 0 });
  }, 180_000);

  it('when a phone is offline, then the kept view, a device not kept and the offline top bar are clean under axe in both themes', async () => {
    const [device, other] = await catalogue('voice', 2);
    // An installer's view: no voice operations, so the voice table holds nothing that takes the focus.
    const user = await createUser('field-axe', ['install']);
    const problems: string[] = [];
    for (const mode of ['light', 'dark'] as const) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 }, colorScheme: mode });
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
    expect(problems).toEqual([]);
  }, 120_000);
});
