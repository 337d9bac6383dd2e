import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import en from '../../hosting/src/locales/en/insight360.json';
import fr from '../../hosting/src/locales/fr/insight360.json';
import { api, catalogue, idTokenFor, SIMULATOR } from '../../harness/api-client';
import { ARTIFACTS, PORTAL, useBrowser } from '../../harness/browser';
import { closeAdmin, createUser, signInFast } from '../../harness/users';

// The demo's link configuration (functions/.env.demo-insight): the simulator's stand-in pages.
const expected = (mac: string, node: string, account: string) => ({
  compass: `${SIMULATOR}/tools/compass/devices/${mac}`,
  diagnosticPortal: `${SIMULATOR}/tools/diagnostic-portal?mac=${mac}`,
  epon: `${SIMULATOR}/tools/epon/onu/${mac}`,
  networkConsole: `${SIMULATOR}/tools/network-console/nodes/${encodeURIComponent(node)}`,
  thorLocation: `${SIMULATOR}/tools/thor-location?node=${encodeURIComponent(node)}`,
  crm: `${SIMULATOR}/tools/crm/object?id=${encodeURIComponent(account)}`,
});

describe('the 360 view’s links to the other tools', () => {
  const browser = useBrowser();
  afterAll(closeAdmin);

  for (const mode of ['light', 'dark'] as const)
    it(`when a device is opened (${mode}), then each tool opens in a new tab, without this page as opener, with the MAC or the fibre node`, async () => {
      const [device] = await catalogue(mode === 'light' ? 'epon' : 'gpon');
      const mac = device!.mac;
      const user = await createUser(`tools-${mode}`, ['support1']);
      const session = await idTokenFor(user);
      const customer = await api(session.token, `/360/${mac}/customer`);
      await session.close();
      const { node, customerAccountId } = customer.body.data as { node: string; customerAccountId: string };
      expect(node).toBeTruthy();

      const page = await browser.newPage({ colorScheme: mode });
      await page.context().addCookies([{ name: 'insight-theme', value: mode, url: PORTAL }]);
      await signInFast(page, user);
      await page.goto(`/i/mac/${mac}`);
      await page.getByTestId('section-customer').and(page.locator('[data-state=ready]')).waitFor();
      const links = expected(mac, node, customerAccountId);
      for (const tool of ['compass', 'diagnosticPortal', 'epon', 'networkConsole', 'thorLocation'] as const) {
        const link = page.getByTestId(`tool-link-${tool}`);
        await expect.poll(() => link.getAttribute('href'), { message: tool }).toBe(links[tool]);
        expect(await link.getAttribute('target')).toBe('_blank');
        expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
        expect(await link.textContent()).toBe(en.tools.names[tool]);
      }
      expect(await page.getByTestId('tool-links-missing').count()).toBe(0);
      await expect.poll(() => page.getByTestId('crm-link').getAttribute('href')).toBe(links.crm);

      mkdirSync(path.join(ARTIFACTS, 'screens'), { recursive: true });
      await page.screenshot({ path: path.join(ARTIFACTS, 'screens', `tool-links-${mode}-en-1440.png`) });

      const [opened] = await Promise.all([
        page.context().waitForEvent('page'),
        page.getByTestId('tool-link-networkConsole').click(),
      ]);
      await opened.waitForLoadState();
      expect(opened.url()).toBe(links.networkConsole);
      expect(await opened.locator('h1').textContent()).toBe('Network Management Console');
      expect(await opened.locator('output').last().textContent()).toBe(node);
      expect(await opened.evaluate(() => window.opener)).toBeNull();
    });

  for (const { prefix, width, text } of [
    { prefix: '', width: 1440, text: en },
    { prefix: '/fr', width: 390, text: fr },
  ] as const)
    it(`when the customer record is missing${prefix ? ' (French, on a phone)' : ''}, then the MAC tools still open and the node tools say '${text.tools.missing}'`, async () => {
      const [device] = await catalogue('fault-customer404');
      const mac = device!.mac;
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await signInFast(page, await createUser(`tools-missing-${width}`, ['support1']));
      await page.goto(`${prefix}/i/mac/${mac}`);
      await page.getByTestId('mac-not-found').waitFor();
      // On a phone the tools are a menu.
      if (width < 900) {
        await page.getByTestId('tool-links-menu-button').click();
        // The menu's code loads when it first opens, then it fades in: the screenshot below waits until it
        // is there and opaque.
        await page.waitForFunction(() => {
          const paper = document.querySelector('#tool-links-menu .MuiPaper-root');
          return paper !== null && getComputedStyle(paper).opacity === '1';
        });
      }
      await expect.poll(() => page.getByTestId('tool-links-missing').textContent()).toBe(text.tools.missing);
      expect(await page.getByTestId('tool-link-epon').getAttribute('href')).toBe(
        `${SIMULATOR}/tools/epon/onu/${mac}`,
      );
      for (const tool of ['networkConsole', 'thorLocation']) {
        const link = page.getByTestId(`tool-link-${tool}`);
        expect(await link.getAttribute('href'), tool).toBeNull();
        expect((await link.getAttribute('aria-disabled')) === 'true' || (await link.isDisabled()), tool).toBe(
          true,
        );
      }
      expect(await page.getByTestId(`tool-link-networkConsole`).textContent()).toBe(
        text.tools.names.networkConsole,
      );
      mkdirSync(path.join(ARTIFACTS, 'screens'), { recursive: true });
      await page.screenshot({
        path: path.join(ARTIFACTS, 'screens', `tool-links-missing-${prefix ? 'fr' : 'en'}-${width}.png`),
      });
    });
});
