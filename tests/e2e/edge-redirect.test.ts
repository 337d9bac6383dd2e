/**
 * The protected pages at the edge (docs/features.md, "Security"): Hosting sends them to the `shell`
 * function, which answers 302 to the login page without a valid `__session` cookie and the prerendered
 * shell with one. Status checks with plain fetch (redirect: 'manual'): what a CRM link or a bookmark gets
 * before any script runs.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { PORTAL, useBrowser } from '../../harness/browser';
import {
  closeAdmin,
  createUser,
  revokeSessions,
  sessionCookie,
  setDisabled,
  signInFast,
} from '../../harness/users';

const get = (path: string, cookie?: string) =>
  fetch(`${PORTAL}${path}`, { redirect: 'manual', headers: cookie ? { cookie: `__session=${cookie}` } : {} });

/** One path of every protected page of docs/requirements.md, "Routes", with what follows it. */
const PROTECTED = [
  '/permissions',
  '/audit?collection=cmts_sources&docId=x',
  '/sample',
  '/plume-stage',
  '/onu-stage',
  '/juniper-stage',
  '/net-manage',
  '/net-manage/head-end',
  '/threshold/definitions',
  '/i/mac/enter-mac',
  '/i/mac/A4C1E8000000?tab=wan',
  '/i/port/olt-1/1/2/3',
];

/** The cookie's sign-in time (seconds): a revocation counts for sessions signed in before its second. */
const authTime = (cookie: string) =>
  (JSON.parse(Buffer.from(cookie.split('.')[1]!, 'base64url').toString()) as { auth_time: number }).auth_time;

describe('signed-out deep links at the edge', () => {
  const browser = useBrowser();
  afterAll(closeAdmin);

  it('when signed out, then every protected page answers 302 to the login page of its language, with from= the path and query', async () => {
    for (const path of PROTECTED)
      for (const [prefix, login] of [
        ['', '/login'],
        ['/fr', '/fr/login'],
      ] as const) {
        const res = await get(`${prefix}${path}`);
        expect(res.status, `${prefix}${path}`).toBe(302);
        expect(res.headers.get('location')).toBe(`${login}?from=${encodeURIComponent(`${prefix}${path}`)}`);
      }
  });

  it('when signed out, then the landing, the login page and the 404 page stay static (200, no redirect)', async () => {
    for (const path of ['/', '/fr', '/login', '/fr/login', '/login?from=%2Fnet-manage', '/no/such/page'])
      expect((await get(path)).status, path).toBe(200);
  });

  it('when a redirect carries an off-site destination, then it is refused: from= stays a path of the site, and sign-in lands at home', async () => {
    const res = await get('/threshold?from=//evil.example');
    const location = new URL(res.headers.get('location')!, PORTAL);
    expect(location.origin).toBe(PORTAL);
    // The path's own query is data of the destination (the Hosting emulator re-encodes it: compare decoded).
    const from = new URL(location.searchParams.get('from')!, PORTAL);
    expect(from.origin).toBe(PORTAL);
    expect(from.pathname).toBe('/threshold');
    expect(from.searchParams.get('from')).toBe('//evil.example');

    const user = await createUser('edge-offsite', ['support1']);
    for (const [from, home] of [
      ['//evil.example', '/'],
      ['/\\evil.example', '/'],
      ['https://evil.example/', '/'],
    ] as const) {
      const page = await browser.newPage();
      await page.goto(`/login?from=${encodeURIComponent(from)}`);
      await signInFast(page, user);
      await page.waitForURL(`${PORTAL}${home}`);
      await page.context().close();
    }
  });

  it('when signed in, then a deep link answers 200 with the prerendered shell of its language and the static pages’ headers', async () => {
    const page = await browser.newPage();
    await signInFast(page, await createUser('edge-in', ['engineering']));
    const { value } = await sessionCookie(page.context());
    const [landing, landingFr] = [await get('/'), await get('/fr')];
    const en = await get('/net-manage/head-end', value);
    expect(en.status).toBe(200);
    expect(en.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await en.text()).toBe(await landing.text());
    const fr = await get('/fr/i/mac/A4C1E8000000?tab=wan', value);
    expect(fr.status).toBe(200);
    expect(await fr.text()).toBe(await landingFr.text());
    for (const header of [
      'content-security-policy',
      'x-frame-options',
      'x-content-type-options',
      'referrer-policy',
    ])
      expect(en.headers.get(header), header).toBe(landing.headers.get(header));
    expect(en.headers.get('cache-control')).toContain('private');

    // In the browser: the navigation is answered at once, without a redirect.
    const response = await page.goto('/threshold/definitions');
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()).toBeNull();
    await expect
      .poll(() => page.getByRole('tab', { name: 'Threshold definitions' }).getAttribute('aria-selected'))
      .toBe('true');
  });

  it('when the session is revoked or the account disabled, then the cookie no longer opens a page: 302, and the cookie is cleared', async () => {
    const user = await createUser('edge-revoked', ['support1']);
    const page = await browser.newPage();
    await signInFast(page, user);
    const { value } = await sessionCookie(page.context());
    expect((await get('/i/mac/enter-mac', value)).status).toBe(200);

    await setDisabled(user.uid, true);
    const disabled = await get('/i/mac/enter-mac', value);
    expect(disabled.status).toBe(302);
    await setDisabled(user.uid, false);
    expect((await get('/i/mac/enter-mac', value)).status).toBe(200);

    // A revocation counts for the sessions signed in before its second (Firebase Auth keeps seconds).
    await expect.poll(() => Date.now(), { timeout: 3_000 }).toBeGreaterThan((authTime(value) + 1) * 1000);
    await revokeSessions(user.uid);
    const revoked = await get('/fr/i/mac/enter-mac', value);
    expect(revoked.status).toBe(302);
    expect(revoked.headers.get('location')).toBe('/fr/login?from=%2Ffr%2Fi%2Fmac%2Fenter-mac');
    expect(revoked.headers.get('set-cookie')).toMatch(/^__session=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('when JavaScript is disabled, then the redirect still holds, and a signed-in cookie still opens the page', async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    const response = await page.goto('/fr/threshold/definitions');
    expect(page.url()).toBe(`${PORTAL}/fr/login?from=%2Ffr%2Fthreshold%2Fdefinitions`);
    const first = response!.request().redirectedFrom();
    expect(first?.url()).toBe(`${PORTAL}/fr/threshold/definitions`);
    expect((await first!.response())?.status()).toBe(302);

    const signedIn = await browser.newPage();
    await signInFast(signedIn, await createUser('edge-nojs', ['operation']));
    await page.context().addCookies([await sessionCookie(signedIn.context())]);
    const opened = await page.goto('/fr/threshold/definitions');
    expect(opened?.status()).toBe(200);
    expect(page.url()).toBe(`${PORTAL}/fr/threshold/definitions`);
  });

  it('when the user signs out, then the cookie is cleared and a deep link goes to the login page again', async () => {
    const page = await browser.newPage();
    await signInFast(page, await createUser('edge-out', ['support1']));
    await page.goto('/i/mac/enter-mac');
    await page.getByTestId('logout').click();
    await expect
      .poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === '__session'))
      .toBe(false);
    await page.goto('/i/mac/enter-mac');
    await page.waitForURL(`${PORTAL}/login?from=%2Fi%2Fmac%2Fenter-mac`);
  });
});
