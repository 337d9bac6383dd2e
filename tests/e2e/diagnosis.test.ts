/**
 * The diagnosis of the 360 view end to end (README, "Diagnosis"): an agent opens a faulty device, sees the
 * finding in the first screen, takes the suggested operation and the finding follows; a healthy device has
 * none and scores 5; two lookups with the simulator's values changed between them say what changed.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { api, catalogue, eventually, idTokenFor, SIMULATOR } from './support/api-client';
import { useBrowser } from './support/browser';
import { closeAdmin, createUser, signInFast } from './support/users';

describe('diagnosis in the 360 view', () => {
  const browser = useBrowser();
  afterAll(closeAdmin);

  it('an installer on a phone sees the missing certificate first, generates it from the finding, and the finding goes', async () => {
    const [device] = await catalogue('dx-no-bc');
    const height = 844;
    const page = await browser.newPage({ viewport: { width: 390, height } });
    await signInFast(page, await createUser('dx-install', ['install']));
    await page.goto(`/fr/i/mac/${device!.mac}`);
    const findings = page.getByTestId('findings');
    await expect.poll(() => findings.getAttribute('data-state'), { timeout: 20_000 }).toBe('complete');
    const finding = page.getByTestId('finding-bc');
    expect(await finding.getAttribute('data-key')).toBe('bcMissing');
    expect(await page.getByTestId('experience-score').getAttribute('data-score')).toBe('4');
    // The finding's title is in the first screen, above the customer card.
    const box = (await finding.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + 40).toBeLessThanOrEqual(height);
    const card = (await page.getByTestId('customer-collapse').boundingBox()) ?? { y: Infinity };
    expect(box.y).toBeLessThan(card.y);
    // Keyboard: the finding's button is reached and pressed without a mouse.
    await page.getByTestId('finding-action-bc').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('finding-regenerate-dialog').getByRole('button', { name: 'Confirmer' }).click();
    await expect.poll(() => finding.count(), { timeout: 15_000 }).toBe(0);
    expect(await page.getByTestId('findings-healthy').isVisible()).toBe(true);
    expect(await page.getByTestId('experience-score').getAttribute('data-score')).toBe('5');
    const records = (await (
      await fetch(`${SIMULATOR}/_sim/records?kind=bc&mac=${device!.mac}`)
    ).json()) as unknown[];
    expect(records.length).toBeGreaterThan(0);
    await page.close();
  });

  it('a device looked at, changed, and looked at again says what changed since the first look, and who looked', async () => {
    const [device] = await catalogue('dx-healthy');
    const mac = device!.mac;
    const user = await createUser('dx-support', ['support2']);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInFast(page, user);
    await page.goto(`/i/mac/${mac}`);
    await page.getByTestId('findings-healthy').waitFor({ timeout: 20_000 });
    // The complete view's look is stored after the answer (one per minute).
    const { token, close } = await idTokenFor(user);
    try {
      const first = await eventually(async () => {
        const res = await api(token, `/360/${mac}/looks`);
        const looks = res.body.looks as Array<{ by: string; measures: { rxPower?: { value: number } } }>;
        return looks.find((look) => look.by === user.email.split('@')[0]);
      });
      const before = first.measures.rxPower!.value;
      await fetch(`${SIMULATOR}/_sim/devices/${mac}/measurements`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rxPower: -27.8 }),
      });
      await page.waitForTimeout(1100);
      await page.reload();
      await page.getByTestId('findings').waitFor();
      // The view reads the device again, bypassing the API's cache.
      await page.getByRole('button', { name: 'Refresh all' }).click();
      const change = page.getByTestId('change-rxPower');
      await change.waitFor({ timeout: 20_000 });
      const text = (await change.textContent())!;
      expect(text).toContain(`${String(before).replace('-', '−')} dBm → −27.8 dBm`);
      expect(text).toContain(`looked at by ${user.email.split('@')[0]}`);
      expect(await page.getByTestId('finding-rxPower').getAttribute('data-key')).toBe('rxPower.fail');
      expect(await page.getByTestId('experience-score').getAttribute('data-score')).toBe('3');
    } finally {
      await fetch(`${SIMULATOR}/_sim/devices/${mac}/measurements`, { method: 'DELETE' });
      await close();
      await page.close();
    }
  });
});
