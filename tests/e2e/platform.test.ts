import { afterAll, describe, expect, it } from 'vitest';
import { PORTAL, useBrowser } from '../../harness/browser';
import { closeAdmin, createUser } from '../../harness/users';

describe('platform', () => {
  const browser = useBrowser();
  afterAll(closeAdmin);

  it('when the health route is called through hosting, then the api function answers ok', async () => {
    const res = await fetch(`${PORTAL}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', version: expect.any(String) });
  });

  it('when any page or asset is served, then the security headers are set; HTML is never cached and hashed assets are immutable', async () => {
    for (const path of ['/', '/index.html', '/net-manage', '/fr/i/mac/AABBCCDDEEFF', '/no/such/page']) {
      const res = await fetch(`${PORTAL}${path}`);
      expect(res.headers.get('content-type'), path).toContain('text/html');
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toMatch(/script-src 'self'[^;]*;/);
      expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security'), path).toContain('max-age=');
    }
    const html = await (await fetch(`${PORTAL}/`)).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const res = await fetch(`${PORTAL}${asset}`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('when a body the runtime cannot parse reaches the api through hosting, then it is refused with a 4xx and no stack trace', async () => {
    const bad: { body: string; headers: Record<string, string> }[] = [
      { body: '{"mac":', headers: { 'content-type': 'application/json' } },
      { body: 'null', headers: { 'content-type': 'application/json' } },
      { body: '42', headers: { 'content-type': 'application/json' } },
      { body: '{}', headers: { 'content-type': 'application/json; charset=koi8-r' } },
      { body: '{}', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } },
    ];
    for (const { body, headers } of bad) {
      const res = await fetch(`${PORTAL}/api/360/AABBCCDDEEFF/reset`, { method: 'POST', body, headers });
      const text = await res.text();
      expect(res.status, body).toBeGreaterThanOrEqual(400);
      expect(res.status, body).toBeLessThan(500);
      expect(text, body).not.toMatch(/\bat \S+ \(|node_modules|\.js:\d+/);
    }
  });

  it('when a user signs in through the real Google popup of the auth emulator, then the portal shows them signed in', async () => {
    const page = await browser.newPage({ googlePopup: true });
    // Nothing the portal loads may be refused by its own Content-Security-Policy.
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
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
    // The login page sends the user home in the effect after that render: Playwright's URL follows it.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(violations).toEqual([]);
  });

  it('when a seeded-style user with a role signs in through the popup, then they come back to the page they asked for', async () => {
    const user = await createUser('popup', ['support3']);
    const page = await browser.newPage({ googlePopup: true });
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
