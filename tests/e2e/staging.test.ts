import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enErrors from '../../hosting/src/locales/en/errors.json';
import en from '../../hosting/src/locales/en/staging.json';
import frErrors from '../../hosting/src/locales/fr/errors.json';
import fr from '../../hosting/src/locales/fr/staging.json';
import { SIMULATOR } from '../../harness/api-client';
import { useBrowser } from '../../harness/browser';
import { adminDb, closeAdminDb } from '../../harness/firestore';
import { closeAdmin, createUser, signInFast } from '../../harness/users';
import { watchRowFlag } from './support/row-flag';

const rows = (page: Page) => page.locator('.MuiDataGrid-row');

/** Every staging stream request the page makes, and how many are still open. */
function watchStreams(page: Page) {
  const streams = new Map<object, boolean>();
  page.on('request', (request) => {
    if (request.url().includes('/api/staging/')) streams.set(request, true);
  });
  const done = (request: object) => streams.has(request) && streams.set(request, false);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    made: () => streams.size,
    open: () => [...streams.values()].filter(Boolean).length,
  };
}

const LANGUAGES = [
  { lang: 'en', prefix: '', texts: en, errors: enErrors },
  { lang: 'fr', prefix: '/fr', texts: fr, errors: frErrors },
] as const;
/** Each page's rows from the simulator: 6 switches; 12 ONUs and 2 OLT ports. */
const PAGES = [
  { path: '/plume-stage', table: 'plume-table', title: 'plumeTitle', count: 6 },
  { path: '/onu-stage', table: 'onu-table', title: 'onuTitle', count: 14 },
] as const;

describe('live staging', () => {
  const browser = useBrowser();
  // Another file may have changed the simulator's stream settings (switches, rate) and left an upstream
  // connection open on a function worker: these pages expect the default streams, opened afresh.
  beforeAll(async () => {
    await fetch(`${SIMULATOR}/_sim/streams`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ switches: 6, eventsPerS: 0, maxChanges: 0 }),
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      const answer = (await (await fetch(`${SIMULATOR}/_sim/streams`)).json()) as {
        streams?: Array<{ open?: number }>;
      };
      if ((answer.streams ?? []).every((stream) => (stream.open ?? 0) === 0) || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }, 70_000);
  afterAll(async () => {
    await closeAdmin();
    await closeAdminDb();
  });

  for (const { path, table, title, count } of PAGES)
    for (const { lang, prefix, texts } of LANGUAGES)
      it(`when an installer opens ${prefix}${path}, then rows stream in, a changed row is flagged and the flag clears, and Reset empties the table and closes the stream`, async () => {
        const page = await browser.newPage();
        await signInFast(page, await createUser(`stage-install-${lang}`, ['install']));
        const streams = watchStreams(page);
        await page.goto(`${prefix}${path}`);
        // The session is checked first (a fresh page load), then the page opens.
        await expect
          .poll(() => page.getByRole('heading', { level: 1, name: texts[title] }).count(), {
            timeout: 20_000,
          })
          .toBe(1);
        expect(await page.getByTestId('network-access').textContent()).toBe(texts.networkAccess);
        await expect
          .poll(() => page.getByTestId('connection').getAttribute('data-state'), { timeout: 20_000 })
          .toBe('live');
        expect(await page.getByTestId('connection').textContent()).toBe(texts.connection.live);
        await expect.poll(() => page.getByTestId(table).locator('.MuiDataGrid-row').count()).toBe(count);

        // A changed row is flagged, and the flag clears (its second is tested on fake timers).
        await (await watchRowFlag(page)).flaggedThenCleared();

        await page.getByTestId('stream-reset').click();
        await expect.poll(() => rows(page).count()).toBe(0);
        expect(await page.getByTestId('connection').getAttribute('data-state')).toBe('stopped');
        await expect.poll(() => page.getByTestId(table).textContent()).toContain(texts.stoppedEmpty);
        // The stream is closed, and stays closed: no new request, no row, while the stream would have sent changes.
        await expect.poll(streams.open).toBe(0);
        const made = streams.made();
        const quiet = Date.now() + 2500;
        await expect
          .poll(async () => ({ rows: await rows(page).count(), quiet: Date.now() > quiet }), {
            timeout: 5000,
          })
          .toEqual({ rows: 0, quiet: true });
        expect(streams.made()).toBe(made);
        expect(streams.open()).toBe(0);
      });

  it('when an installer switches /plume-stage to Quebec, then the Quebec switches stream in; Start after Reset brings the rows back', async () => {
    const page = await browser.newPage();
    await signInFast(page, await createUser('stage-install-qc', ['install']));
    await page.goto('/plume-stage');
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBe(6);
    await page.getByTestId('province-QC').click();
    await expect
      .poll(() => page.locator('.MuiDataGrid-row[data-id^="QC-"]').count(), { timeout: 20_000 })
      .toBe(6);
    expect(await page.locator('.MuiDataGrid-row[data-id^="ON-"]').count()).toBe(0);
    await page.getByTestId('stream-reset').click();
    await expect.poll(() => rows(page).count()).toBe(0);
    await page.getByTestId('stream-start').click();
    await expect
      .poll(() => page.locator('.MuiDataGrid-row[data-id^="QC-"]').count(), { timeout: 20_000 })
      .toBe(6);
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

  for (const { lang, prefix, errors } of LANGUAGES)
    it(`when support1 opens the staging pages (${lang}), then they have no access and no stream is opened`, async () => {
      const page = await browser.newPage();
      await signInFast(page, await createUser(`stage-support1-${lang}`, ['support1']));
      const streams = watchStreams(page);
      for (const { path, table } of PAGES) {
        await page.goto(`${prefix}${path}`);
        await expect.poll(() => page.getByTestId('status-message').textContent()).toBe(errors.noAccess);
        expect(await page.getByTestId(table).count()).toBe(0);
      }
      expect(streams.made()).toBe(0);
    });
});
