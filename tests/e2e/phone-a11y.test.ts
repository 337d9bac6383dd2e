/**
 * Every page of the registry at phone width (390 × 844) and at desktop width (1440 × 900), each width in
 * both languages and both themes (four pairs of language and theme, two per width), signed in as
 * engineering: no horizontal scroll of the page, dialogs fit the screen, axe-core (WCAG 2.0/2.1 A and AA)
 * finds no violation, and every grid that scrolls sideways keeps its first column in view.
 * One test per page and pair. Each pair signs in once and moves from page to page through the app's
 * router; the two pairs of a width run side by side (more only crowds a two-core machine: the functions
 * emulator starts a worker per request in flight, and the pages wait on them).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { THEME_COOKIE } from '../../common/src/constants';
import { readFileSync } from 'node:fs';
import { catalogue, type CatalogueDevice } from '../../harness/api-client';
import { wcagViolations } from '../../harness/axe';
import { PORTAL, useBrowser } from '../../harness/browser';
import { closeAdmin, createUser, signInFast, type TestUser } from '../../harness/users';
import { untilStill } from '../../harness/still';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
type Viewport = typeof PHONE;

/**
 * Every path of the page registry (hosting/src/app/pages.tsx, read as text: the module loads the app), its
 * tabs included; the 360 view and the port page on a catalogue device.
 */
function paths({ mac, olt, port }: CatalogueDevice): string[] {
  const registry = readFileSync(new URL('../../hosting/src/app/pages.tsx', import.meta.url), 'utf8');
  const entries = registry.split(/\n {2}\{\n/).slice(1);
  const found = entries.flatMap((entry) => {
    const key = /key: '([^']+)'/.exec(entry)?.[1];
    const path = /path: '([^']+)'/.exec(entry)?.[1];
    if (!key || !path) return [];
    if (key === 'insight360') return [`/i/mac/${mac}`];
    if (key === 'ponPort') return [`/i/port/${olt}/${port}`];
    const tabs = /children: \{([^}]*)\}/.exec(entry)?.[1];
    const children = tabs
      ? [...tabs.matchAll(/(?:'([^']*)'|(\w+)): '/g)].map((match) => match[1] ?? match[2]!)
      : [''];
    return children.map((child) => (child ? `${path}/${child}` : path));
  });
  if (found.length < 10)
    throw new Error(`the registry lists ${found.length} pages: the reading is out of date`);
  return found;
}

/** How long a staging page may take to go live (see `settle`). */
const STAGE_LIVE_MS = 45_000;

/** Waits until the page shows its content: a heading, no skeleton nor progress left (or 10 s passed). */
async function settle(page: Page, path: string) {
  await page.locator('main h1, h1').first().waitFor();
  // A staging page is live once its stream, or its six Firestore listeners (/juniper-stage), have answered.
  // In CI the trigger lane writes hundreds of rows to the same Firestore emulator meanwhile: a listener's
  // first snapshot has taken over 20 s there once (the page then had nothing wrong with it).
  if (path.endsWith('-stage'))
    await page.waitForSelector('[data-testid=connection][data-state=live]', { timeout: STAGE_LIVE_MS });
  if (path === '/plume-stage' || path === '/onu-stage')
    await page.locator('.MuiDataGrid-row').first().waitFor({ timeout: STAGE_LIVE_MS });
  // The sample page shows a loading card on purpose: its skeleton stays.
  if (path !== '/sample')
    await page
      .waitForFunction(
        () =>
          document.querySelectorAll('.MuiSkeleton-root, .MuiDataGrid-overlay .MuiCircularProgress-root')
            .length === 0,
        undefined,
        { timeout: 10_000 },
      )
      .catch(() => undefined);
  await untilStill(page).catch(() => undefined);
  // A snackbar that is still fading in would be measured half transparent.
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('.MuiSnackbarContent-root')].every(
          (element) => getComputedStyle(element).opacity === '1',
        ),
      undefined,
      { timeout: 5000 },
    )
    .catch(() => undefined);
}

/**
 * Opens `url` the way a link in the app does: through the app's router, without loading the page again
 * (people move between pages by the drawer and the tabs; one load per sign-in keeps the run short).
 * The route renders on the history event; a frame later the new page (or its loading state) is there.
 */
async function openInApp(page: Page, url: string) {
  await page.evaluate((target) => history.pushState(null, '', target), url);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

/** What overflows the viewport sideways: the page's own scroll width and the widest offending elements. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scroll = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    if (scroll <= width) return null;
    const culprits = [...document.querySelectorAll('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.right > width + 1 && box.width > 0 && !element.closest('.MuiDataGrid-virtualScroller');
      })
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 2).join('.')}`);
    return `${scroll} > ${width}: ${culprits.join(', ')}`;
  });

/** A grid that scrolls sideways keeps its first column at the left edge. */
async function firstColumnPinned(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const problems: string[] = [];
    for (const grid of document.querySelectorAll<HTMLElement>('.MuiDataGrid-root')) {
      const scroller = grid.querySelector<HTMLElement>('.MuiDataGrid-virtualScroller');
      const cell = () => grid.querySelector<HTMLElement>('.MuiDataGrid-row [data-colindex="0"]');
      if (!scroller || !cell() || scroller.scrollWidth <= scroller.clientWidth + 1) continue;
      const left = scroller.getBoundingClientRect().left;
      scroller.scrollLeft = scroller.scrollWidth;
      // At rest: the grid renders the columns behind the scroll once it stops, later on a busy machine. The
      // first cell is read once it is there and has kept its place for two frames (3 s at most).
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
      const deadline = performance.now() + 3000;
      let last: number | undefined;
      let steady = 0;
      while (performance.now() < deadline && steady < 2) {
        await frame();
        const now = cell()?.getBoundingClientRect().left;
        steady = now !== undefined && now === last ? steady + 1 : 0;
        last = now;
      }
      const box = cell()?.getBoundingClientRect();
      if (!box || Math.abs(box.left - left) > 2)
        problems.push(
          `${grid.getAttribute('aria-label') ?? 'a grid'}: first column at ${box?.left} (grid at ${left})`,
        );
      scroller.scrollLeft = 0;
    }
    return problems;
  });
}

/** An open dialog fits the screen. */
async function dialogFits(page: Page, screen: Viewport, open: () => Promise<void>): Promise<string | null> {
  await open();
  const paper = page.locator('.MuiDialog-paper').last();
  await paper.waitFor();
  const box = await paper.boundingBox();
  await page.keyboard.press('Escape');
  await paper.waitFor({ state: 'hidden' }).catch(() => undefined);
  if (!box) return 'no dialog';
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= screen.width && box.y + box.height <= screen.height
    ? null
    : `dialog at ${JSON.stringify(box)}`;
}

/**
 * axe's violations that are still there in a second scan, once the page is still again. The lists update
 * live while the other lanes write (the permissions grid gains the users they create): a scan that lands
 * between a row's mount and its cells' found every row without its cells once
 * (`aria-required-children`), gone on the next frame. A violation of the page stays in both scans.
 */
async function lastingViolations(page: Page): Promise<string[]> {
  const first = await wcagViolations(page);
  if (first.length === 0) return first;
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await untilStill(page).catch(() => undefined);
  const rule = (violation: string) => violation.split(' ')[0];
  const again = await wcagViolations(page);
  return again.filter((violation) => first.some((earlier) => rule(earlier) === rule(violation)));
}

/** What is wrong on one page: the overflow, the grids' first column, axe, and the add dialog of a list. */
async function pageProblems(page: Page, path: string, screen: Viewport): Promise<string[]> {
  const problems: string[] = [];
  const wide = await overflow(page);
  if (wide) problems.push(`scrolls sideways (${wide})`);
  problems.push(...(await firstColumnPinned(page)));
  for (const violation of await lastingViolations(page)) problems.push(`axe ${violation}`);
  if (path === '/net-manage' || path === '/sample') {
    const testId = path === '/sample' ? 'sample-table-add' : 'cmts-table-add';
    const add = page.getByTestId(testId);
    if ((await add.count()) > 0) {
      const fits = await dialogFits(page, screen, () => add.click());
      if (fits) problems.push(fits);
    } else problems.push(`no ${testId} button`);
  }
  return problems;
}

/** The registry's paths as test names: the device's place holders, filled in when the test runs. */
const PLACE = { mac: ':mac', olt: ':olt', port: ':port' } as CatalogueDevice;
const PATHS = paths(PLACE);
const onDevice = (path: string, device: CatalogueDevice) =>
  path.replace(PLACE.mac, device.mac).replace(PLACE.olt, device.olt).replace(PLACE.port, device.port);

/**
 * Each width sees each theme and each language once: at phone width English dark and French light, at
 * desktop width English light and French dark (a phone's layout hides what a desktop shows: the drawer,
 * the grids' every column; contrast follows the theme, what overflows the language and the width).
 */
const PASSES = [
  {
    screen: PHONE,
    name: 'on a phone',
    pairs: [
      ['en', 'dark'],
      ['fr', 'light'],
    ],
  },
  {
    screen: DESKTOP,
    name: 'at desktop width',
    pairs: [
      ['en', 'light'],
      ['fr', 'dark'],
    ],
  },
] as const;

describe('phone width and axe, every page of the registry', () => {
  const browser = useBrowser();
  let user: TestUser;
  let device: CatalogueDevice;
  beforeAll(async () => {
    user = await createUser('phone-a11y', ['engineering']);
    device = (await catalogue('pods'))[0]!;
  });
  afterAll(closeAdmin);

  for (const { screen, name, pairs } of PASSES)
    describe.concurrent(`engineering ${name}`, () => {
      for (const [lang, mode] of pairs)
        describe.sequential(`in ${lang === 'fr' ? 'French' : 'English'} ${mode}`, () => {
          const prefix = lang === 'fr' ? '/fr' : '';
          let page: Page;
          beforeAll(async () => {
            page = await browser.newPage({ viewport: screen, colorScheme: mode, kept: true });
            await page.context().addCookies([{ name: THEME_COOKIE, value: mode, url: PORTAL }]);
            await signInFast(page, user);
            await page.goto(`${prefix}/`);
          });
          afterAll(() => page?.context().close());

          for (const path of PATHS)
            it(
              `${prefix}${path}: nothing scrolls sideways, grids keep their first column, dialogs fit, axe finds no violation`,
              async ({ expect }) => {
                const shown = onDevice(path, device);
                let problems: string[];
                try {
                  await openInApp(page, `${prefix}${shown}`);
                  await settle(page, shown);
                  problems = await pageProblems(page, shown, screen);
                } catch (error) {
                  // The next page starts from a fresh load.
                  await page.goto(`${prefix}/`).catch(() => undefined);
                  throw error;
                }
                expect(problems).toEqual([]);
              },
              // A staging page may wait STAGE_LIVE_MS to go live before its scan.
              path.endsWith('-stage') ? 120_000 : undefined,
            );
        });
    });
});
