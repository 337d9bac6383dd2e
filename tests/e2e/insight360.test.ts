import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogue, eventually, SIMULATOR } from '../../harness/api-client';
import { seriousViolations } from '../../harness/axe';
import { ARTIFACTS, PORTAL, useBrowser } from '../../harness/browser';
import { closeAdmin, createUser, signInFast, type TestUser } from '../../harness/users';

const SECTIONS = ['section-customer', 'section-wan', 'section-lan', 'section-voice', 'section-bc'];
const sim = async <T>(path: string): Promise<T> => (await (await fetch(`${SIMULATOR}${path}`)).json()) as T;

/** Opens a view and waits until every section card on the current tab has its data or its error. */
async function openView(page: Page, mac: string, prefix = '', query = '') {
  await page.goto(`${prefix}/i/mac/${mac}${query}`);
  await page.waitForFunction(
    () => {
      const cards = [...document.querySelectorAll('[data-testid^=section-][data-state]')];
      const customerSettled =
        document.querySelector('[data-testid=mac-not-found]') ||
        document.querySelector('[data-testid=section-customer]');
      return (
        customerSettled &&
        cards.length >= 2 &&
        cards.every((card) => card.getAttribute('data-state') !== 'loading')
      );
    },
    null,
    { timeout: 30_000 },
  );
}

describe('Insight 360 screens', () => {
  const browser = useBrowser();
  process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080';
  const admin = initializeApp({ projectId: 'demo-insight' }, 'e2e-360');
  const users: Record<string, TestUser> = {};
  const userWith = async (role: 'support1' | 'support2' | 'support3' | 'install') =>
    (users[role] ??= await createUser(`360-${role}`, [role]));
  afterAll(async () => {
    await deleteApp(admin);
    await closeAdmin();
  });

  for (const [kind, prefix] of [
    ['epon', ''],
    ['gpon', '/fr'],
    ['voice', ''],
    ['many-pods', '/fr'],
    ['no-bc', ''],
    ['multi-billing', '/fr'],
  ] as const) {
    it(`when a ${kind} device is opened${prefix ? ' in French' : ''}, then the view shows the simulator's values`, async () => {
      const [device] = await catalogue(kind);
      const mac = device!.mac;
      const page = await browser.newPage();
      await signInFast(page, await userWith('support3'));
      await openView(page, mac, prefix);
      const language = prefix ? 'fr' : 'en';
      const account = await sim<{
        customerAccountNumber: string;
        contactList: Array<{ firstName: string; lastName: string; isPrimaryContact: boolean }>;
      }>(`/customer-accounts?deviceMac=${mac}&language=${language}`);
      const primary = account.contactList.find((c) => c.isPrimaryContact)!;
      expect(await page.getByTestId('customer-name').textContent()).toContain(`${primary.firstName}`);
      expect(await page.getByTestId('customer-name').textContent()).toContain(`${primary.lastName}`);
      expect(await page.getByTestId('customer-account').textContent()).toBe(account.customerAccountNumber);
      const details = await sim<{ networkType: string; networkGroup: string }>(
        `/api/fe/wan/v1/pon/onu/${mac}/details`,
      );
      expect(await page.getByTestId('network-type').textContent()).toBe(details.networkType);
      expect(await page.getByTestId('customer-head-end').textContent()).toBe(details.networkGroup);
      const firmware = await sim<{ current: string }>(`/api/fe/wan/v1/pon/onu/${mac}/firmware`);
      expect(await page.getByTestId('firmware-current').textContent()).toBe(firmware.current);
      const lan = await sim<{ pods: unknown[]; clients: unknown[] }>(`/api/fe/lan/v1/cpe/${mac}`);
      expect(await page.getByTestId('pod-count').textContent()).toBe(String(lan.pods.length));
      expect(await page.getByTestId('client-count').textContent()).toBe(String(lan.clients.length));
      if (kind === 'voice') {
        const rows = await page
          .locator('[data-testid^=voice-port-]')
          .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
        expect(rows).toEqual([...rows].sort());
        expect(rows.length).toBeGreaterThan(0);
      }
      if (kind === 'no-bc') {
        expect(await page.getByTestId('bc-none').textContent()).toContain(
          'This account has no Birth Certificate yet',
        );
      }
      if (kind === 'multi-billing') {
        expect(await page.getByTestId('customer-billing').textContent()).toMatch(/comptes de facturation/);
      }
      const rxGrade = await page.getByTestId('grade-rx').getAttribute('data-grade');
      expect(['pass', 'warn', 'fail']).toContain(rxGrade);
      expect(await page.getByTestId('grade-rx').getAttribute('aria-label')).toMatch(/dBm/);
    });
  }

  it('when a fault device is opened, then only its failing section shows an error and the others render', async () => {
    const page = await browser.newPage();
    await signInFast(page, await userWith('support1'));
    const expectations: Record<string, { failing: string[] }> = {
      malformedJson: { failing: ['section-lan'] },
      telephonyDown: { failing: ['section-voice'] },
      bcServerError: { failing: ['section-bc'] },
      customer500: { failing: ['section-customer'] },
    };
    for (const [fault, { failing }] of Object.entries(expectations)) {
      const [device] = await catalogue(`fault-${fault}`);
      await openView(page, device!.mac);
      for (const id of SECTIONS) {
        const state = await page.getByTestId(id).getAttribute('data-state');
        expect(`${fault} ${id} ${state}`).toBe(`${fault} ${id} ${failing.includes(id) ? 'error' : 'ready'}`);
      }
      if (fault === 'customer500')
        expect(await page.getByTestId('customer-error').textContent()).toMatch(/^Sorry, an error occurred: /);
    }
  });

  it('when the WAN upstream times out, then the WAN section shows its timeout error with a retry while the customer renders', async () => {
    const page = await browser.newPage();
    await signInFast(page, await userWith('support1'));
    const [device] = await catalogue('fault-wanTimeout');
    await openView(page, device!.mac);
    expect(await page.getByTestId('section-wan').getAttribute('data-state')).toBe('error');
    expect(await page.getByTestId('section-wan-error').getAttribute('data-code')).toBe('upstream_timeout');
    expect(await page.getByTestId('section-customer').getAttribute('data-state')).toBe('ready');
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBeGreaterThan(0);
  });

  it('when the MAC is unknown or invalid, then the messages read exactly as specified', async () => {
    const page = await browser.newPage();
    await signInFast(page, await userWith('support1'));
    const [device] = await catalogue('fault-customer404');
    await openView(page, device!.mac);
    const colon = device!.mac.match(/.{2}/g)!.join(':');
    expect(await page.getByTestId('mac-not-found').textContent()).toContain(
      `Sorry, a customer was not found for the MAC address ${colon}.`,
    );
    await page.goto('/fr/i/mac/zz-not-a-mac');
    await expect
      .poll(() => page.getByTestId('invalid-mac').textContent())
      .toBe('Désolé, une adresse MAC valide est requise pour afficher cette page.');
    await page.goto('/i/mac/12345');
    await expect
      .poll(() => page.getByTestId('invalid-mac').textContent())
      .toBe('Sorry, a valid MAC address is required to view this page.');
  });

  it('when ?tab=wan is in the link, then the WAN section opens, and switching tabs updates the link', async () => {
    const page = await browser.newPage();
    await signInFast(page, await userWith('support1'));
    const [device] = await catalogue('gpon');
    await page.goto(`/i/mac/${device!.mac}?tab=wan`);
    await page.getByTestId('power-chart').waitFor();
    expect(await page.getByTestId('tab-wan').getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('tab-lan').click();
    await page.waitForURL(`${PORTAL}/i/mac/${device!.mac}?tab=lan`);
  });

  it('when a support1 user opens a device, then there is no reset button; a support2 user resets after confirming and sees it sent and audited', async () => {
    const [device] = await catalogue('epon');
    const page = await browser.newPage();
    await signInFast(page, await userWith('support1'));
    await openView(page, device!.mac);
    expect(await page.getByTestId('reset-device').count()).toBe(0);

    const support2 = await userWith('support2');
    const other = await browser.newPage();
    await signInFast(other, support2);
    await openView(other, device!.mac);
    await other.getByTestId('reset-device').click();
    await expect.poll(() => other.getByTestId('reset-dialog').textContent()).toContain('The customer');
    await other.getByTestId('reset-dialog-confirm').click();
    await expect
      .poll(() => other.getByTestId('reset-dialog-sent').textContent())
      .toMatch(
        /^Reset sent \d\d\/\d\d\/\d\d, \d\d:\d\d [AP]M by .+\. The ONU restarts;.* Request rec-\d+\.$/,
      );
    const audit = await eventually(async () => {
      const snap = await getFirestore(admin)
        .collection('audit_log')
        .where('uid', '==', support2.uid)
        .where('operation', '==', 'deviceReset')
        .get();
      return snap.empty ? null : snap.docs.map((doc) => doc.data());
    });
    expect(audit).toEqual([expect.objectContaining({ mac: device!.mac, outcome: 'sent' })]);
  });

  for (const [hours, method] of [
    [2, 'POST'],
    [30, 'PUT'],
  ] as const) {
    it(`when the last certificate is ${hours} hours old and an installer regenerates it, then the request is a ${method} and the list updates in place`, async () => {
      const [device] = await catalogue(`bc-${hours}h`);
      const mac = device!.mac;
      const page = await browser.newPage();
      await signInFast(page, await userWith('install'));
      await openView(page, mac, '', '?tab=bc');
      const before = await page
        .getByTestId('bc-item')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-id')));
      await page.getByTestId('bc-regenerate').click();
      await expect
        .poll(() => page.getByTestId('bc-regenerate-dialog').textContent())
        .toContain(`the request will be a ${method}`);
      await page.getByTestId('bc-regenerate-dialog-confirm').click();
      await expect.poll(() => page.getByTestId('bc-regenerate-dialog-sent').textContent()).toContain(method);
      const records = await sim<Array<{ method: string }>>(`/_sim/records?kind=bc&mac=${mac}`);
      expect(records[0]!.method).toBe(method);
      await page.getByRole('button', { name: 'Close' }).click();
      // The list is read again after the operation: waited for, with the poll's deadline.
      const ids = () =>
        page.getByTestId('bc-item').evaluateAll((els) => els.map((el) => el.getAttribute('data-id')));
      if (method === 'POST') expect(await ids()).toEqual(before);
      else await expect.poll(async () => (await ids()).length).toBe(before.length + 1);
    });
  }

  it('when a support1 user sends a certificate by SMS, then the number is checked and the gateway receives it', async () => {
    const [device] = await catalogue('pods');
    const page = await browser.newPage();
    await signInFast(page, await userWith('support1'));
    await openView(page, device!.mac, '', '?tab=bc');
    if ((await page.getByTestId('bc-none').count()) > 0)
      return expect(await page.getByTestId('bc-send-sms').count()).toBe(0);
    await page.getByTestId('bc-send-sms').first().click();
    await page.getByTestId('sms-phone').fill('555');
    expect(await page.getByTestId('bc-sms-dialog-confirm').isDisabled()).toBe(true);
    await page.getByTestId('sms-phone').fill('<b>x</b>6135550142');
    expect(await page.getByTestId('bc-sms-dialog-confirm').isDisabled()).toBe(true);
    await page.getByTestId('sms-phone').fill('613 555 0142');
    // Not one of the customer's numbers: said before sending, not refused.
    await page.getByTestId('sms-foreign-phone').waitFor();
    await page.getByTestId('bc-sms-dialog-confirm').click();
    await expect.poll(() => page.getByTestId('bc-sms-dialog-sent').count()).toBe(1);
    expect((await sim<unknown[]>('/_sim/records?kind=sms&to=6135550142')).length).toBeGreaterThan(0);
  });

  it('when the entry page and the 360 view are scanned in both themes, then axe finds no serious or critical violation', async () => {
    const [device] = await catalogue('voice');
    for (const mode of ['light', 'dark'] as const) {
      const page = await browser.newPage({ colorScheme: mode });
      await page.context().addCookies([{ name: 'insight-theme', value: mode, url: PORTAL }]);
      await signInFast(page, await userWith('support3'));
      await page.goto('/i/mac/enter-mac');
      await page.waitForSelector('#enter-mac-field');
      expect(await seriousViolations(page), `${mode} entry`).toEqual([]);
      await openView(page, device!.mac);
      expect(await seriousViolations(page), `${mode} 360`).toEqual([]);
    }
  });

  // Sixteen views, each signed in afresh: over a minute on a busy two-core machine.
  it('when the 360 view is shown for EPON and GPON in both themes, languages and widths, then screenshots are kept', async () => {
    const dir = path.join(ARTIFACTS, 'screens');
    mkdirSync(dir, { recursive: true });
    const user = await userWith('support3');
    const devices = {
      epon: (await catalogue('epon'))[0]!.mac,
      gpon: (await catalogue('many-pods'))[0]!.mac,
    };
    // One signed-in page per theme and width, going from view to view (the language is in the path).
    for (const mode of ['light', 'dark'] as const) {
      for (const width of [1440, 390]) {
        const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme: mode });
        await page.context().addCookies([{ name: 'insight-theme', value: mode, url: PORTAL }]);
        await signInFast(page, user);
        for (const [kind, mac] of Object.entries(devices)) {
          for (const prefix of ['', '/fr']) {
            await openView(page, mac, prefix);
            await page.screenshot({
              path: path.join(dir, `360-${kind}-${mode}-${prefix ? 'fr' : 'en'}-${width}.png`),
              fullPage: width > 500,
            });
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - window.innerWidth,
            );
            expect(overflow, `${kind} ${mode} ${prefix} ${width} horizontal overflow`).toBeLessThanOrEqual(1);
          }
        }
      }
    }
  }, 180_000);
});
