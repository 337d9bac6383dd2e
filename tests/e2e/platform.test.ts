import { afterAll, describe, expect, it } from 'vitest';
import { PORTAL, useBrowser } from './support/browser';
import { closeAdmin, createUser } from './support/users';

describe('platform', () => {
  const browser = useBrowser();
  afterAll(closeAdmin);

  it('when the health route is called through hosting, then the api function answers ok', async () => {
    const res = await fetch(`${PORTAL}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', version: expect.any(String) });
  });

  it('when a user signs in through the real Google popup of the auth emulator, then the portal shows them signed in', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    const popupPromise = page.waitForEvent('popup');
    await page.getByTestId('sign-in-google').click();
    const popup = await popupPromise;
    await popup.waitForLoadState('domcontentloaded');
    await popup.locator('#add-account-button button').click();
    await popup.locator('#autogen-button').click();
    await popup.locator('#sign-in').click();
    // A new auto-generated account has no roles: signed in, logout offered.
    await expect.poll(() => page.getByTestId('logout').count(), { timeout: 20_000 }).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('when a seeded-style user with a role signs in through the popup, then they come back to the page they asked for', async () => {
    const user = await createUser('popup', ['support3']);
    const page = await browser.newPage();
    await page.goto('/threshold/variants');
    await page.waitForURL(/\/login\?from=%2Fthreshold%2Fvariants$/);
    const popupPromise = page.waitForEvent('popup');
    await page.getByTestId('sign-in-google').click();
    const popup = await popupPromise;
    await popup.getByText(user.email).click();
    await page.waitForURL(`${PORTAL}/threshold/variants`);
    await expect
      .poll(() => page.getByRole('tab', { name: 'Threshold variants' }).getAttribute('aria-selected'))
      .toBe('true');
  });
});
