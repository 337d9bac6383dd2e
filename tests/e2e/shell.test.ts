import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../harness/axe';
import { ARTIFACTS, PORTAL, useBrowser } from '../../harness/browser';
import { closeAdmin, createUser, signInFast } from '../../harness/users';

const SCREENS = path.join(ARTIFACTS, 'screens');
const DAY_MS = 24 * 60 * 60 * 1000;

async function setTheme(page: Page, mode: 'light' | 'dark') {
  await page.context().addCookies([{ name: 'insight-theme', value: mode, url: PORTAL }]);
}

describe('app shell', () => {
  const browser = useBrowser();
  afterAll(closeAdmin);

  it('when signed out in French, then a protected page redirects to the French login and back after the popup', async () => {
    const user = await createUser('fr-popup', ['engineering']);
    const page = await browser.newPage({ googlePopup: true });
    await page.goto('/fr/threshold/variants');
    await page.waitForURL(/\/fr\/login\?from=%2Ffr%2Fthreshold%2Fvariants$/);
    await expect
      .poll(() => page.getByTestId('sign-in-google').textContent())
      .toBe('Se connecter avec Google');
    const popupPromise = page.waitForEvent('popup');
    await page.getByTestId('sign-in-google').click();
    const popup = await popupPromise;
    await popup.getByText(user.email).click();
    await page.waitForURL(`${PORTAL}/fr/threshold/variants`);
    await expect
      .poll(() => page.getByRole('tab', { name: 'Variantes de seuils' }).getAttribute('aria-selected'))
      .toBe('true');
  });

  it('when the from parameter points off-site, then sign-in lands on the home page instead', async () => {
    const user = await createUser('offsite', ['support1']);
    const page = await browser.newPage();
    await page.goto('/login?from=%2F%2Fevil.example%2F');
    await signInFast(page, user);
    await page.waitForURL(`${PORTAL}/`);
  });

  for (const [prefix, text, link] of [
    ['', 'This page could not be found', 'Back to the home page'],
    ['/fr', 'Cette page est introuvable', "Retour à la page d'accueil"],
  ] as const) {
    it(`when ${prefix || '/'}no/such/page is opened, then the 404 page shows in the right language with a working home link`, async () => {
      const page = await browser.newPage();
      await page.goto(`${prefix}/no/such/page`);
      await expect.poll(() => page.getByTestId('status-message').textContent()).toBe(text);
      await page.getByRole('link', { name: link }).click();
      await page.waitForURL(`${PORTAL}${prefix || '/'}`);
    });
  }

  it('when dark mode is chosen, then it survives a reload and paints dark before the app script runs', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await page.getByTestId('theme-toggle').click();
    const cookie = (await page.context().cookies()).find((c) => c.name === 'insight-theme');
    expect(cookie?.value).toBe('dark');
    expect(Math.round((cookie!.expires * 1000 - Date.now()) / DAY_MS)).toBe(365);
    // The first paint: load the page with every script module blocked; only the inline script and CSS apply.
    const bare = await browser.newPage();
    await bare.context().addCookies([cookie!]);
    await bare.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await bare.goto('/');
    expect(await bare.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
      'rgb(18, 20, 24)',
    );
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .toBe('rgb(18, 20, 24)');
    await expect.poll(() => page.getByTestId('theme-toggle').textContent()).toBe('Light mode');
  });

  it('when the language is switched, then the page is kept, the cookie lasts 365 days and a reload stays French', async () => {
    const user = await createUser('lang', ['engineering']);
    const page = await browser.newPage();
    await signInFast(page, user);
    await page.goto('/threshold/definitions');
    await page.getByTestId('language-toggle').click();
    await page.waitForURL(`${PORTAL}/fr/threshold/definitions`);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'insight-lang');
    expect(cookie?.value).toBe('fr');
    expect(Math.round((cookie!.expires * 1000 - Date.now()) / DAY_MS)).toBe(365);
    await page.reload();
    await expect
      .poll(() => page.getByRole('tab', { name: 'Définitions de seuils' }).getAttribute('aria-selected'))
      .toBe('true');
    expect(await page.getAttribute('html', 'lang')).toBe('fr-CA');
    await page.goto('/');
    await page.waitForURL(`${PORTAL}/fr`);
    await page.getByTestId('language-toggle').click();
    await page.waitForURL(`${PORTAL}/`);
  });

  it('when a user has no roles, then every protected page shows the no-access message', async () => {
    const user = await createUser('noroles', []);
    const page = await browser.newPage();
    await signInFast(page, user);
    const paths = [
      '/permissions',
      '/sample',
      '/plume-stage',
      '/onu-stage',
      '/juniper-stage',
      '/net-manage',
      '/net-manage/head-end',
      '/net-manage/market-area',
      '/threshold',
      '/threshold/definitions',
      '/threshold/variants',
      '/i/mac/enter-mac',
      '/i/mac/AABBCCDDEEFF',
    ];
    for (const route of paths) {
      await page.goto(route);
      await expect
        .poll(() => page.getByTestId('status-message').textContent(), { message: route })
        .toBe('Sorry, you do not have access to the site.');
    }
    await page.goto('/fr/plume-stage');
    await expect
      .poll(() => page.getByTestId('status-message').textContent())
      .toBe("Désolé, vous n'avez pas accès au site.");
  });

  it('when a role lacks a capability, then that page shows no-access while allowed pages open', async () => {
    const user = await createUser('support1', ['support1']);
    const page = await browser.newPage();
    await signInFast(page, user);
    await page.goto('/plume-stage');
    await expect
      .poll(() => page.getByTestId('status-message').textContent())
      .toBe('Sorry, you do not have access to the site.');
    await page.goto('/i/mac/enter-mac');
    await expect.poll(() => page.getByRole('heading', { name: 'Enter a MAC address' }).count()).toBe(1);
  });

  it('when a MAC is typed after pressing /, then it is normalised and opens the 360 route; a bad MAC is refused', async () => {
    const user = await createUser('search', ['support1']);
    const page = await browser.newPage();
    await signInFast(page, user);
    await page.goto('/');
    // The top-bar search appears once the session is restored.
    await page.locator('#top-bar-mac-search').waitFor();
    // Focus is on the page, not in a field (Home focuses its own search on load).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('top-bar-mac-search');
    await page.keyboard.type('aa-bb-cc-dd-ee-0f');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${PORTAL}/i/mac/AABBCCDDEE0F`);
    await expect.poll(() => page.getByTestId('view-mac').textContent()).toBe('AA:BB:CC:DD:EE:0F');
    expect(await page.locator('#top-bar-mac-search').inputValue()).toBe('');
    await page.getByRole('link', { name: 'Home' }).click();
    await expect.poll(() => page.getByTestId('recent-lookups').textContent()).toContain('AA:BB:CC:DD:EE:0F');
    await page.locator('#home-mac-search').fill('not-a-mac');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('Enter 12 hexadecimal digits', { exact: false }).count()).toBe(1);
    await page.goto('/i/mac/zz');
    await expect
      .poll(() => page.getByTestId('invalid-mac').textContent())
      .toBe('Sorry, a valid MAC address is required to view this page.');
  });

  it('when the home, login, 404 and no-access pages are scanned in both themes, then axe finds no serious or critical violation', async () => {
    const noRoles = await createUser('axe-noroles', []);
    const withRole = await createUser('axe-eng', ['engineering']);
    for (const mode of ['light', 'dark'] as const) {
      const page = await browser.newPage({ colorScheme: mode });
      await setTheme(page, mode);
      for (const route of ['/login', '/no/such/page', '/fr/no/such/page']) {
        await page.goto(route);
        await page.waitForSelector('main h1');
        expect(await seriousViolations(page), `${mode} ${route}`).toEqual([]);
      }
      await signInFast(page, withRole);
      await page.goto('/');
      await page.waitForSelector('#home-mac-search');
      expect(await seriousViolations(page), `${mode} home`).toEqual([]);
      const other = await browser.newPage({ colorScheme: mode });
      await setTheme(other, mode);
      await signInFast(other, noRoles);
      await other.goto('/threshold');
      await other.waitForSelector('[data-testid=status-message]');
      expect(await seriousViolations(other), `${mode} no-access`).toEqual([]);
    }
  });

  it('when the shell is shown at 1440 px and 390 px in both themes and languages, then screenshots are kept and the drawer collapses on a phone', async () => {
    mkdirSync(SCREENS, { recursive: true });
    const user = await createUser('shots', ['engineering']);
    // One signed-in page per theme and width; the language is in the path.
    for (const mode of ['light', 'dark'] as const) {
      for (const width of [1440, 390]) {
        const page = await browser.newPage({
          viewport: { width, height: width > 500 ? 900 : 844 },
          colorScheme: mode,
        });
        await setTheme(page, mode);
        await signInFast(page, user);
        for (const prefix of ['', '/fr']) {
          await page.goto(`${prefix || '/'}`);
          await page.waitForSelector('#home-mac-search');
          const drawerToggleVisible = await page
            .getByTestId('drawer-toggle')
            .isVisible()
            .catch(() => false);
          if (width === 390) {
            expect(drawerToggleVisible).toBe(false);
            expect(
              await page.getByRole('button', { name: prefix ? 'Ouvrir le menu' : 'Open menu' }).count(),
            ).toBe(1);
          } else {
            expect(drawerToggleVisible).toBe(true);
          }
          await page.screenshot({
            path: path.join(SCREENS, `shell-${mode}-${prefix ? 'fr' : 'en'}-${width}.png`),
          });
        }
      }
    }
  });
});
