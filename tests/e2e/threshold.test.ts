import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import en from '../../hosting/src/locales/en/admin.json';
import fr from '../../hosting/src/locales/fr/admin.json';
import enCommon from '../../hosting/src/locales/en/common.json';
import frCommon from '../../hosting/src/locales/fr/common.json';
import { catalogue, SIMULATOR } from '../../harness/api-client';
import { useBrowser } from '../../harness/browser';
import { THRESHOLD_COLLECTIONS } from '@insight/common/threshold';
import { seedThresholdSet } from '@insight/common/threshold-seed';
import { adminDb, closeAdminDb, putThreshold, putThresholdSeed, runId } from '../../harness/firestore';
import { THRESHOLD_CACHE } from '../../functions/src/config/cache-ages';
import { closeAdmin, createUser, signInFast } from '../../harness/users';

const row = (page: Page, id: string) => page.locator('.MuiDataGrid-row', { hasText: id });

/** Edits one rule through its dialog: the search narrows the table to it, then min. and max. are typed. */
async function editRule(page: Page, id: string, bounds: { rangeMin?: string; rangeMax?: string }) {
  await page.getByTestId('threshold-search').fill(id);
  await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBe(1);
  await row(page, id).getByTestId('row-edit').click();
  const dialog = page.getByTestId('rule-dialog');
  for (const [field, value] of Object.entries(bounds)) await page.getByTestId(`field-${field}`).fill(value);
  // Saved: the dialog closes. Refused: the write error modal says why over the dialog, which keeps what was
  // typed; the save is tried once more, as a user would, and a second refusal fails the test with its text.
  const refusal = page.getByTestId('write-error-message');
  for (let attempt = 1; ; attempt += 1) {
    await page.getByTestId('rule-dialog-save').click();
    // Each wait ends with its answer or, past Playwright's limit, null (the other one's wait left running).
    const outcome = await Promise.race([
      dialog.waitFor({ state: 'hidden' }).then(
        () => 'saved' as const,
        () => null,
      ),
      refusal.waitFor().then(
        async () => (await refusal.textContent()) ?? '',
        () => null,
      ),
    ]);
    if (outcome === 'saved') return;
    if (outcome === null) throw new Error(`The save of ${id} neither closed its dialog nor was refused`);
    if (attempt === 2) throw new Error(`The save of ${id} was refused twice: ${outcome}`);
    console.log(`threshold: the save of ${id} was refused once (${outcome}); saving again`);
    await page.getByTestId('write-error').getByRole('button').click();
    await refusal.waitFor({ state: 'hidden' });
  }
}

/**
 * Opens the 360 view of `mac` (under `prefix`: '' or '/fr') until its receive-power chip shows `grade`,
 * while the API's threshold cache may still hold the rules before a save: views are asked for until one
 * shows it, for as long as the cache keeps an entry (`THRESHOLD_CACHE.maxAgeMs`, tested on an injected
 * clock in functions/src/domain/grading/threshold-source.test.ts) and a page load more. Without
 * `waitForCache`, one view. What the last view showed.
 */
async function gradeShown(page: Page, mac: string, grade: string, { waitForCache = true, prefix = '' } = {}) {
  const deadline = Date.now() + THRESHOLD_CACHE.maxAgeMs + 30_000;
  let seen: { grade: string | null; rule: string | null; label: string | null };
  do {
    await page.goto(`${prefix}/i/mac/${mac}`);
    const chip = page.getByTestId('grade-rx');
    await chip.waitFor({ timeout: 30_000 });
    seen = {
      grade: await chip.getAttribute('data-grade'),
      rule: await chip.getAttribute('data-rule'),
      label: await chip.getAttribute('aria-label'),
    };
  } while (seen.grade !== grade && waitForCache && Date.now() < deadline);
  return seen;
}

/** The seeded receive-power definition's name in each language. */
const RX_NAME = { en: 'ONU receive power', fr: 'Puissance reçue ONU' } as const;
describe('threshold manager', () => {
  const browser = useBrowser();
  beforeAll(putThresholdSeed);
  afterAll(async () => {
    await closeAdmin();
    await closeAdminDb();
  });

  it('when engineering narrows the GPON receive-power pass range (English), then a passing device warns once the API’s rules cache lets the change through, explained by the new rule; restoring it (French) restores pass', async () => {
    // A GPON device that passes today, far enough inside the pass range to move the bound past it.
    const candidates = (await catalogue('power-pass', 60)).filter((device) => device.networkType === 'GPON');
    let device: { mac: string; rx: number } | undefined;
    for (const candidate of candidates) {
      const state = (await (
        await fetch(`${SIMULATOR}/api/fe/wan/v1/pon/onu/${candidate.mac}/state`)
      ).json()) as {
        rx_pwr: number;
      };
      if (state.rx_pwr <= -13 && state.rx_pwr >= -23) {
        device = { mac: candidate.mac, rx: state.rx_pwr };
        break;
      }
    }
    expect(device, 'a GPON device between −23 and −13 dBm').toBeDefined();
    const bound = String(Math.ceil(device!.rx) + 1);
    // A failure before the bounds are restored puts the seeded ones back: the files running beside this
    // one grade GPON devices with them.
    onTestFailed(async () => {
      for (const id of ['GPON-rxPower-PASS', 'GPON-rxPower-WARN-LOW'])
        await putThreshold(
          'rules',
          seedThresholdSet().rules.find((rule) => rule.tdId === id)!,
        );
    });

    const page = await browser.newPage();
    await signInFast(page, await createUser('threshold-eng', ['engineering']));
    const before = await gradeShown(page, device!.mac, 'pass', { waitForCache: false });
    expect(before.grade).toBe('pass');
    expect(before.rule).toBe('GPON-rxPower-PASS');

    await page.goto('/threshold');
    await editRule(page, 'GPON-rxPower-PASS', { rangeMin: bound });
    await editRule(page, 'GPON-rxPower-WARN-LOW', { rangeMax: bound });
    // The list shows the save once its listener hears of it (the dialog closes when the API has written it).
    await expect
      .poll(() => row(page, 'GPON-rxPower-WARN-LOW').textContent(), { timeout: 20_000 })
      .toContain(`−27 ≤ x ≤ −${bound.replace('-', '')} dBm`);
    const warned = await gradeShown(page, device!.mac, 'warn');
    expect(warned.grade).toBe('warn');
    expect(warned.rule).toBe('GPON-rxPower-WARN-LOW');
    expect(warned.label).toContain(
      `rule GPON-rxPower-WARN-LOW (default rule): −27 ≤ x ≤ −${bound.replace('-', '')} dBm`,
    );
    // The French view explains the same rule in French.
    const warnedFr = await gradeShown(page, device!.mac, 'warn', { waitForCache: false, prefix: '/fr' });
    expect(warnedFr.grade).toBe('warn');
    expect(warnedFr.label).toContain(
      `avertissement, règle GPON-rxPower-WARN-LOW (règle par défaut) : −27 ≤ x ≤ −${bound.replace('-', '')} dBm`,
    );

    // Restored in French, in the order the overlap check allows, and seen in the French view.
    await page.goto('/fr/threshold');
    await editRule(page, 'GPON-rxPower-WARN-LOW', { rangeMax: '-25' });
    await editRule(page, 'GPON-rxPower-PASS', { rangeMin: '-25' });
    const restored = await gradeShown(page, device!.mac, 'pass', { prefix: '/fr' });
    expect(restored.grade).toBe('pass');
    expect(restored.rule).toBe('GPON-rxPower-PASS');
    expect(restored.label).toContain('réussi, règle GPON-rxPower-PASS (règle par défaut) : −25 ≤ x ≤ −9 dBm');

    // The change history has both edits of the pass rule, with the bound before and after.
    await page.goto(
      `/audit?collection=${encodeURIComponent('threshold_manager/configuration/rules')}&docId=GPON-rxPower-PASS`,
    );
    // Both edits, each with its bound before and after (other files' seeds may have left updates of
    // their own in the history before this test: the count of updates depends on the files' order).
    const grid = page.getByTestId('audit-grid');
    await expect
      .poll(
        async () => {
          const text = (await grid.textContent()) ?? '';
          return [`rangeMin: -25 → ${bound}`, `rangeMin: ${bound} → -25`].filter((edit) =>
            text.includes(edit),
          );
        },
        { timeout: 20_000 },
      )
      .toHaveLength(2);
    expect(await grid.textContent()).toContain(en.audit.operations.listUpdate);
    // Four edits, five views and the history: 41–52 s in clean-clone runs beside the other lane, over a
    // minute once.
  }, 120_000);

  for (const { lang, prefix, admin, common } of [
    { lang: 'en', prefix: '', admin: en, common: enCommon },
    { lang: 'fr', prefix: '/fr', admin: fr, common: frCommon },
  ] as const)
    it(`when a rule overlaps another or has neither range nor alpha (${lang}), then the save is refused with the SPEC message; the test box names the rule that applies`, async () => {
      const page = await browser.newPage();
      await signInFast(page, await createUser(`threshold-form-${lang}`, ['engineering']));
      await page.goto(`${prefix}/threshold`);
      await page.getByTestId('rules-table-add').click();
      const dialog = page.getByTestId('rule-dialog');
      await page.getByTestId('field-tdId').fill(`E2E-${lang}`);
      await page.getByTestId('field-definitionName').click();
      await page.getByRole('option', { name: /DEF-rxPower/ }).click();
      await page.getByTestId('rule-dialog-save').click();
      await expect.poll(() => dialog.textContent()).toContain(common.validation.oneOfMinMaxAlpha);
      await page.getByTestId('field-rangeMin').fill('-26');
      await page.getByTestId('field-rangeMax').fill('-20');
      await page.getByTestId('rule-dialog-save').click();
      await expect.poll(() => dialog.textContent()).toContain(common.validation.rangeOverlap);
      await page.getByTestId('field-rangeMax').fill('-30');
      await page.getByTestId('rule-dialog-save').click();
      await expect.poll(() => dialog.textContent()).toContain(common.validation.minLessThanMax);
      await page.getByTestId('field-rangeMin').fill('');
      await page.getByTestId('field-rangeMax').fill('');
      await page.getByTestId('field-alphaValue').fill('x');
      await page.getByTestId('field-tdId').fill('GPON-rxPower-PASS');
      expect(await page.getByTestId('rule-dialog-notice').textContent()).toBe(admin.threshold.idExists);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      await page.getByTestId('test-definition').click();
      // The definition's name in the page's language (the data holds both).
      await page.getByRole('option', { name: RX_NAME[lang], exact: true }).click();
      await page.getByTestId('test-value').fill('-26');
      await expect
        .poll(() => page.getByTestId('test-reason').getAttribute('data-rule'))
        .toBe('GPON-rxPower-WARN-LOW');
      await page.getByTestId('test-value').fill('-40');
      await expect
        .poll(() => page.getByTestId('test-reason').getAttribute('data-rule'))
        .toBe('GPON-rxPower-FAIL-LOW');

      // One search across the three tables.
      await page.getByTestId('threshold-search').fill('XS-010X-Q');
      await expect.poll(() => page.getByTestId('matches-variants').textContent()).toBe('1');
      expect(await page.getByTestId('matches-rules').textContent()).toBe('0');
      await page.getByTestId('matches-variants').click();
      await expect.poll(() => page.url()).toContain(`${prefix}/threshold/variants`);
      await expect.poll(() => row(page, 'GPON-XGS').count()).toBe(1);
    });

  for (const { lang, prefix, admin, common } of [
    { lang: 'en', prefix: '', admin: en, common: enCommon },
    { lang: 'fr', prefix: '/fr', admin: fr, common: frCommon },
  ] as const)
    it(`when engineering deletes threshold records (${lang}), then a definition or variant that rules use is refused with how many, an unused record is deleted, and a taken variant name or model is a duplicate`, async () => {
      const id = runId();
      const variantId = `E2E-V-${id}`;
      const ruleId = `E2E-R-${id}`;
      const model = `E2E-MODEL-${id}`;
      await putThreshold('variants', {
        tdId: variantId,
        variantName: `E2E variant ${id}`,
        technology: 'GPON',
        identifier: null,
        variants: [model],
        description: null,
      });
      await putThreshold('rules', {
        tdId: ruleId,
        definitionName: 'DEF-rssi',
        technology: 'GPON',
        variantName: variantId,
        isDefault: false,
        rangeMin: -60,
        rangeMax: null,
        alphaValue: null,
        result: 'pass',
        version: null,
        description: null,
      });
      const exists = async (kind: keyof typeof THRESHOLD_COLLECTIONS, docId: string) =>
        (await adminDb().collection(THRESHOLD_COLLECTIONS[kind]).doc(docId).get()).exists;
      const inUse = (count: number) =>
        (count === 1 ? admin.threshold.inUse_one : admin.threshold.inUse_other).replace(
          '{{count}}',
          String(count),
        );
      const page = await browser.newPage();
      await signInFast(page, await createUser(`threshold-delete-${lang}`, ['engineering']));

      /** Searches the screen for one record and clicks its delete action. */
      const deleteRow = async (path: string, docId: string) => {
        await page.goto(`${prefix}${path}`);
        await page.getByTestId('threshold-search').fill(docId);
        await expect.poll(() => row(page, docId).count(), { timeout: 20_000 }).toBe(1);
        await row(page, docId).getByTestId('row-delete').click();
      };
      const refusal = page.getByTestId('in-use-dialog');
      const closeRefusal = async () => {
        await refusal.getByRole('button', { name: admin.netManage.close }).click();
        await refusal.waitFor({ state: 'hidden' });
      };

      // A definition that rules use: refused, saying how many rules use it.
      const rxRules = await adminDb()
        .collection(THRESHOLD_COLLECTIONS.rules)
        .where('definitionName', '==', 'DEF-rxPower')
        .count()
        .get();
      await deleteRow('/threshold/definitions', 'DEF-rxPower');
      await expect.poll(() => refusal.textContent()).toContain(inUse(rxRules.data().count));
      expect(await refusal.textContent()).toContain(
        admin.threshold.deleteRefusedTitle.replace('{{name}}', RX_NAME[lang]),
      );
      expect(await page.getByTestId('confirm-delete').count()).toBe(0);
      await closeRefusal();
      expect(await exists('definitions', 'DEF-rxPower')).toBe(true);

      // A variant that one rule uses: refused too.
      await deleteRow('/threshold/variants', variantId);
      await expect.poll(() => refusal.textContent()).toContain(inUse(1));
      await closeRefusal();
      expect(await exists('variants', variantId)).toBe(true);

      // The rule is deleted through the screen, after the confirmation of docs/requirements.md, "Admin kit".
      await deleteRow('/threshold', ruleId);
      const confirm = page.getByTestId('confirm-delete');
      await expect.poll(() => confirm.textContent()).toContain(common.adminKit.confirmDelete);
      await page.getByTestId('confirm-delete-yes').click();
      await confirm.waitFor({ state: 'hidden' });
      await expect.poll(() => row(page, ruleId).count()).toBe(0);
      expect(await exists('rules', ruleId)).toBe(false);

      // No rule uses the variant any more: it is deleted (once the trigger has counted the rule out; the
      // screen refuses while the kept count says a rule uses it).
      await expect
        .poll(
          async () =>
            (await adminDb().collection(THRESHOLD_COLLECTIONS.variants).doc(variantId).get()).get(
              'ruleCount',
            ),
          { timeout: 60_000 },
        )
        .toBe(0);
      await deleteRow('/threshold/variants', variantId);
      await page.getByTestId('confirm-delete-yes').click();
      await confirm.waitFor({ state: 'hidden' });
      await expect.poll(() => row(page, variantId).count()).toBe(0);
      expect(await exists('variants', variantId)).toBe(false);

      // A new variant may not take another's name or one of its models.
      await page.getByTestId('threshold-search').fill('');
      await page.getByTestId('variants-table-add').click();
      const dialog = page.getByTestId('variant-dialog');
      await page.getByTestId('field-tdId').fill(`E2E-DUP-${id}`);
      await page.getByTestId('field-variantName').fill('xgs pon optics');
      await page.getByTestId('field-variants').fill(`${model}, Nokia XS-010X-Q`);
      await page.getByTestId('variant-dialog-save').click();
      await expect
        .poll(() =>
          dialog
            .locator('.MuiFormHelperText-root.Mui-error', { hasText: common.validation.duplicate })
            .count(),
        )
        .toBe(2);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await exists('variants', `E2E-DUP-${id}`)).toBe(false);
    });

  it('when operation opens the thresholds, then the tables are read-only; support1 has no access', async () => {
    const page = await browser.newPage();
    await signInFast(page, await createUser('threshold-op', ['operation']));
    await page.goto('/threshold/definitions');
    await page.getByTestId('definitions-table-read-only').waitFor();
    await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBeGreaterThan(3);
    expect(await page.getByTestId('definitions-table-add').count()).toBe(0);
    expect(await page.getByTestId('row-edit').count()).toBe(0);

    const other = await browser.newPage();
    await signInFast(other, await createUser('threshold-s1', ['support1']));
    await other.goto('/threshold');
    await expect
      .poll(() => other.getByTestId('status-message').textContent())
      .toBe('Sorry, you do not have access to the site.');
    await other.goto('/fr/threshold/variants');
    await expect
      .poll(() => other.getByTestId('status-message').textContent())
      .toBe("Désolé, vous n'avez pas accès au site.");
  });

  it('when engineering imports variants from a CSV in French, then the row with both languages is written and listed in French, and the new row without French is refused with its message', async () => {
    const id = runId();
    const page = await browser.newPage();
    await signInFast(page, await createUser('threshold-import', ['engineering']));
    await page.goto('/fr/threshold/variants');
    await page.getByTestId('variants-import').click();
    await page
      .getByTestId('import-text')
      .fill(
        [
          'tdId,variantName,variantNameFr,technology,variants,description,descriptionFr',
          `E2E-IMP-${id},Imported optics ${id},Optique importée ${id},EPON,"E2E-IMP-A-${id}, E2E-IMP-B-${id}",Imported,Importée`,
          `E2E-NOFR-${id},Untranslated optics ${id},,EPON,E2E-NOFR-${id},,`,
        ].join('\n'),
      );
    await page.getByTestId('import-check').click();
    await expect
      .poll(() => page.getByTestId('import-summary').textContent())
      .toBe('1 ligne valide, 1 ligne avec erreurs (non importées).');
    expect(await page.getByTestId('import-error-row').textContent()).toContain(
      `${fr.threshold.fields.nameFr} : ${frCommon.validation.frenchRequired}`,
    );
    await page.getByTestId('import-write').click();
    await expect.poll(() => page.getByTestId('import-result').textContent()).toBe('1 ligne écrite.');
    const stored = (
      await adminDb().collection(THRESHOLD_COLLECTIONS.variants).doc(`E2E-IMP-${id}`).get()
    ).data();
    expect(stored).toMatchObject({
      variantName: `Imported optics ${id}`,
      variantNameFr: `Optique importée ${id}`,
      variants: [`E2E-IMP-A-${id}`, `E2E-IMP-B-${id}`],
      descriptionFr: 'Importée',
    });
    expect(
      (await adminDb().collection(THRESHOLD_COLLECTIONS.variants).doc(`E2E-NOFR-${id}`).get()).exists,
    ).toBe(false);
    await page.getByRole('button', { name: frCommon.adminKit.close }).click();
    await page.getByTestId('threshold-search').fill(id);
    await row(page, `E2E-IMP-${id}`).getByText(`Optique importée ${id}`).waitFor();
  });
});
