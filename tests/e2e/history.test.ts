/**
 * The History card (docs/features.md, "History") on a `flapping` catalogue device: the intermittent link in
 * the findings once the history is in, its losses of signal marked on the link state's timeline (at least three in the last 24 hours, no dying gasp), the optical
 * powers drawn over the threshold rules' bands once the card is on screen, the 7 days a key press away and
 * every event as text, in English and French, at phone (390 px) and desktop (1440 px) widths, each in one
 * theme; the card fits the width and axe finds no WCAG AA violation in it.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_COOKIE } from '../../common/src/constants';
import { DEFAULT_PLAYBOOK_BY_KEY } from '@insight/common/diagnosis-playbook';
import { catalogue, type CatalogueDevice } from '../../harness/api-client';
import { closeAdminDb, putThresholdSeed } from '../../harness/firestore';
import { WCAG_AA } from '../../harness/axe';
import { PORTAL, useBrowser } from '../../harness/browser';
import { closeAdmin, createUser, signInFast, type TestUser } from '../../harness/users';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** Each width in both languages, each language in one theme per width. */
const RUNS = [
  { language: 'en', screen: PHONE, theme: 'dark' },
  { language: 'fr', screen: PHONE, theme: 'light' },
  { language: 'en', screen: DESKTOP, theme: 'light' },
  { language: 'fr', screen: DESKTOP, theme: 'dark' },
] as const;

const TITLE = { en: 'History', fr: 'Historique' } as const;

/** The card's marks of one kind on the timeline. */
const marks = (page: Page, kind: 'los' | 'dyingGasp') =>
  page.locator(`[data-testid="history-timeline"] [data-testid="history-event"][data-kind="${kind}"]`);

/** WCAG AA violations inside the card, one line each. */
async function cardViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .include('[data-testid="section-history"]')
    .withTags(WCAG_AA)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
  );
}

describe('the History card on a flapping device', () => {
  const browser = useBrowser();
  let user: TestUser;
  let device: CatalogueDevice;
  beforeAll(async () => {
    user = await createUser('history-card', ['engineering']);
    device = (await catalogue('flapping'))[0]!;
    // The seeded threshold rules (another file of the lane may have left its edits).
    await putThresholdSeed();
  });
  afterAll(async () => {
    await closeAdmin();
    await closeAdminDb();
  });

  for (const { language, screen, theme } of RUNS)
    it(`(${language}, ${screen.width} px, ${theme}) lists the intermittent link and marks each loss of signal of the last 24 hours on the timeline, and of the 7 days at a key press`, async () => {
      const page = await browser.newPage({ viewport: screen, colorScheme: theme });
      await page.context().addCookies([{ name: THEME_COOKIE, value: theme, url: PORTAL }]);
      await signInFast(page, user);
      // The history's answer, to hold the card to the bands it was given.
      const answer = page.waitForResponse(
        (response) => response.url().endsWith(`/api/360/${device.mac}/history`) && response.status() === 200,
      );
      await page.goto(`${language === 'fr' ? '/fr' : ''}/i/mac/${device.mac}`);
      const { data } = (await (await answer).json()) as {
        data: { bands?: { rxPower?: { pass: unknown; warn: unknown[] } } };
      };
      const rxBands = data.bands?.rxPower;

      // The intermittent link joins the findings once the history is in: its title counts the drops.
      const finding = page.locator('[data-testid="findings"] li[data-key="intermittentLink"]');
      await expect.poll(() => finding.count(), { timeout: 30_000 }).toBe(1);
      const title = DEFAULT_PLAYBOOK_BY_KEY.intermittentLink![language === 'fr' ? 'titleFr' : 'titleEn'];
      const [before, after] = title.split('{count}');
      const count = new RegExp(`${before}(\\d+)${after}`).exec((await finding.textContent()) ?? '');
      expect(count, 'the finding names the drops').not.toBeNull();
      expect(Number(count![1])).toBeGreaterThanOrEqual(3);

      const card = page.getByTestId('section-history');
      await expect.poll(() => card.getAttribute('data-state'), { timeout: 30_000 }).toBe('ready');
      expect(await card.locator('h2').textContent()).toBe(TITLE[language]);
      expect(await page.getByTestId('history').getAttribute('data-range')).toBe('day');

      // The last 24 hours: several losses of signal, no dying gasp (not the power at home).
      const day = await marks(page, 'los').count();
      expect(day).toBeGreaterThanOrEqual(3);
      expect(await marks(page, 'dyingGasp').count()).toBe(0);
      expect(await page.getByTestId('history-timeline').getAttribute('data-los')).toBe(String(day));
      // Each mark stands on the timeline, inside the card's width.
      const timeline = (await page.getByTestId('history-timeline').boundingBox())!;
      for (const box of await Promise.all((await marks(page, 'los').all()).map((mark) => mark.boundingBox())))
        expect(box!.x + box!.width / 2).toBeGreaterThanOrEqual(timeline.x - 1);

      // On screen, the charts are drawn over the bands the threshold rules gave the answer (the seeded
      // receive-power rules give a pass band and warn bands; what other files of the lane left may differ).
      await card.scrollIntoViewIfNeeded();
      const passBand = page.locator('[data-testid="history-rxPower"] svg rect[data-band="pass"]');
      const warnBands = page.locator('[data-testid="history-rxPower"] svg rect[data-band^="warn"]');
      await expect.poll(() => page.getByTestId('history-chart').count(), { timeout: 20_000 }).toBe(4);
      if (rxBands?.pass) await expect.poll(() => passBand.count(), { timeout: 20_000 }).toBe(1);
      else expect(await passBand.count()).toBe(0);
      if ((rxBands?.warn.length ?? 0) > 0)
        await expect.poll(() => warnBands.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);

      // Readable at the width: the card does not scroll sideways, nor does the page.
      expect(
        await card.evaluate((element) => element.scrollWidth <= element.clientWidth + 1),
        'the card scrolls sideways',
      ).toBe(true);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1,
        ),
      ).toBe(true);

      // The week, from the keyboard: the toggle's one tab stop, the arrow, Enter.
      await page.getByTestId('history-range-day').focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('history').getAttribute('data-range')).toBe('week');
      const week = await marks(page, 'los').count();
      expect(week).toBeGreaterThan(day);

      // Every event as text: the link state's table lists as many as the timeline marks.
      await page.getByTestId('history-link').getByTestId('history-table-toggle').click();
      await expect
        .poll(() => page.locator('[data-testid="history-events-table"] tbody tr').count())
        .toBe(week);
      expect(await cardViolations(page)).toEqual([]);
      await page.close();
    });
});
