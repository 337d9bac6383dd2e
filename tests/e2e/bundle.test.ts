import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../harness/browser';
import { BUDGET_KB, pageWeightKb, type PageWeight } from '../../harness/bundle';
import { closeAdmin } from '../../harness/users';

/**
 * Loaded only by the screens that use them (issue 15): the Firestore SDK, the DataGrid (its texts,
 * part of the theme, are not the grid), the charts and the tree view.
 */
const SCREEN_LIBRARIES = [
  '@firebase/firestore/',
  '@mui/x-data-grid/DataGrid/',
  '@mui/x-charts/',
  '@mui/x-tree-view/',
];
const holds = (weight: PageWeight, library: string) =>
  weight.modules.some((module) => module.startsWith(library));

describe('first load', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ browser, close } = await launchBrowser([], { shell: true }));
  });
  afterAll(async () => {
    await close();
    await closeAdmin();
  });

  it(`when the signed-out landing loads, then its scripts and styles weigh at most ${BUDGET_KB.landing} KB gzipped, without Firebase Auth or a screen's libraries`, async () => {
    const landing = await pageWeightKb(browser, false);
    expect(landing.kb, JSON.stringify(landing.sizes)).toBeLessThanOrEqual(BUDGET_KB.landing);
    expect(holds(landing, '@firebase/auth/')).toBe(false);
    for (const library of SCREEN_LIBRARIES) expect(holds(landing, library), library).toBe(false);
  });

  it(`when the signed-in home loads, then its scripts and styles weigh at most ${BUDGET_KB.home} KB gzipped, without a screen's libraries`, async () => {
    const home = await pageWeightKb(browser, true);
    expect(home.kb, JSON.stringify(home.sizes)).toBeLessThanOrEqual(BUDGET_KB.home);
    expect(holds(home, '@firebase/auth/')).toBe(true);
    for (const library of SCREEN_LIBRARIES) expect(holds(home, library), library).toBe(false);
  });
});
