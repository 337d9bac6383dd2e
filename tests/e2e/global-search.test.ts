import { afterAll, describe, expect, it } from 'vitest';
import { formatMac } from '@insight/common/mac';
import type { SearchAnswer, SearchData, SearchRecord } from '@insight/common/upstream/search';
import { SIMULATOR } from '../../harness/api-client';
import { PORTAL, useBrowser } from '../../harness/browser';
import { closeAdmin, createUser, signInFast } from '../../harness/users';

const sim = async <T>(path: string): Promise<T> => (await (await fetch(`${SIMULATOR}${path}`)).json()) as T;

/**
 * A customer of the province and part of their name (first name, start of the last name) for which the
 * search service ranks them first: the suggestion Enter opens.
 */
async function customerFoundByPartOfName(province: 'ON' | 'QC', skip: number) {
  const { records } = await sim<SearchData>('/mock/search-data.json');
  const candidates = records.filter((record) => record.serviceAddress?.province === province).slice(skip);
  for (const record of candidates.slice(0, 50)) {
    const primary = record.contactList.find((contact) => contact.isPrimaryContact)!;
    if (primary.lastName.length < 4) continue;
    const typed = `${primary.firstName} ${primary.lastName.slice(0, 4)}`;
    const answer = await sim<SearchAnswer>(`/search/v1/customers?q=${encodeURIComponent(typed)}&limit=8`);
    if (answer.hits[0]?.mac === record.mac) return { record, primary, typed };
  }
  throw new Error(`no ${province} customer is the first hit for part of their name`);
}

describe('global search in the top bar', () => {
  const browser = useBrowser();
  afterAll(closeAdmin);

  for (const { prefix, province, label } of [
    { prefix: '', province: 'ON', label: 'Search customers' },
    { prefix: '/fr', province: 'QC', label: 'Rechercher un client' },
  ] as const)
    it(`when part of a customer's name is typed${prefix ? ' in French' : ''}, then that customer is suggested, and Enter opens their 360 view`, async () => {
      const { record, primary, typed } = await customerFoundByPartOfName(province, prefix ? 7 : 3);
      const page = await browser.newPage();
      await signInFast(page, await createUser(`global-search${prefix ? '-fr' : ''}`, ['support1']));
      await page.goto(prefix || '/');
      const field = page.getByRole('combobox', { name: label });
      await field.waitFor();
      // docs/requirements.md, "MAC entry and global search": the search acts once every tracked call has reported.
      await page.waitForFunction(
        () =>
          !document.querySelector('#top-bar-mac-search')?.closest('form')?.querySelector('button[disabled]'),
      );
      await field.click();
      await field.pressSequentially(typed, { delay: 20 });

      const option = page.getByTestId(`search-option-${record.mac}`);
      await option.waitFor({ timeout: 20_000 });
      const shown = (await option.textContent()) ?? '';
      expect(shown).toContain(primary.firstName);
      expect(shown).toContain(primary.lastName);
      expect(shown).toContain(formatMac(record.mac));
      // The first suggestion is the highlighted one (the combobox's active descendant).
      expect(await page.getByRole('option').first().getAttribute('data-testid')).toBe(
        `search-option-${record.mac}`,
      );
      await expect
        .poll(() => field.getAttribute('aria-activedescendant'))
        .toBe(await option.getAttribute('id'));

      await page.keyboard.press('Enter');
      await page.waitForURL(`${PORTAL}${prefix}/i/mac/${record.mac}`);
      await expect.poll(() => page.getByTestId('view-mac').textContent()).toBe(formatMac(record.mac));
      await expect
        .poll(() => page.getByTestId('customer-name').textContent(), { timeout: 20_000 })
        .toContain(primary.lastName);
      expect(await field.inputValue()).toBe('');
    });

  it('when a full MAC is typed in the top bar and Enter pressed, then it opens directly, as before', async () => {
    const { records } = await sim<SearchData>('/mock/search-data.json');
    const record: SearchRecord = records[11]!;
    const page = await browser.newPage();
    await signInFast(page, await createUser('global-search-mac', ['support1']));
    await page.goto('/');
    const field = page.locator('#top-bar-mac-search');
    await field.waitFor();
    await field.click();
    await field.fill(formatMac(record.mac).toLowerCase());
    await page.keyboard.press('Enter');
    await page.waitForURL(`${PORTAL}/i/mac/${record.mac}`);
  });
});
