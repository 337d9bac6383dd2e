import { afterAll, describe, expect, it } from 'vitest';
import { catalogue, SIMULATOR } from '../../harness/api-client';
import { useBrowser } from '../../harness/browser';
import { closeAdmin, createUser, signInFast } from '../../harness/users';

describe('the 360 view’s summary strip', () => {
  const browser = useBrowser();
  afterAll(closeAdmin);

  for (const { width, height, prefix } of [
    { width: 1440, height: 900, prefix: '' },
    { width: 390, height: 844, prefix: '/fr' },
  ])
    it(`when a device is opened at ${width}×${height}${prefix ? ' in French' : ''}, then the strip is in the first screen, graded, a chip opens its tab, and the customer card still opens`, async () => {
      const [device] = await catalogue('voice');
      const page = await browser.newPage({ viewport: { width, height } });
      await signInFast(page, await createUser(`strip-${width}`, ['support3']));
      await page.goto(`${prefix}/i/mac/${device!.mac}`);
      const strip = page.getByTestId('summary-strip');
      for (const key of ['wan', 'lan', 'voice', 'bc'])
        await expect
          .poll(() => strip.getByTestId(`summary-${key}`).getAttribute('data-grade'), { timeout: 20_000 })
          .toMatch(/^(pass|warn|fail|unknown|n\/a)$/);
      // Entirely within the first viewport, without scrolling.
      const box = await strip.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height).toBeLessThanOrEqual(height);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await strip.getByTestId('summary-wan').getAttribute('aria-label')).toMatch(/dBm|WAN/);

      for (const [key, tab] of [
        ['wan', 'wan'],
        ['voice', 'voice'],
        ['bc', 'bc'],
        ['lan', 'lan'],
      ]) {
        await strip.getByTestId(`summary-${key}`).click();
        await page.getByTestId(`panel-${tab}`).waitFor();
        expect(page.url()).toContain(`tab=${tab}`);
      }

      // The customer card folds away (folded at first on a phone) and opens again with the customer.
      const account = (await (
        await fetch(
          `${SIMULATOR}/customer-accounts?deviceMac=${device!.mac}&language=${prefix ? 'fr' : 'en'}`,
        )
      ).json()) as { contactList: Array<{ firstName: string; lastName: string; isPrimaryContact: boolean }> };
      const primary = account.contactList.find((contact) => contact.isPrimaryContact)!;
      const toggle = page.getByTestId('customer-toggle');
      const name = page.getByTestId('customer-name');
      const cardHeight = () =>
        page.getByTestId('customer-collapse').evaluate((element) => element.getBoundingClientRect().height);
      const unfoldedAtFirst = width >= 600;
      expect(await toggle.getAttribute('aria-expanded')).toBe(String(unfoldedAtFirst));
      if (unfoldedAtFirst) await toggle.click();
      await expect.poll(cardHeight).toBe(0);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await expect.poll(cardHeight).toBeGreaterThan(0);
      await name.waitFor({ state: 'visible' });
      expect(await name.textContent()).toContain(`${primary.firstName}`);
      expect(await name.textContent()).toContain(`${primary.lastName}`);
    });
});
