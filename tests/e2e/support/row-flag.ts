import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** What the watch of `watchRowFlag` keeps in the page (window.__rowFlag). */
interface RowFlag {
  id: string | null;
  flagged: boolean;
  cleared: boolean;
}

/**
 * Watches a staging table for a row that turns flagged as changed (`.row-changed`) and then clears: the
 * row `selector` matches, or, without one, the first row that turns flagged after the watch begins (not
 * one already flagged: its time has partly run). A MutationObserver notes both changes as the DOM makes
 * them, so a flag drawn late or briefly on a busy machine is still seen. How long the flag lasts is the
 * staging engine's, tested on fake timers (hosting/src/features/staging); here the flag appears and clears.
 */
export async function watchRowFlag(page: Page, selector: string | null = null) {
  await page.evaluate((rowSelector) => {
    const state: RowFlag = { id: null, flagged: false, cleared: false };
    (window as unknown as { __rowFlag: RowFlag }).__rowFlag = state;
    const flaggedIds = () =>
      new Set(
        [...document.querySelectorAll('.MuiDataGrid-row.row-changed')].map((row) =>
          row.getAttribute('data-id'),
        ),
      );
    let before = flaggedIds();
    const observer = new MutationObserver(() => {
      if (!state.flagged) {
        if (rowSelector) {
          state.flagged = document.querySelector(rowSelector)?.classList.contains('row-changed') ?? false;
          return;
        }
        const current = flaggedIds();
        const id = [...current].find((candidate) => candidate !== null && !before.has(candidate));
        before = current;
        if (id) Object.assign(state, { id, flagged: true });
        return;
      }
      const row = rowSelector
        ? document.querySelector(rowSelector)
        : document.querySelector(`.MuiDataGrid-row[data-id="${CSS.escape(state.id!)}"]`);
      if (row && !row.classList.contains('row-changed')) {
        state.cleared = true;
        observer.disconnect();
      }
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['class'],
    });
  }, selector);
  const read = () => page.evaluate(() => (window as unknown as { __rowFlag: RowFlag }).__rowFlag);
  return {
    /** Waits until the row is flagged, then until it has cleared (a flag that stays fails). */
    async flaggedThenCleared(timeout = 20_000) {
      await expect
        .poll(async () => (await read()).flagged, { timeout, message: 'no row was flagged' })
        .toBe(true);
      await expect
        .poll(async () => (await read()).cleared, { timeout, message: 'the row stayed flagged' })
        .toBe(true);
    },
  };
}
