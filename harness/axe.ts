/**
 * axe-core over a page, the one way the end-to-end tests scan for accessibility. Only the violations are
 * built and sent back: axe lists every node that passes a rule too (thousands on a page with a grid), and
 * serialising those over the DevTools protocol was most of a scan's time. The violations are complete.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { untilStill } from './still';

/** WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/**
 * Waits until the page holds still for a scan: no finite transition or animation running (harness/still.ts:
 * a panel that opens or a card that fades in is hidden or clipped until it ends), and every
 * sideways-scrolling frame (`data-scrolls`, see `hosting/src/components/table-scroll.tsx`) stating what it
 * measures (a frame learns that it scrolls from a resize observer, one frame after the layout that made it
 * so; a scan in between would see a scrolling frame that is not yet a tab stop).
 */
export async function scrollFramesSettled(page: Page): Promise<void> {
  await untilStill(page);
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll<HTMLElement>('[data-scrolls]')].every(
        (frame) => (frame.dataset.scrolls === 'true') === frame.scrollWidth > frame.clientWidth + 1,
      ),
    undefined,
    { timeout: 10_000 },
  );
}

/** Every violation axe finds on the page (of the rules tagged `tags`, or of all its rules). */
export async function axeViolations(page: Page, tags?: string[]): Promise<AxeViolation[]> {
  await scrollFramesSettled(page);
  // axe.run in the page itself: the default splits the run and finishes it in a blank page that it opens
  // and closes for every scan (one more page, and axe's source evaluated twice), which a page without
  // cross-origin frames (every page of the portal) does not need.
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  return (tags ? builder.withTags(tags) : builder).analyze().then((result) => result.violations);
}

/** The serious and critical violations, one line each: the rule and its first nodes. */
export async function seriousViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page))
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

/** Every WCAG AA violation, one line each: the rule, its impact, its count of nodes and the first ones. */
export async function wcagViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page, WCAG_AA)).map(
    (violation) =>
      `${violation.id} (${violation.impact}, ${violation.nodes.length}): ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | ')}`,
  );
}
