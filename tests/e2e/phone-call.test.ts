/**
 * The tasks of a call, as staff do them in a browser: a reset and what the view says after it, a second
 * reset's warning from the audit log (another agent), an unknown MAC without operations, "-28,5" in
 * French Test a value, and a phone's staging page (no value cut, no touch target under 44 px). With
 * SCREENSHOTS=1 it also keeps each changed screen at 390 and 1440 px, in both languages and themes.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { THEME_COOKIE } from '../../common/src/constants';
import type { RoleKey } from '../../common/src/roles';
import { seedThresholdSet } from '../../common/src/threshold-seed';
import { catalogue } from '../../harness/api-client';
import { ARTIFACTS, PORTAL, useBrowser } from '../../harness/browser';
import { FieldValue } from 'firebase-admin/firestore';
import { STAGING_LISTS } from '@insight/common/staging-lists';
import { adminDb, closeAdminDb, putThresholdSeed } from '../../harness/firestore';
import { closeAdmin, createUser, signInFast, type TestUser } from '../../harness/users';
import { untilStill } from '../../harness/still';

const PHONE = { width: 390, height: 844 };
const SHOTS = path.join(ARTIFACTS, 'phone-call');

async function waitForView(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid=mac-not-found]') ||
      document.querySelector(
        '[data-testid=findings][data-state=complete], [data-testid=findings][data-state=healthy]',
      ),
    null,
    { timeout: 60_000 },
  );
}

/**
 * The texts of the page's grid cells, headers and tiles that are cut (wider or taller than their box),
 * among those within the screen's width.
 */
function cutTexts(page: Page, selector = '.MuiDataGrid-cell, .MuiDataGrid-columnHeaderTitle') {
  return page.$$eval(selector, (cells) =>
    cells
      .filter((cell) => {
        const box = cell.getBoundingClientRect();
        const cut = cell.scrollWidth > cell.clientWidth + 1 || cell.scrollHeight > cell.clientHeight + 1;
        return box.width > 0 && box.right <= window.innerWidth && cut;
      })
      .map((cell) => cell.textContent),
  );
}

/** A warehouse of Ontario (first in its list) with a rack, a host and a device: the generic page's rows. */
async function putPhoneTree() {
  const db = adminDb();
  const id = `phone-${Date.now().toString(36)}`;
  const stamp = { updatedBy: 'e2e', updatedAt: FieldValue.serverTimestamp() };
  await db
    .collection(STAGING_LISTS.warehouses)
    .doc(`0-${id}`)
    .set({ name: `Dépôt ${id}`, province: 'ON', ...stamp });
  await db
    .collection(STAGING_LISTS.racks)
    .doc(`R-${id}`)
    .set({ name: `Baie ${id}`, warehouseId: `0-${id}`, ...stamp });
  await db
    .collection(STAGING_LISTS.hosts)
    .doc(`H-${id}`)
    .set({
      name: `sw-${id}`,
      rackId: `R-${id}`,
      rackOrder: 1,
      model: 'EX2300-48P',
      firmware: '23.4R2-S3',
      ...stamp,
    });
  await db
    .collection(STAGING_LISTS.connected)
    .doc(`D-${id}`)
    .set({
      macAddress: '5A7E00AB0C01',
      hostDeviceId: `H-${id}`,
      portNumber: 1,
      state: 'provisioning',
      ...stamp,
    });
}

describe('a call, as the staff work it', () => {
  const browser = useBrowser();
  const users: Record<string, TestUser> = {};
  const userWith = async (name: string, roles: RoleKey[]) =>
    (users[name] ??= await createUser(`call-${name}`, roles));
  afterAll(async () => {
    await closeAdmin();
    await closeAdminDb();
  });

  it('when support2 resets a device, then the view says what went out and what happens next; another agent resetting it again is told when the last one went out', async () => {
    const [, device] = await catalogue('epon', 2);
    const first = await browser.newPage();
    await signInFast(first, await userWith('support2a', ['support2']));
    await first.goto(`/i/mac/${device!.mac}`);
    await waitForView(first);
    await first.getByTestId('reset-device').click();
    await first.getByTestId('reset-dialog-confirm').click();
    await expect
      .poll(() => first.getByTestId('reset-dialog-sent').textContent())
      .toMatch(
        /^Reset sent \d\d\/\d\d\/\d\d, \d\d:\d\d [AP]M by call-support2a.*The ONU restarts; service returns in about 2 minutes/,
      );
    await first.getByRole('button', { name: 'Close' }).click();
    expect(await first.getByTestId('operation-done-deviceReset').textContent()).toContain(
      'This view reads the device again at',
    );

    const second = await browser.newPage();
    await signInFast(second, await userWith('support2b', ['support2']));
    await second.goto(`/fr/i/mac/${device!.mac}`);
    await waitForView(second);
    await second.getByTestId('reset-device').click();
    await second.getByTestId('reset-dialog-confirm').click();
    await expect
      .poll(() => second.getByTestId('reset-dialog-notice').textContent())
      .toMatch(
        /Une réinitialisation a déjà été envoyée à cet appareil le \d{4}-\d\d-\d\d \d{1,2} h \d\d par call-support2a/,
      );
    expect(await second.getByTestId('reset-dialog-confirm').textContent()).toBe('Réinitialiser de nouveau');
  });

  it('when a MAC no customer is known for is opened, then one finding says so and no operation is offered', async () => {
    const page = await browser.newPage();
    await signInFast(page, await userWith('engineering', ['engineering']));
    await page.goto('/i/mac/0A0B0C0D0E0F');
    await page.getByTestId('mac-not-found').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('[data-testid=findings] li').count()).toBe(1);
    expect(await page.locator('[data-testid=findings] h3').textContent()).toBe(
      'No customer is known for this MAC',
    );
    expect(await page.getByTestId('findings').textContent()).not.toMatch(/upstream_error|mac_not_found/);
    expect(await page.getByTestId('reset-device').count()).toBe(0);
    // Its device tabs say there is nothing to show, not a section error.
    for (const tab of ['overview', 'wan', 'voice', 'bc']) {
      await page.getByTestId(`tab-${tab}`).click();
      await page
        .getByTestId(`panel-${tab}`)
        .locator('[data-testid$=-note]')
        .first()
        .waitFor({ timeout: 30_000 });
      expect(await page.locator('[data-testid$=-error]').count()).toBe(0);
    }
  });

  it('when a device with long verdicts is opened on a French phone, then the summary tiles and the chips wrap their values instead of cutting them, and neither the tiles nor the findings move when the answers arrive', async () => {
    const page = await browser.newPage({ viewport: PHONE, touch: true });
    // Every layout shift that moved the summary, a tile or the findings' frame (a new page starts a new list).
    await page.addInitScript(() => {
      const moved: string[] = [];
      Object.assign(window, { movedByShifts: moved });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & { sources?: Array<{ node?: Node }> }
        >)
          for (const source of entry.sources ?? []) {
            const node = source.node;
            const element = node instanceof Element ? node : (node?.parentElement ?? null);
            if (element?.closest('[data-testid=summary-strip]') || element?.id === 'view-findings')
              moved.push(`${node?.nodeName}: ${element.outerHTML.slice(0, 120)}`);
          }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await signInFast(page, await userWith('support2a', ['support2']));
    for (const [device] of [await catalogue('power-fail'), await catalogue('voice')]) {
      await page.goto(`/fr/i/mac/${device!.mac}`);
      await waitForView(page);
      const strip = page.getByTestId('summary-strip');
      expect(await strip.locator('[data-grade=loading]').count()).toBe(0);
      // The header keeps the customer's lines and the tools' button, and each tile its reason's lines, while
      // they load: what arrives takes the place kept for it.
      expect(
        await page.evaluate(() => (window as unknown as { movedByShifts: string[] }).movedByShifts),
      ).toEqual([]);
      const cut = await cutTexts(page, '[data-testid=summary-strip] *, main .MuiChip-label');
      expect(cut).toEqual([]);
      // Each tile shows its whole reason (the tile's own title carries it too).
      for (const key of ['wan', 'lan', 'voice', 'bc']) {
        const tile = strip.getByTestId(`summary-${key}`);
        expect(await tile.textContent()).toContain(await tile.getAttribute('title'));
      }
    }
  });

  it('when support1 opens three customers in three tabs, then each tab’s title names its customer, and Home lists them by name', async () => {
    const devices = await catalogue('voice', 3);
    expect(devices).toHaveLength(3);
    const who = await userWith('support1', ['support1']);
    const home = await browser.newPage();
    await signInFast(home, who);
    const titles: string[] = [];
    const names = new Map<string, string>();
    for (const device of devices) {
      const tab = await home.context().newPage();
      await tab.goto('/');
      // Entered on Home: the view's heading takes the focus.
      await tab.locator('#home-mac-search').fill(device.mac);
      await tab.locator('#home-mac-search').press('Enter');
      await waitForView(tab);
      await tab.getByTestId('customer-name').first().waitFor({ state: 'attached', timeout: 30_000 });
      const name = (await tab.getByTestId('customer-name').first().textContent())!.trim();
      await expect.poll(() => tab.title()).toContain(name);
      titles.push(await tab.title());
      names.set(device.mac, name);
      expect(await tab.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    }
    expect(new Set(titles).size).toBe(3);
    // The API stores each look after its answer: Home is read again until the last one is in.
    const shown = async () => {
      await home.goto('/');
      await home.getByTestId('recent-lookups').waitFor();
      await home.waitForLoadState('networkidle');
      return Promise.all(
        devices.map((device) =>
          home
            .getByTestId(`recent-customer-${device.mac}`)
            .textContent({ timeout: 2_000 })
            .catch(() => null),
        ),
      );
    };
    await expect.poll(shown, { timeout: 30_000 }).toEqual(devices.map((device) => names.get(device.mac)));
  });

  it('when "-28,5" is typed in French Test a value, then a rule grades it', async () => {
    // The rules as `npm start` seeds them (the emulators start empty).
    await putThresholdSeed();
    const page = await browser.newPage();
    await signInFast(page, await userWith('engineering', ['engineering']));
    await page.goto('/fr/threshold');
    await page.getByTestId('test-definition').click();
    // The definition as the French page names it (the seed's French name).
    const rxPower = seedThresholdSet().definitions.find((definition) => definition.parameter === 'rxPower')!;
    await page.getByRole('option', { name: rxPower.nameFr ?? rxPower.name, exact: true }).click();
    await page.getByTestId('test-value').fill('-28,5');
    await page.getByTestId('test-reason').waitFor();
    expect(await page.getByTestId('test-result').textContent()).toContain('−28,5');
    await page.getByTestId('test-value').fill('abc');
    await page.getByTestId('test-not-a-number').waitFor();
  });

  for (const { route, ready, prefix } of [
    { route: '/onu-stage', ready: '[data-testid=connection][data-state=live]', prefix: '' },
    { route: '/onu-stage', ready: '[data-testid=connection][data-state=live]', prefix: '/fr' },
    { route: '/plume-stage', ready: '[data-testid=connection][data-state=live]', prefix: '/fr' },
    { route: '/juniper-stage', ready: '[data-testid=devices] [data-testid=device-state]', prefix: '/fr' },
    { route: '/juniper-stage', ready: '[data-testid=devices] [data-testid=device-state]', prefix: '' },
  ])
    it(`when staff open ${prefix}${route} on a phone, then no value is cut, the device's state is in view, and every target is at least 44 px`, async () => {
      if (route === '/juniper-stage') await putPhoneTree();
      const page = await browser.newPage({ viewport: PHONE, touch: true });
      // Install stages the devices; engineering sees the generic page's rows with their edit and delete.
      const generic = route === '/juniper-stage';
      await signInFast(
        page,
        generic ? await userWith('engineering', ['engineering']) : await userWith('install', ['install']),
      );
      await page.goto(`${prefix}${route}`);
      await page.waitForSelector(ready, { timeout: 30_000 });
      await page.locator('.MuiDataGrid-row').first().waitFor({ timeout: 30_000 });
      expect(await cutTexts(page)).toEqual([]);
      // The device's state is within the screen's width, without scrolling the grid sideways.
      const states = await page.$$eval(
        '.MuiDataGrid-row [data-field=state], .MuiDataGrid-row [data-field=status]',
        (cells) =>
          cells.map((cell) => {
            const box = cell.getBoundingClientRect();
            return box.width > 0 && box.left >= 0 && box.right <= window.innerWidth;
          }),
      );
      expect(states.length).toBeGreaterThan(0);
      expect(states.every(Boolean)).toBe(true);
      const small = await page.$$eval('main button, main [role=button], header button', (targets) =>
        targets
          .filter((target) => {
            const box = target.getBoundingClientRect();
            const shown = box.width > 0 && box.height > 0 && getComputedStyle(target).visibility !== 'hidden';
            return shown && (box.width < 44 || box.height < 44);
          })
          .map(
            (target) =>
              `${target.getAttribute('aria-label') ?? target.textContent} ${target.getBoundingClientRect().width}×${target.getBoundingClientRect().height}`,
          ),
      );
      expect(small).toEqual([]);
      expect(await page.getByTestId('network-access').getAttribute('data-folded')).toBe('true');
    });

  // One test a screen (width, theme and language), which the runner can spread and time on its own.
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const)
    for (const mode of ['light', 'dark'] as const)
      for (const prefix of ['', '/fr'])
        it.runIf(process.env.SCREENSHOTS === '1')(
          `keeps each changed screen at ${width} px, ${prefix ? 'French' : 'English'} ${mode}`,
          async () => {
            mkdirSync(SHOTS, { recursive: true });
            const [device] = await catalogue('power-fail');
            await putPhoneTree();
            const who = await userWith('engineering', ['engineering']);
            const screens = [
              ['view', `/i/mac/${device!.mac}`],
              ['unknown', '/i/mac/0A0B0C0D0E0F?tab=wan'],
              ['onu-stage', '/onu-stage'],
              ['plume-stage', '/plume-stage'],
              ['juniper-stage', '/juniper-stage'],
              ['home', '/'],
            ] as const;
            const page = await browser.newPage({
              viewport: { width, height },
              touch: width === 390,
              colorScheme: mode,
            });
            await page.context().addCookies([{ name: THEME_COOKIE, value: mode, url: PORTAL }]);
            await signInFast(page, who);
            for (const [name, route] of screens) {
              await page.goto(`${prefix}${route}`);
              await page.locator('h1').first().waitFor({ timeout: 30_000 });
              if (name === 'view' || name === 'unknown') await waitForView(page);
              if (name === 'onu-stage' || name === 'plume-stage')
                await page.waitForSelector('[data-testid=connection][data-state=live]', { timeout: 30_000 });
              if (name === 'juniper-stage')
                await page.waitForSelector('[data-testid=devices] [data-testid=device-state]', {
                  timeout: 30_000,
                });
              if (name === 'unknown') await page.getByTestId('section-wan-note').scrollIntoViewIfNeeded();
              await untilStill(page);
              const file = `${name}-${width}-${prefix ? 'fr' : 'en'}-${mode}`;
              // The view's first screen (the strip); the other pages whole (the unknown MAC's tab, the tables).
              await page.screenshot({ path: path.join(SHOTS, `${file}.png`), fullPage: name !== 'view' });
            }
            await page.close();
          },
          // Six pages, each loaded, settled and captured whole.
          120_000,
        );
});
