import type { Page } from 'playwright-core';

/**
 * Waits until the page is drawn and still: its fonts loaded, and no animation or transition running but
 * an endless one (a skeleton's pulse, a progress spinner). What a screenshot or a measure of the layout
 * waits for, in place of a fixed pause.
 */
export async function untilStill(page: Page, timeout = 10_000): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    undefined,
    { timeout },
  );
}
