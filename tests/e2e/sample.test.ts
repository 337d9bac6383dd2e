import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import en from '../../hosting/src/locales/en/admin.json';
import fr from '../../hosting/src/locales/fr/admin.json';
import enCommon from '../../hosting/src/locales/en/common.json';
import frCommon from '../../hosting/src/locales/fr/common.json';
import { seriousViolations } from '../../harness/axe';
import { ARTIFACTS, PORTAL, useBrowser } from '../../harness/browser';
import { closeAdmin, createUser, signInFast } from '../../harness/users';

const LANGUAGES = [
  { lang: 'en', prefix: '', admin: en, common: enCommon },
  { lang: 'fr', prefix: '/fr', admin: fr, common: frCommon },
] as const;

const row = (page: Page, id: string) =>
  page.locator('[data-testid=sample-table] .MuiDataGrid-row', { hasText: id });

describe('/sample, the shared components on demo data', () => {
  const browser = useBrowser();
  afterAll(closeAdmin);

  for (const { lang, prefix, admin, common } of LANGUAGES)
    it(`when engineering uses the sample (${lang}), then the admin kit adds and deletes rows, a failed save shows the write error, a card retries and an operation is sent`, async () => {
      const page = await browser.newPage();
      await signInFast(page, await createUser(`sample-${lang}`, ['engineering']));
      await page.goto(`${prefix}/sample`);
      await expect.poll(() => page.locator('h1').textContent()).toBe(admin.sample.title);
      await expect.poll(() => page.locator('[data-testid=sample-table] .MuiDataGrid-row').count()).toBe(5);

      // Add: the edit dialog checks the form with the list's schema, then the row and the snackbar appear.
      await page.getByTestId('sample-table-add').click();
      await page.getByTestId('sample-dialog-save').click();
      expect(await page.getByTestId('sample-dialog').textContent()).toContain(common.validation.required);
      await page.getByTestId('field-id').fill('ON-OTT-09');
      await page.getByTestId('field-name').fill('Orléans');
      await page.getByTestId('sample-dialog-save').click();
      await page.getByTestId('sample-dialog').waitFor({ state: 'hidden' });
      await expect.poll(() => row(page, 'ON-OTT-09').count()).toBe(1);
      await expect.poll(() => page.getByText(common.snackbar.dataUpdated, { exact: true }).count()).toBe(1);

      // A failed save: the write error modal with the database's message; the form keeps what was typed.
      await page.getByTestId('sample-saves-fail').click();
      await row(page, 'ON-OTT-09').getByTestId('row-edit').click();
      await page.getByTestId('field-name').fill('Orléans 2');
      await page.getByTestId('sample-dialog-save').click();
      const modal = page.getByTestId('write-error');
      await expect.poll(() => modal.textContent()).toContain(common.adminKit.writeError);
      expect(await modal.textContent()).toContain('PERMISSION_DENIED');
      await modal.getByRole('button', { name: common.adminKit.close }).click();
      expect(await page.getByTestId('field-name').inputValue()).toBe('Orléans 2');
      await page.getByRole('button', { name: common.adminKit.cancel }).click();
      await page.getByTestId('sample-saves-fail').click();

      // Delete after the confirmation of docs/requirements.md, "Admin kit".
      await row(page, 'ON-OTT-09').getByTestId('row-delete').click();
      expect(await page.getByTestId('confirm-delete').textContent()).toContain(common.adminKit.confirmDelete);
      await page.getByTestId('confirm-delete-yes').click();
      await expect.poll(() => row(page, 'ON-OTT-09').count()).toBe(0);

      // Table states: the read-only and error states of the admin table.
      await page.getByTestId('sample-state-readOnly').click();
      expect(await page.getByTestId('sample-table-read-only').textContent()).toBe(common.adminKit.readOnly);
      await page.getByTestId('sample-state-error').click();
      expect(await page.getByTestId('sample-table-error').count()).toBe(1);

      // Section cards: one of each state; the error's retry loads, then shows the data.
      expect(
        await page
          .locator('[data-testid^=sample-card-][data-state]')
          .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-state'))),
      ).toEqual(['loading', 'error', 'ready']);
      await page.getByTestId('sample-card-1').getByRole('button', { name: common.sectionCard.retry }).click();
      await expect.poll(() => page.getByTestId('sample-card-1').getAttribute('data-state')).toBe('ready');

      expect(await page.locator('[data-testid^=sample-grade-]').count()).toBe(4);

      await page.getByTestId('sample-operation').click();
      await page.getByTestId('sample-operation-dialog-confirm').click();
      await expect
        .poll(() => page.getByTestId('sample-operation-dialog-sent').textContent())
        .toMatch(
          new RegExp(
            admin.sample.operation.sent.replace('{{requestId}}', 'demo-[0-9a-f]{8}').replace('.', '\\.'),
          ),
        );
    });

  it('when the sample is opened in both themes and languages, then axe finds no serious or critical violation, and screenshots are kept', async () => {
    const dir = path.join(ARTIFACTS, 'screens');
    mkdirSync(dir, { recursive: true });
    const user = await createUser('sample-screens', ['engineering']);
    for (const mode of ['light', 'dark'] as const)
      for (const { lang, prefix, admin } of LANGUAGES) {
        const page = await browser.newPage({ colorScheme: mode });
        await page.context().addCookies([{ name: 'insight-theme', value: mode, url: PORTAL }]);
        await signInFast(page, user);
        await page.goto(`${prefix}/sample`);
        await expect.poll(() => page.locator('h1').textContent()).toBe(admin.sample.title);
        await page.locator('[data-testid=sample-table] .MuiDataGrid-row').first().waitFor();
        expect(await seriousViolations(page), `${mode} ${lang}`).toEqual([]);
        await page.screenshot({ path: path.join(dir, `sample-${mode}-${lang}.png`), fullPage: true });
      }
  });
});
