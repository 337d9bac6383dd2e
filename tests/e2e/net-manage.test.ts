import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import en from '../../hosting/src/locales/en/admin.json';
import fr from '../../hosting/src/locales/fr/admin.json';
import enCommon from '../../hosting/src/locales/en/common.json';
import frCommon from '../../hosting/src/locales/fr/common.json';
import { useBrowser } from '../../harness/browser';
import { adminDb, closeAdminDb, cmtsRow, putArea, putCmts, runId } from '../../harness/firestore';
import { closeAdmin, createUser, signInFast } from '../../harness/users';

const LANGUAGES = [
  { lang: 'en', prefix: '', admin: en, common: enCommon },
  { lang: 'fr', prefix: '/fr', admin: fr, common: frCommon },
] as const;

const randomIp = () =>
  `10.${200 + Math.floor(Math.random() * 50)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 250)}`;

const row = (page: Page, id: string) => page.locator('.MuiDataGrid-row', { hasText: id });

async function quickSearch(page: Page, text: string) {
  const search = page.getByRole('searchbox').first();
  await search.fill(text);
}

async function choose(page: Page, field: string, optionText: string) {
  await page.getByTestId(`field-${field}`).click();
  await page.getByRole('option', { name: new RegExp(optionText) }).click();
}

describe('network management', () => {
  const browser = useBrowser();
  afterAll(async () => {
    await closeAdmin();
    await closeAdminDb();
  });

  for (const { lang, prefix, admin, common } of LANGUAGES)
    it(`when engineering adds, edits and deletes a CMTS row (${lang}), then the table follows, a duplicate IP is blocked unless overridden, and the history has all three`, async () => {
      const id = runId();
      const [headEnd, otherHeadEnd, area] = [`HE-${id}-A`, `HE-${id}-B`, `MA-${id}`];
      await putArea('headEnd', headEnd, `Alpha ${id}`);
      await putArea('headEnd', otherHeadEnd, `Bravo ${id}`);
      await putArea('marketArea', area, `Area ${id}`);
      const existing = {
        ...cmtsRow(`EXIST-${id}`, headEnd, area, 1),
        ipLookup: randomIp(),
        ipManage: randomIp(),
      };
      await putCmts(existing);

      const engineer = await createUser(`eng-${lang}`, ['engineering']);
      const page = await browser.newPage();
      await signInFast(page, engineer);
      await page.goto(`${prefix}/net-manage`);
      await page.getByTestId('cmts-table-add').click();
      const dialog = page.getByTestId('cmts-dialog');
      const cmtsId = `NEW-${id}`;
      await page.getByTestId('field-cmtsId').fill(cmtsId);
      await page.getByTestId('field-hostName').fill(`new-${id}.e2e`);
      await page.getByTestId('field-ipLookup').fill(existing.ipLookup);
      await page.getByTestId('field-ipManage').fill(randomIp());
      await choose(page, 'headEnd', headEnd);
      await choose(page, 'marketArea', area);
      await page.getByTestId('cmts-dialog-save').click();
      // The IP Lookup of another row blocks the save and names that row.
      await expect
        .poll(() => dialog.textContent())
        .toContain(common.validation.ipInUse.replace('{{row}}', existing.cmtsId));
      await page.getByTestId('field-overrideIpChecks').check();
      await page.getByTestId('cmts-dialog-save').click();
      await dialog.waitFor({ state: 'hidden' });

      await quickSearch(page, id);
      await expect.poll(() => row(page, cmtsId).count()).toBe(1);
      expect(await row(page, cmtsId).textContent()).toContain(`Alpha ${id}`);

      // Edit: move it to the other head end and rename the host.
      await row(page, cmtsId).getByTestId('row-edit').click();
      expect(await page.getByTestId('field-cmtsId').isDisabled()).toBe(true);
      await page.getByTestId('field-hostName').fill(`renamed-${id}.e2e`);
      await choose(page, 'headEnd', otherHeadEnd);
      await page.getByTestId('cmts-dialog-save').click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => row(page, cmtsId).textContent()).toContain(`renamed-${id}.e2e`);
      expect(await row(page, cmtsId).textContent()).toContain(`Bravo ${id}`);

      // Adding under an existing id warns that the row will be updated.
      await page.getByTestId('cmts-table-add').click();
      await page.getByTestId('field-cmtsId').fill(cmtsId);
      expect(await page.getByTestId('cmts-dialog-notice').textContent()).toBe(admin.netManage.idExists);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      await row(page, cmtsId).getByTestId('row-delete').click();
      expect(await page.getByTestId('confirm-delete').textContent()).toContain(common.adminKit.confirmDelete);
      await page.getByTestId('confirm-delete-yes').click();
      await expect.poll(() => row(page, cmtsId).count()).toBe(0);
      // The list was filtered to the new row after its save; the other rows are untouched.
      expect((await adminDb().collection('cmts_source').doc(existing.cmtsId).get()).exists).toBe(true);

      // The change history of that row: created, updated, deleted, each by this engineer.
      await page.goto(`${prefix}/audit?collection=cmts_source&docId=${cmtsId}`);
      const grid = page.getByTestId('audit-grid');
      await expect
        .poll(
          async () => {
            const text = (await grid.textContent()) ?? '';
            return ['listCreate', 'listUpdate', 'listDelete'].map((op) =>
              text.includes(admin.audit.operations[op as 'listCreate']),
            );
          },
          // The history is written by triggers, which queue behind the other lane's writes on a busy machine.
          { timeout: 60_000 },
        )
        .toEqual([true, true, true]);
      expect(await grid.textContent()).toContain(`headEnd: "${headEnd}" → "${otherHeadEnd}"`);
    }, 120_000);

  for (const { lang, prefix, admin } of LANGUAGES)
    it(`when a head end is in use, then deleting it shows its count (${lang}), links to its rows, and is refused`, async () => {
      const id = runId();
      const headEnd = `HE-${id}`;
      await putArea('headEnd', headEnd, `Charlie ${id}`);
      await putArea('marketArea', `MA-${id}`, `Area ${id}`);
      await putCmts(cmtsRow(`USE1-${id}`, headEnd, `MA-${id}`, 11));
      await putCmts(cmtsRow(`USE2-${id}`, headEnd, `MA-${id}`, 12));

      const engineer = await createUser(`eng-he-${lang}`, ['engineering']);
      const page = await browser.newPage();
      await signInFast(page, engineer);
      await page.goto(`${prefix}/net-manage/head-end`);
      await quickSearch(page, id);
      // The functions' trigger counts the two rows.
      await expect
        .poll(() => row(page, headEnd).getByTestId('count-link').textContent(), { timeout: 20_000 })
        .toBe('2');
      await row(page, headEnd).getByTestId('row-delete').click();
      const dialog = page.getByTestId('dependents');
      expect(await dialog.getByTestId('dependents-count').textContent()).toBe(
        admin.netManage.totalInCmts.replace('{{num}}', '2'),
      );
      expect(await page.getByTestId('confirm-delete').count()).toBe(0);
      await dialog.getByTestId('dependents-link').click();
      await page.waitForURL(new RegExp(`${prefix}/net-manage\\?headEnd=`));
      await expect.poll(() => page.getByTestId('cmts-filter').textContent()).toContain('2');
      await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBe(2);

      // Nothing was deleted (firestore.rules refuse it too: tests/rules).
      expect((await adminDb().collection('cmts_head_end').doc(headEnd).get()).exists).toBe(true);
    });

  it('when engineering pastes a CSV, then each row is checked, the preview lists the errors, and only valid rows are written', async () => {
    const id = runId();
    await putArea('headEnd', `HE-${id}-A`, `Echo ${id}`);
    await putArea('headEnd', `HE-${id}-B`, `Foxtrot ${id}`);
    await putArea('marketArea', `MA-${id}`, `Area ${id}`);
    const csv = [
      'cmtsId,hostName,ipLookup,ipManage,headEnd,marketArea,group,versionId,configLastUpdated,overrideIpChecks',
      `IMP1-${id},imp1.e2e,${randomIp()},${randomIp()},HE-${id}-A,MA-${id},,,2026-11-01T10:00:00Z,false`,
      `IMP2-${id},imp2.e2e,${randomIp()},${randomIp()},HE-${id}-B,MA-${id},Fibre,R6.1,,false`,
      `IMP3-${id},,10.1.2,${randomIp()},HE-${id}-X,MA-${id},,,,maybe`,
    ].join('\n');
    const engineer = await createUser('eng-import', ['engineering']);
    const page = await browser.newPage();
    await signInFast(page, engineer);
    await page.goto('/net-manage');
    await page.getByTestId('cmts-import').click();
    await page.getByTestId('import-text').fill(csv);
    await page.getByTestId('import-check').click();
    await expect.poll(() => page.getByTestId('import-error-row').count()).toBe(1);
    expect(await page.getByTestId('import-error-row').textContent()).toContain(`IMP3-${id}`);
    await page.getByTestId('import-write').click();
    await expect.poll(() => page.getByTestId('import-result').textContent()).toBe('2 rows written.');
    await page.keyboard.press('Escape');
    await quickSearch(page, id);
    // Each row is its own write: the second may reach the table a moment after the first.
    await expect.poll(() => row(page, `IMP1-${id}`).count()).toBe(1);
    await expect.poll(() => row(page, `IMP2-${id}`).count()).toBe(1);
    expect(await row(page, `IMP3-${id}`).count()).toBe(0);
  });

  it('when operation opens the lists, then they are read-only; support1 has no access', async () => {
    const id = runId();
    await putArea('headEnd', `HE-${id}`, `Delta ${id}`);
    await putArea('marketArea', `MA-${id}`, `Area ${id}`);
    await putCmts(cmtsRow(`RO-${id}`, `HE-${id}`, `MA-${id}`, 21));
    const operator = await createUser('operation-nm', ['operation']);
    const page = await browser.newPage();
    await signInFast(page, operator);
    for (const [path, testId] of [
      ['/net-manage', 'cmts-table'],
      ['/net-manage/head-end', 'headEnd-table'],
      ['/fr/net-manage/market-area', 'marketArea-table'],
    ] as const) {
      await page.goto(path);
      await page.getByTestId(`${testId}-read-only`).waitFor();
      await expect.poll(() => page.locator('.MuiDataGrid-row').count(), { message: path }).toBeGreaterThan(0);
      expect(await page.getByTestId(`${testId}-add`).count()).toBe(0);
      expect(await page.getByTestId('row-edit').count()).toBe(0);
      expect(await page.getByTestId('row-delete').count()).toBe(0);
      expect(await page.getByTestId('cmts-import').count()).toBe(0);
    }

    const support = await createUser('support1-nm', ['support1']);
    const other = await browser.newPage();
    await signInFast(other, support);
    await other.goto('/net-manage');
    await expect
      .poll(() => other.getByTestId('status-message').textContent())
      .toBe('Sorry, you do not have access to the site.');
    await other.goto('/fr/net-manage/head-end');
    await expect
      .poll(() => other.getByTestId('status-message').textContent())
      .toBe("Désolé, vous n'avez pas accès au site.");
  });
});
