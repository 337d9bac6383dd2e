/**
 * Is it this customer, or the network? (docs/diagnosis.md, "Neighbourhood"): a device on a port with a
 * feeder fault says outage and offers the escalation with the OLT and port, with what the outage takes with
 * it folded under it and no reset offered (one cause, one story); a device with a bad drop on a healthy
 * port says drop or home; the ticket note carries it, in both languages.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLAYBOOK_BY_KEY } from '@insight/common/diagnosis-playbook';
import { formatMac } from '@insight/common/mac';
import { SIMULATOR } from '../../harness/api-client';
import { useBrowser } from '../../harness/browser';
import { closeAdmin, createUser, signInFast } from '../../harness/users';

/** The first catalogue device of a kind, with its OLT and port. */
async function deviceOf(kind: string): Promise<{ mac: string; olt: string; port: string }> {
  const res = await fetch(`${SIMULATOR}/_sim/catalogue?kind=${kind}&limit=1`);
  const { items } = (await res.json()) as { items: Array<{ mac: string; olt: string; port: string }> };
  return items[0]!;
}

/** Opens a view and waits until every section, the neighbours included, has answered. */
async function openComplete(page: Page, path: string) {
  await page.goto(path);
  await expect
    .poll(() => page.getByTestId('findings').getAttribute('data-state'), { timeout: 25_000 })
    .toBe('complete');
}

/** What "Copy for the ticket" put on the clipboard (the page's clipboard, recorded). */
async function copiedNote(page: Page): Promise<string> {
  await page.getByTestId('copy-ticket').click();
  await expect.poll(() => page.getByTestId('copy-ticket').getAttribute('data-copied')).toBe('true');
  return page.evaluate(() => (window as unknown as { copied: string }).copied);
}

describe('the neighbours on the fibre', () => {
  const browser = useBrowser();
  afterAll(closeAdmin);

  for (const language of ['en', 'fr'] as const)
    it(`(${language}) a feeder fault is an outage: escalate with the OLT and port, no home visit; the ticket note says so`, async () => {
      const device = await deviceOf('port-feeder');
      const page = await browser.newPage();
      await page.addInitScript(() => {
        Object.defineProperty(navigator, 'clipboard', {
          value: {
            writeText: (text: string) => (
              ((window as unknown as { copied: string }).copied = text),
              Promise.resolve()
            ),
          },
        });
      });
      await signInFast(page, await createUser(`nb-feeder-${language}`, ['operation']));
      await openComplete(page, `${language === 'fr' ? '/fr' : ''}/i/mac/${device.mac}`);
      const top = page.getByTestId('findings').locator('li').first();
      expect(await top.getAttribute('data-key')).toBe('portOutage');
      const entry = DEFAULT_PLAYBOOK_BY_KEY.portOutage!;
      const step = (language === 'fr' ? entry.stepFr : entry.stepEn)
        .replaceAll('{olt}', device.olt)
        .replaceAll('{port}', device.port);
      expect(await top.textContent()).toContain(step);
      // One story: the ONU's own state is folded under the outage, which set the score; no reset anywhere.
      const notRanged = DEFAULT_PLAYBOOK_BY_KEY.onuNotRanged!;
      const consequence = top.getByTestId('finding-consequence-onu-state');
      expect(await consequence.getAttribute('data-key')).toBe('onuNotRanged');
      expect(await page.getByTestId('finding-onu-state').count()).toBe(0);
      expect(await page.getByTestId('experience-score').getAttribute('data-set-by')).toBe('portOutage');
      expect(
        await page
          .locator('[data-testid^="finding-action-"]:not([data-testid^="finding-action-held"])')
          .count(),
      ).toBe(await page.getByTestId('finding-action-bc').count());
      expect(await page.getByTestId('findings').textContent()).not.toContain(
        language === 'fr' ? notRanged.stepFr : notRanged.stepEn,
      );
      // The neighbours' section shows the port, and links the port page for operation.
      await page.getByTestId('section-neighbourhood').waitFor();
      expect(await page.getByTestId('neighbourhood-port').textContent()).toContain(device.olt);
      await expect.poll(() => page.getByTestId('neighbourhood-port-link').count()).toBe(1);

      const note = await copiedNote(page);
      expect(note).toContain(formatMac(device.mac));
      expect(note).toContain(step);
      expect(note).not.toContain(language === 'fr' ? notRanged.stepFr : notRanged.stepEn);
      expect(note).toMatch(
        language === 'fr'
          ? /En conséquence : L’ONU n’est pas inscrite/
          : /Because of it: The ONU is not ranged/,
      );
      expect(note).toContain(`/i/mac/${device.mac}`);
      if (language === 'fr') expect(note).toContain('Voisins sur la fibre');
      else expect(note).toContain('Neighbours on the fibre');
      await page.close();
    });

  it('a bad drop among healthy neighbours is the drop, dark or low, not the network', async () => {
    const device = await deviceOf('bad-drop');
    const page = await browser.newPage();
    await signInFast(page, await createUser('nb-drop', ['support1']));
    await openComplete(page, `/i/mac/${device.mac}`);
    const top = page.getByTestId('findings').locator('li').first();
    // Its drop: dark (the ONU lost the light, a root cause) or low light (the drop or the home).
    expect(['dropCut', 'dropOrHome']).toContain(await top.getAttribute('data-key'));
    // support1 has no port page: no link to it.
    expect(await page.getByTestId('neighbourhood-port-link').count()).toBe(0);
    await page.close();
  });
});
