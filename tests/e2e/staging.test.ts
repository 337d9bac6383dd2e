import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import en from '../../hosting/src/locales/en/staging.json';
import fr from '../../hosting/src/locales/fr/staging.json';
import { useBrowser } from './support/browser';
import { adminDb, closeAdminDb } from './support/firestore';
import { closeAdmin, createUser, signInFast } from './support/users';

const rows = (page: Page) => page.locator('.MuiDataGrid-row');

/** Waits until one row is flagged, then measures how long that row stays flagged. */
async function flagDuration(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const deadline = Date.now() + 20_000;
        const watch = () => {
          const row = document.querySelector('.MuiDataGrid-row.row-changed');
          if (!row) {
            if (Date.now() > deadline) reject(new Error('no row was flagged'));
            else requestAnimationFrame(watch);
            return;
          }
          const id = row.getAttribute('data-id');
          const started = performance.now();
          const until = () => {
            const same = document.querySelector(`.MuiDataGrid-row[data-id="${CSS.escape(id ?? '')}"]`);
            if (same && !same.classList.contains('row-changed')) resolve(performance.now() - started);
            else if (Date.now() > deadline) reject(new Error('the row stayed flagged'));
            else requestAnimationFrame(until);
          };
          until();
        };
        watch();
      }),
  );
}

describe('live staging', () => {
  const browser = useBrowser();
  afterAll(async () => {
    await closeAdmin();
    await closeAdminDb();
  });

  for (const { lang, prefix, texts } of [
    { lang: 'en', prefix: '', texts: en },
    { lang: 'fr', prefix: '/fr', texts: fr },
  ] as const)
    it(`when an installer opens /plume-stage (${lang}), then switches stream in, a changed row is flagged for about a second, and Reset empties the table and closes the stream`, async () => {
      const page = await browser.newPage();
      await signInFast(page, await createUser(`stage-install-${lang}`, ['install']));
      // Every stream request the page makes, and whether it is still open.
      const streams = new Map<object, boolean>();
      page.on('request', (request) => {
        if (request.url().includes('/api/staging/')) streams.set(request, true);
      });
      const done = (request: object) => streams.has(request) && streams.set(request, false);
      page.on('requestfinished', done);
      page.on('requestfailed', done);
      const open = () => [...streams.values()].filter(Boolean).length;
      await page.goto(`${prefix}/plume-stage`);
      expect(await page.getByTestId('network-access').textContent()).toBe(texts.networkAccess);
      await expect
        .poll(() => page.getByTestId('connection').getAttribute('data-state'), { timeout: 20_000 })
        .toBe('live');
      await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBe(6);
      const flagged = await flagDuration(page);
      expect(flagged).toBeGreaterThan(700);
      expect(flagged).toBeLessThan(2000);

      // QC has its own switches.
      await page.getByTestId('province-QC').click();
      await expect
        .poll(() => page.locator('.MuiDataGrid-row[data-id^="QC-"]').count(), { timeout: 20_000 })
        .toBe(6);

      await page.getByTestId('stream-reset').click();
      await expect.poll(() => rows(page).count()).toBe(0);
      expect(await page.getByTestId('connection').getAttribute('data-state')).toBe('stopped');
      // The stream is closed, and stays closed.
      await expect.poll(open).toBe(0);
      const requests = streams.size;
      await expect.poll(() => rows(page).count()).toBe(0);
      expect(streams.size).toBe(requests);
      await page.getByTestId('stream-start').click();
      await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBe(6);
    });

  it('when an operator opens /onu-stage, then ONUs and OLT ports stream in, joined with the OLT interface, each ONU linking to its 360 view', async () => {
    await adminDb()
      .doc('oltInterface/ON')
      .set({
        name: 'ON-STAGE-OLT',
        ports: Array.from({ length: 16 }, (_, i) => ({
          portNumber: i + 1,
          macAddress: `0D0100${String(i + 1).padStart(2, '0')}0000`,
        })),
        updatedBy: 'e2e',
      });
    const page = await browser.newPage();
    await signInFast(page, await createUser('stage-operation', ['operation']));
    await page.goto('/onu-stage');
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBe(14);
    await expect
      .poll(() => page.getByTestId('onu-table').textContent())
      .toContain('ON-STAGE-OLT 0D:01:00:01:00:00');
    const link = page.getByTestId('onu-mac').first();
    const mac = (await link.textContent())!.replace(/:/g, '');
    await link.click();
    await expect.poll(() => page.url()).toContain(`/i/mac/${mac}`);
  });

  it('when support1 opens a staging page, then they have no access', async () => {
    const page = await browser.newPage();
    await signInFast(page, await createUser('stage-support1', ['support1']));
    await page.goto('/fr/onu-stage');
    await expect
      .poll(() => page.getByTestId('status-message').textContent())
      .toBe("Désolé, vous n'avez pas accès au site.");
  });
});
