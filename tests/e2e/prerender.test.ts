import type { Page, Route } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../harness/api-client';
import { PORTAL, useBrowser, type PageOptions } from '../../harness/browser';
import { closeAdmin, createUser, signInFast } from '../../harness/users';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The console's errors and warnings (a hydration or CSP complaint among them) and uncaught errors. */
function collectComplaints(page: Page): string[] {
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      complaints.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => complaints.push(`pageerror: ${error.message}`));
  return complaints;
}

const tookOver = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('[data-prerender]') && document.querySelector('#main'));

/**
 * Opens `path` with the app's entry script held back: returns a screenshot of what the HTML alone
 * paints, then lets the script run and returns a screenshot once the app has replaced the markup.
 */
async function beforeAndAfter(page: Page, path: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route: Route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  await page.locator('[data-prerender]').first().waitFor({ state: 'attached' });
  // One copy is left (the head script chose it, the script after the copies removed the others).
  expect(await page.locator('[data-prerender]').count()).toBe(1);
  // The HTML's first frame drawn: a screenshot asked before it fails ("Unable to capture screenshot"), which
  // a busy machine showed once.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const before = await page.screenshot();
  release();
  await tookOver(page);
  // The app's first commit is the same page; give a late style or layout a frame to show up.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const after = await page.screenshot();
  return { before, after };
}

describe('prerendered first paint', () => {
  const browser = useBrowser();
  afterAll(closeAdmin);

  const cases: Array<{ path: string; colorScheme: 'light' | 'dark'; viewport: PageOptions['viewport'] }> = [
    { path: '/', colorScheme: 'light', viewport: DESKTOP },
    { path: '/', colorScheme: 'dark', viewport: PHONE },
    { path: '/fr', colorScheme: 'dark', viewport: DESKTOP },
    { path: '/fr', colorScheme: 'light', viewport: PHONE },
  ];
  for (const { path, colorScheme, viewport } of cases)
    it(`when ${path} opens (${colorScheme}, ${viewport!.width} px wide), then the HTML paints the landing and the app takes over without a visible change or a console complaint`, async () => {
      const page = await browser.newPage({ colorScheme, viewport });
      const complaints = collectComplaints(page);
      const { before, after } = await beforeAndAfter(page, path);
      expect(Buffer.compare(before, after), 'screenshots before and after the app took over differ').toBe(0);
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);
      await expect
        .poll(() => page.locator('h1').textContent())
        .toBe(path === '/fr' ? 'Bienvenue dans Insight' : 'Welcome to Insight');
      expect(complaints).toEqual([]);
    });

  it('when the landing opens, then the first number formatter is made by the HTML in a task of its own, before the app’s code makes one', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    // Records where each Intl.NumberFormat is made: the first one of a page loads the browser's
    // number data (about 11 ms), which MUI's French locale otherwise paid inside the app's module
    // evaluation, its longest task.
    await page.addInitScript(() => {
      const made: string[] = [];
      (window as unknown as { __numberFormats: string[] }).__numberFormats = made;
      Intl.NumberFormat = new Proxy(Intl.NumberFormat, {
        construct(target, args: ConstructorParameters<typeof Intl.NumberFormat>) {
          made.push(new Error('made').stack ?? '');
          return Reflect.construct(target, args);
        },
      });
    });
    await page.goto('/');
    await tookOver(page);
    const made = await page.evaluate(
      () => (window as unknown as { __numberFormats: string[] }).__numberFormats,
    );
    expect(made.length, 'number formatters made').toBeGreaterThan(1);
    expect(made[0], 'the first one').not.toMatch(/\/assets\//);
    expect(
      made.slice(1).some((stack) => /\/assets\//.test(stack)),
      'one made by the app’s code later',
    ).toBe(true);
  });

  it('when /fr/… is asked of Hosting, then it answers the French HTML, and English elsewhere', async () => {
    const french = await (await fetch(`${PORTAL}/fr/threshold`)).text();
    const english = await (await fetch(`${PORTAL}/threshold`)).text();
    expect(french).toContain('<html lang="fr-CA">');
    expect(english).toContain('<html lang="en-CA">');
    expect(french).toContain('data-prerender');
    expect(english).toContain('data-prerender');
  });

  it('when the theme cookie says dark and the drawer was collapsed, then the first paint is dark with the collapsed drawer', async () => {
    const page = await browser.newPage({ colorScheme: 'light', viewport: DESKTOP });
    await page.context().addCookies([{ name: 'insight-theme', value: 'dark', url: PORTAL }]);
    await page.addInitScript(() => localStorage.setItem('insight-drawer-expanded', 'false'));
    const complaints = collectComplaints(page);
    const { before, after } = await beforeAndAfter(page, '/');
    expect(await page.evaluate(() => document.documentElement.dataset.drawer)).toBe('mini');
    expect(Buffer.compare(before, after), 'screenshots before and after the app took over differ').toBe(0);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(18, 20, 24)');
    expect(complaints).toEqual([]);
  });

  it('when JavaScript is off, then the HTML alone shows the landing with its sign-in link', async () => {
    const page = await browser.newPage({ viewport: PHONE, javaScriptEnabled: false });
    await page.goto('/');
    await expect.poll(() => page.locator('h1').first().isVisible()).toBe(true);
    expect(await page.locator('a[href="/login"]').first().isVisible()).toBe(true);
  });

  it('when a signed-in user reloads a page, then the first paint is the shell with a skeleton, not the landing, and no console complaint', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInFast(page, await createUser('prerender', ['support3']));
    await page.getByTestId('logout').waitFor();
    const complaints = collectComplaints(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await page.locator('[data-prerender]').first().waitFor({ state: 'attached' });
    expect(await page.evaluate(() => document.documentElement.dataset.view)).toBe('skeleton');
    expect(await page.getByTestId('page-skeleton').isVisible()).toBe(true);
    expect(await page.locator('h1', { hasText: 'Welcome to Insight' }).count()).toBe(0);
    release();
    await page.getByTestId('logout').waitFor();
    expect(complaints).toEqual([]);
  });

  it('when a signed-in user reloads a device view in French, then its answer, looks and playbook are asked for once while the app code is still on its way, with the French texts, and the view draws from them', async () => {
    const [device] = await catalogue('gpon', 1);
    const mac = device!.mac;
    const page = await browser.newPage({ viewport: PHONE });
    await signInFast(page, await createUser('early-reads', ['support3']));
    const drawn = () =>
      page.locator('[data-testid=findings][data-state]:not([data-state=loading])').waitFor();
    await page.goto(`/fr/i/mac/${mac}`);
    await drawn();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url().replace(PORTAL, '')));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload({ waitUntil: 'commit' });
    const reads = [`/api/360/${mac}?language=fr`, `/api/360/${mac}/looks`, '/api/diagnosis/playbook'];
    // The app's entry has not run: these come from the early reads and the preloads.
    await expect.poll(() => reads.filter((read) => asked.includes(read))).toEqual(reads);
    const { session, pages } = await page.evaluate(() => {
      const meta = document.querySelector<HTMLMetaElement>('meta[name=insight-entry]')!.dataset;
      return {
        session: JSON.parse(meta.preloadSession!) as string[],
        pages: JSON.parse(meta.preloadPages!) as string[][],
      };
    });
    // The app's start texts [files, English, French], and the view's entry [pattern, code, English, French, early].
    const view = pages.find((entry) => entry[4])!;
    const files = (...lists: Array<string | undefined>) =>
      lists.flatMap((list) => (list ?? '').split(' ')).filter(Boolean);
    const french = files(session[2], view[3]);
    const english = files(session[1], view[2]).filter((file) => !french.includes(file));
    expect(english.length).toBeGreaterThan(0);
    await expect.poll(() => french.filter((file) => !asked.includes(file))).toEqual([]);
    expect(english.filter((file) => asked.includes(file))).toEqual([]);
    release();
    await drawn();
    // Every stage drawn (the view's reads are all made by then), nothing asked twice.
    await page.locator('[data-stage="2"]').waitFor();
    for (const read of reads)
      expect(
        asked.filter((url) => url === read),
        read,
      ).toHaveLength(1);
  });
});
