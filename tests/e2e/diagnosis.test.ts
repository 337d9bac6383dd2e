/**
 * The diagnosis of the 360 view end to end (README, "Diagnosis"): an agent opens a faulty device, sees the
 * finding in the first screen, takes the suggested operation and the finding follows; a healthy device has
 * none and scores 5; two lookups with the simulator's values changed between them say what changed.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLAYBOOK_BY_KEY, DIAGNOSIS_COLLECTIONS } from '@insight/common/diagnosis-playbook';
import { seedPlaybook } from '../../scripts/lib/playbook-seed';
import { api, catalogue, eventually, idTokenFor, SIMULATOR } from '../../harness/api-client';
import { useBrowser } from '../../harness/browser';
import { PLAYBOOK_CACHE } from '../../functions/src/config/cache-ages';
import { adminDb, closeAdminDb, runId } from '../../harness/firestore';
import { closeAdmin, createUser, signInFast } from '../../harness/users';

/** Opens the device's 360 view until its findings are complete; the text of the finding `id`. */
async function findingText(page: Page, mac: string, id: string): Promise<string> {
  await page.goto(`/i/mac/${mac}`);
  const findings = page.getByTestId('findings');
  await expect.poll(() => findings.getAttribute('data-state'), { timeout: 20_000 }).toBe('complete');
  return (await page.getByTestId(`finding-${id}`).textContent()) ?? '';
}

describe('diagnosis in the 360 view', () => {
  const browser = useBrowser();
  afterAll(async () => {
    await closeAdmin();
    await closeAdminDb();
  });

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
    // A record, not an outage: the score keeps its 5 and the confidence says what is missing.
    expect(await page.getByTestId('experience-score').getAttribute('data-score')).toBe('5');
    expect(await page.getByTestId('experience-score').getAttribute('data-confidence')).toBe('medium');
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
    // The minute this agent's view opens in: its look is stored under that minute, unless another file's
    // view of the same device stored one there first (one look per device and minute), which stands for it.
    const openedMinute = Math.floor(Date.now() / 60_000);
    await page.goto(`/i/mac/${mac}`);
    await page.getByTestId('findings-healthy').waitFor({ timeout: 20_000 });
    // The complete view's look is stored after the answer (one per minute).
    const { token, close } = await idTokenFor(user);
    try {
      // The looks before the change: this agent's (or the one of its minute), and any other file's.
      const { first, lookers } = await eventually(async () => {
        const res = await api(token, `/360/${mac}/looks`);
        const looks = res.body.looks as Array<{
          by: string;
          at: string;
          measures: { rxPower?: { value: number } };
        }>;
        const own = looks.find(
          (look) =>
            look.by === user.email.split('@')[0] || Math.floor(Date.parse(look.at) / 60_000) >= openedMinute,
        );
        return own && { first: own, lookers: looks.map((look) => look.by) };
      });
      const before = first.measures.rxPower!.value;
      await fetch(`${SIMULATOR}/_sim/devices/${mac}/measurements`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rxPower: -27.8 }),
      });
      // The view reads the device again, bypassing the API's cache, until it shows the change.
      const change = page.getByTestId('change-rxPower');
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.getByTestId('findings').waitFor();
            await page.getByRole('button', { name: 'Refresh all' }).click();
            return change.waitFor({ timeout: 10_000 }).then(
              () => true,
              () => false,
            );
          },
          { timeout: 45_000, interval: 0 },
        )
        .toBe(true);
      const text = (await change.textContent())!;
      expect(text).toContain(`${String(before).replace('-', '−')} dBm → −27.8 dBm`);
      // Who looked before the change: this agent, or one of another file's that opened the same device.
      expect(lookers).toContain(/looked at by ([\w.-]+)/.exec(text)?.[1]);
      expect(await page.getByTestId('finding-rxPower').getAttribute('data-key')).toBe('rxPower.fail');
      // One fail the customer feels costs 3 points (docs/diagnosis.md, "Weights").
      expect(await page.getByTestId('experience-score').getAttribute('data-score')).toBe('2');
    } finally {
      await fetch(`${SIMULATOR}/_sim/devices/${mac}/measurements`, { method: 'DELETE' });
      await close();
      await page.close();
    }
  });
  it('when engineering edits a playbook entry’s next step, then the 360 view of a faulty device shows the new text once the API’s playbook cache lets it through', async () => {
    const key = 'rxPower.fail';
    const builtIn = DEFAULT_PLAYBOOK_BY_KEY[key]!;
    const [device] = await catalogue('dx-power-fail');
    const mac = device!.mac;
    // The playbook as `npm start` seeds it (create-only: an entry already there is kept).
    await seedPlaybook(adminDb());
    const entry = adminDb().collection(DIAGNOSIS_COLLECTIONS.playbook).doc(key);
    const step = `Clean the connector at the ONU with a one-click cleaner, then read the power again (${runId()}).`;

    const agent = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    // Routing turns the browser's HTTP cache off: each view asks the API for the playbook (it answers
    // with max-age=60, which would hide the API's own cache time).
    await agent.route('**/api/diagnosis/playbook', (route) => route.continue());
    await signInFast(agent, await createUser('dx-playbook-agent', ['support2']));
    const engineer = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInFast(engineer, await createUser('dx-playbook-eng', ['engineering']));
    try {
      // Before the edit: the faulty device's finding says the seeded next step (the check can fail).
      const before = await findingText(agent, mac, 'rxPower');
      expect(before).toContain(builtIn.stepEn);
      expect(before).not.toContain(step);

      // Engineering edits the English next step on /threshold/playbook.
      await engineer.goto('/threshold/playbook');
      await engineer.getByRole('searchbox').first().fill(key);
      const row = engineer
        .locator('.MuiDataGrid-row')
        .filter({ has: engineer.locator('[data-field="id"]', { hasText: /^rxPower\.fail$/ }) });
      await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
      await row.getByTestId('row-edit').click();
      const dialog = engineer.getByTestId('playbook-dialog');
      expect(await engineer.getByTestId('field-stepEn').inputValue()).toBe(builtIn.stepEn);
      await engineer.getByTestId('field-stepEn').fill(step);
      await engineer.getByTestId('playbook-dialog-save').click();
      await dialog.waitFor({ state: 'hidden' });
      // Written through the API (stamped with its author), and shown live in the list.
      await expect.poll(() => row.textContent()).toContain(step);
      const stored = (await entry.get()).data()!;
      expect(stored).toMatchObject({ key, stepEn: step, stepFr: builtIn.stepFr, titleEn: builtIn.titleEn });
      expect(stored.updatedBy).toMatch(/^e2e-dx-playbook-eng-/);

      // The 360 view of the faulty device says the new next step once the API's cache has let it through
      // (its age is tested on an injected clock: functions/src/domain/cache/cached-source.test.ts): a view
      // asked for every 2 s until one says it, for as long as the cache keeps an entry and a page load more.
      let text = '';
      await expect
        .poll(async () => (text = await findingText(agent, mac, 'rxPower')), {
          timeout: PLAYBOOK_CACHE.maxAgeMs + 30_000,
          interval: 2000,
        })
        .toContain(step);
      expect(text).not.toContain(builtIn.stepEn);
      expect(await agent.getByTestId('finding-rxPower').getAttribute('data-key')).toBe(key);
    } finally {
      // The seeded entry again, for the other tests of this run.
      await entry.set({ ...builtIn, updatedAt: new Date(), updatedBy: 'system:seed' });
      await agent.close();
      await engineer.close();
    }
    // Above 120 s: the API keeps a playbook entry up to a minute (PLAYBOOK_CACHE), and two pages load around it.
  }, 150_000);
});
