/**
 * The data speaks the user's language (docs/requirements.md, "Thresholds"; "Page titles"): the French 360
 * view of every diagnosis scenario and the French threshold pages show no text that the threshold data
 * holds in English where it holds a French one; three 360 views open side by side have three titles, each
 * naming its device and customer.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THRESHOLD_COLLECTIONS, FRENCH_FIELDS, type ThresholdKind } from '@insight/common/threshold';
import { formatMac } from '@insight/common/mac';
import { api, catalogue, idTokenFor } from '../../harness/api-client';
import { useBrowser } from '../../harness/browser';
import { adminDb, closeAdminDb, putThresholdSeed } from '../../harness/firestore';
import { closeAdmin, createUser, signInFast } from '../../harness/users';

/** The texts the stored threshold rows hold in both languages (French differing from English), read from Firestore. */
async function storedTexts(): Promise<Array<{ en: string; fr: string }>> {
  const pairs: Array<{ en: string; fr: string }> = [];
  for (const kind of Object.keys(THRESHOLD_COLLECTIONS) as ThresholdKind[]) {
    const rows = await adminDb().collection(THRESHOLD_COLLECTIONS[kind]).get();
    for (const row of rows.docs)
      for (const [english, french] of FRENCH_FIELDS[kind]) {
        const en = row.get(english) as unknown;
        const fr = row.get(french) as unknown;
        if (typeof en === 'string' && typeof fr === 'string' && fr.trim() && en.trim() !== fr.trim())
          pairs.push({ en: en.trim(), fr: fr.trim() });
      }
  }
  return pairs;
}

/** What the page says: its text, and the names and hints its elements carry (grade reasons, flags). */
const pageTexts = (page: Page) =>
  page.evaluate(() =>
    [
      document.title,
      document.body.innerText,
      ...[...document.querySelectorAll('[aria-label],[title]')].flatMap((element) => [
        element.getAttribute('aria-label') ?? '',
        element.getAttribute('title') ?? '',
      ]),
    ].join('\n'),
  );

describe('the data in the user’s language', () => {
  const browser = useBrowser();
  let pairs: Array<{ en: string; fr: string }> = [];
  // The seed writes about ninety threshold rows, each a trigger's run in the functions emulator: up to a
  // minute on a busy machine late in a run, once over the 60 s hook limit.
  beforeAll(async () => {
    await putThresholdSeed();
    pairs = await storedTexts();
  }, 120_000);
  afterAll(async () => {
    await closeAdmin();
    await closeAdminDb();
  });

  it('when the French 360 view of every diagnosis scenario is open, then no threshold text shows in English where the data has it in French', async () => {
    expect(pairs.length).toBeGreaterThan(10);
    const devices = await catalogue('diagnosis', 20);
    expect(devices.length).toBeGreaterThanOrEqual(11);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInFast(page, await createUser('lang-eng', ['engineering']));
    const shown = new Set<string>();
    for (const device of devices) {
      await page.goto(`/fr/i/mac/${device.mac}`);
      await expect
        .poll(() => page.getByTestId('findings').getAttribute('data-state'), { timeout: 20_000 })
        .toMatch(/complete|healthy/);
      const text = await pageTexts(page);
      for (const { en, fr } of pairs) {
        expect(text.includes(en), `${device.mac}: “${en}” shown where “${fr}” exists`).toBe(false);
        if (text.includes(fr)) shown.add(fr);
      }
    }
    await page.screenshot({ path: '.cache/shots/360-fr-last-scenario.png', fullPage: true });
    // The grade reasons and the findings name the data's French texts (the check above is not vacuous).
    expect(shown.size).toBeGreaterThan(2);
    await page.close();
  });

  it('when the French threshold pages are open, then no threshold text shows in English where the data has it in French', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInFast(page, await createUser('lang-eng2', ['engineering']));
    const shown = new Set<string>();
    for (const path of ['/fr/threshold', '/fr/threshold/definitions', '/fr/threshold/variants']) {
      await page.goto(path);
      await page.locator('[role="row"][data-id]').first().waitFor({ timeout: 20_000 });
      const text = await pageTexts(page);
      for (const { en, fr } of pairs) {
        expect(text.includes(en), `${path}: “${en}” shown where “${fr}” exists`).toBe(false);
        if (text.includes(fr)) shown.add(fr);
      }
    }
    expect(shown.size).toBeGreaterThan(2);
    // For a look by eye: the definitions in French, dark, on a phone and on a desktop.
    await page.context().addCookies([{ name: 'insight-theme', value: 'dark', url: page.url() }]);
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/fr/threshold/definitions');
      await page.locator('[role="row"][data-id]').first().waitFor({ timeout: 20_000 });
      await page.screenshot({ path: `.cache/shots/definitions-fr-dark-${width}.png` });
    }
    await page.close();
  });

  it('when an agent opens three 360 views in three tabs, then each tab’s title names its device and customer', async () => {
    const user = await createUser('lang-tabs', ['support1']);
    const devices = await catalogue('diagnosis', 3);
    const { token, close } = await idTokenFor(user);
    const names = await Promise.all(
      devices.map(async ({ mac }) => {
        const res = await api(token, `/360/${mac}/customer`);
        return (res.body.data as { name: { line1: string } }).name.line1;
      }),
    );
    await close();
    const first = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInFast(first, user);
    const pages = [first, await first.context().newPage(), await first.context().newPage()];
    await Promise.all(pages.map((page, index) => page.goto(`/i/mac/${devices[index]!.mac}`)));
    const titles = await Promise.all(
      pages.map(async (page, index) => {
        const expected = `${formatMac(devices[index]!.mac)} · ${names[index]} · Insight 360`;
        await expect.poll(() => page.title(), { timeout: 20_000 }).toBe(expected);
        return page.title();
      }),
    );
    expect(new Set(titles).size).toBe(3);
    // French: the same title in the French view (names and MACs are proper names; the product too).
    await pages[0]!.goto(`/fr/i/mac/${devices[0]!.mac}`);
    await expect.poll(() => pages[0]!.title(), { timeout: 20_000 }).toBe(titles[0]);
    for (const page of pages) await page.close();
  });
});
