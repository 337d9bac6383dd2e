import type { Page } from 'playwright-core';
import { FieldValue } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { CHILD_COUNT_FIELD, STAGING_LISTS } from '@insight/common/staging-lists';
import en from '../../hosting/src/locales/en/staging.json';
import fr from '../../hosting/src/locales/fr/staging.json';
import { useBrowser } from '../../harness/browser';
import { adminDb, closeAdminDb, runId } from '../../harness/firestore';
import { closeAdmin, createUser, signInFast } from '../../harness/users';
import { watchRowFlag } from './support/row-flag';

const LANGUAGES = [
  { lang: 'en', prefix: '', texts: en },
  { lang: 'fr', prefix: '/fr', texts: fr },
] as const;
const stamp = () => ({ updatedBy: 'e2e', updatedAt: FieldValue.serverTimestamp() });
const row = (page: Page, table: string, text: string) =>
  page.getByTestId(table).locator('.MuiDataGrid-row', { hasText: text });

/** A warehouse (sorted first in Quebec) with one rack, one host device and two devices on its ports. */
async function putTree(id: string) {
  const db = adminDb();
  const ids = { warehouse: `0-${id}`, rack: `R-${id}`, host: `H-${id}`, devices: [`D1-${id}`, `D2-${id}`] };
  await db
    .collection(STAGING_LISTS.warehouses)
    .doc(ids.warehouse)
    .set({ name: `Depot ${id}`, province: 'QC', ...stamp() });
  await db
    .collection(STAGING_LISTS.racks)
    .doc(ids.rack)
    .set({ name: `Rack ${id}`, warehouseId: ids.warehouse, ...stamp() });
  await db
    .collection(STAGING_LISTS.hosts)
    .doc(ids.host)
    .set({
      name: `sw-${id}`,
      rackId: ids.rack,
      rackOrder: 10,
      model: 'EX2300-48P',
      firmware: '23.4R2-S3',
      ...stamp(),
    });
  const hex = Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .toUpperCase()
    .padStart(6, '0');
  for (const [n, device] of ids.devices.entries())
    await db
      .collection(STAGING_LISTS.connected)
      .doc(device)
      .set({
        macAddress: `5A7E${hex}0${n + 1}`,
        hostDeviceId: ids.host,
        portNumber: n + 1,
        state: 'waiting',
        ...stamp(),
      });
  return ids;
}

describe('generic staging (/juniper-stage)', () => {
  const browser = useBrowser();
  afterAll(async () => {
    await closeAdmin();
    await closeAdminDb();
  });

  for (const { lang, prefix, texts } of LANGUAGES)
    it(`when an installer opens the generic staging page (${lang}), then the tree appears read-only, a device that changes is flagged and the flag clears, and Reset empties it`, async () => {
      const id = runId();
      const tree = await putTree(id);
      const page = await browser.newPage();
      await signInFast(page, await createUser(`generic-install-${lang}`, ['install']));
      await page.goto(`${prefix}/juniper-stage`);
      expect(await page.getByTestId('network-access').textContent()).toBe(texts.networkAccess);
      await page.getByTestId('province-QC').click();
      await row(page, 'warehouses', tree.warehouse).click();
      await expect.poll(() => row(page, 'racks', tree.rack).count(), { timeout: 20_000 }).toBe(1);
      await expect.poll(() => row(page, 'hosts', `sw-${id}`).count()).toBe(1);
      // The host device's firmware against the approved list (none seeded here: no approved version).
      expect(await row(page, 'hosts', `sw-${id}`).getByTestId('host-firmware').textContent()).toContain(
        texts.generic.firmware.unknown,
      );
      await expect.poll(() => page.getByTestId('devices').locator('.MuiDataGrid-row').count()).toBe(2);
      expect(await page.getByTestId('warehouses-read-only').count()).toBe(1);
      expect(await page.getByTestId('warehouses-add').count()).toBe(0);
      await expect.poll(() => page.getByTestId('connection').getAttribute('data-state')).toBe('live');

      // The device that changes is flagged, and the flag clears (its second is tested on fake timers).
      const flag = await watchRowFlag(
        page,
        `[data-testid="devices"] .MuiDataGrid-row[data-id="${tree.devices[0]}"]`,
      );
      await adminDb()
        .collection(STAGING_LISTS.connected)
        .doc(tree.devices[0]!)
        .update({ state: 'provisioning', ...stamp() });
      await flag.flaggedThenCleared();
      expect(
        await page
          .getByTestId('devices')
          .locator(`.MuiDataGrid-row[data-id="${tree.devices[0]}"]`)
          .getByTestId('device-state')
          .getAttribute('data-state'),
      ).toBe('provisioning');

      await page.getByTestId('stream-reset').click();
      await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBe(0);
      expect(await page.getByTestId('connection').getAttribute('data-state')).toBe('stopped');
      await page.getByTestId('stream-start').click();
      await expect.poll(() => page.getByTestId('connection').getAttribute('data-state')).toBe('live');
      await page.close();
    });

  for (const { lang, prefix, texts } of LANGUAGES)
    it(`when engineering adds a warehouse and a rack (${lang}), then the warehouse cannot be deleted while it holds the rack, and can once it is empty`, async () => {
      const id = runId();
      const warehouse = `0-W${id}`;
      const page = await browser.newPage();
      await signInFast(page, await createUser(`generic-eng-${lang}`, ['engineering']));
      await page.goto(`${prefix}/juniper-stage`);
      await page.getByTestId('province-QC').click();
      await expect
        .poll(() => page.getByTestId('connection').getAttribute('data-state'), { timeout: 20_000 })
        .toBe('live');

      await page.getByTestId('warehouses-add').click();
      await page.getByTestId('field-id').fill(warehouse);
      await page.getByTestId('field-name').fill(`Entrepôt ${id}`);
      await page.getByTestId('warehouses-dialog-save').click();
      await expect.poll(() => row(page, 'warehouses', warehouse).count(), { timeout: 20_000 }).toBe(1);
      await row(page, 'warehouses', warehouse).click();

      // The new rack goes under the chosen warehouse.
      await page.getByTestId('racks-add').click();
      await page.getByTestId('field-id').fill(`R${id}`);
      await page.getByTestId('field-name').fill('Rack Z');
      await page.getByTestId('racks-dialog-save').click();
      await expect.poll(() => row(page, 'racks', `R${id}`).count(), { timeout: 20_000 }).toBe(1);
      // The functions count the rack into the warehouse; the table shows it live.
      await expect
        .poll(
          async () =>
            (await adminDb().collection(STAGING_LISTS.warehouses).doc(warehouse).get()).get(
              CHILD_COUNT_FIELD,
            ),
          {
            timeout: 20_000,
          },
        )
        .toBe(1);
      // The page's listener brings the count a moment after the database has it.
      await expect
        .poll(() => row(page, 'warehouses', warehouse).locator('[data-field="childCount"]').textContent(), {
          timeout: 20_000,
        })
        .toBe('1');

      await row(page, 'warehouses', warehouse).getByTestId('row-delete').click();
      const refused = page.getByTestId('holds-dialog');
      await expect.poll(() => refused.textContent()).toContain(texts.generic.cannotDelete);
      expect(await page.getByTestId('confirm-delete').count()).toBe(0);
      await refused.getByRole('button').click();

      await row(page, 'racks', `R${id}`).getByTestId('row-delete').click();
      await page.getByTestId('confirm-delete-yes').click();
      await expect.poll(() => row(page, 'racks', `R${id}`).count(), { timeout: 20_000 }).toBe(0);
      await expect
        .poll(() => row(page, 'warehouses', warehouse).locator('[data-field="childCount"]').textContent(), {
          timeout: 20_000,
        })
        .toBe('0');
      await row(page, 'warehouses', warehouse).getByTestId('row-delete').click();
      await page.getByTestId('confirm-delete-yes').click();
      await expect.poll(() => row(page, 'warehouses', warehouse).count(), { timeout: 20_000 }).toBe(0);
      await page.close();
    });

  it('when support1 opens the generic staging page, then it has no access, in both languages', async () => {
    const page = await browser.newPage();
    await signInFast(page, await createUser('generic-support1', ['support1']));
    await page.goto('/juniper-stage');
    await expect
      .poll(() => page.getByTestId('status-message').textContent())
      .toBe('Sorry, you do not have access to the site.');
    await page.goto('/fr/juniper-stage');
    await expect
      .poll(() => page.getByTestId('status-message').textContent())
      .toBe("Désolé, vous n'avez pas accès au site.");
    await page.close();
  });
});
