/**
 * Known outages end to end (docs/features.md, "Known outages"): the simulator, playing Alertmanager, opens
 * an outage of a port (POST /_sim/outages); the board shows it, axe clean in both themes and at a phone's
 * width, and operation keeps its note there; a support agent's 360 view of a device on that port shows the banner in the first screen and the
 * known outage's next step (tell the customer, do not escalate again), in English and French, and Home's
 * recent lookups mark the device; the simulator resolves it and all clear: the banner and the mark go, the
 * step is the escalation again.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLAYBOOK_BY_KEY } from '@insight/common/diagnosis-playbook';
import { formatIsoDateTime, formatTime } from '@insight/common/format';
import { outageId } from '@insight/common/outages';
import { api, idTokenFor, SIMULATOR } from '../../harness/api-client';
import { WCAG_AA, wcagViolations } from '../../harness/axe';
import { useBrowser } from '../../harness/browser';
import { closeAdmin, createUser, signInFast } from '../../harness/users';

interface Device {
  mac: string;
  olt: string;
  port: string;
}

/**
 * A device of a port with a feeder fault that no other file opens: not the first port of the kind (the
 * neighbourhood's file reads the first device's port without a known outage).
 */
async function deviceOnAnotherPort(): Promise<Device> {
  const res = await fetch(`${SIMULATOR}/_sim/catalogue?kind=port-feeder&limit=200`);
  const { items } = (await res.json()) as { items: Device[] };
  const first = items[0]!;
  const device = items.find((item) => item.olt !== first.olt || item.port !== first.port);
  if (!device) throw new Error('The catalogue has a single port-feeder port');
  return device;
}

/** Opens or resolves the port's outage as Alertmanager would; the outage's id in Insight. */
async function simulateOutage(device: Device, action: 'open' | 'resolve'): Promise<string> {
  const res = await fetch(`${SIMULATOR}/_sim/outages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ olt: device.olt, port: device.port, action }),
  });
  const body = (await res.json()) as {
    alert: { fingerprint: string; startsAt: string };
    delivery: { status: number | null; error: string | null } | null;
  };
  // Insight's receiver took the webhook.
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(body.delivery?.status, JSON.stringify(body.delivery)).toBe(200);
  return outageId(body.alert.fingerprint, body.alert.startsAt);
}

const PHONE = { width: 390, height: 844 };

/** The open outage's card of the device's port on the board. */
const openCard = (page: Page, device: Device) =>
  page
    .getByTestId('outages-open')
    .getByRole('article')
    .filter({ hasText: `${device.olt} ${device.port}` });

/** The top finding of a view once every section has answered: its kind and its words. */
async function topFinding(page: Page): Promise<{ key: string | null; text: string }> {
  const top = page.getByTestId('findings').locator('li').first();
  return { key: await top.getAttribute('data-key'), text: (await top.textContent()) ?? '' };
}

describe('known outages', () => {
  const browser = useBrowser();
  let device: Device;
  let id: string;
  let resolved = false;

  beforeAll(async () => {
    device = await deviceOnAnotherPort();
    id = await simulateOutage(device, 'open');
  });
  afterAll(async () => {
    // A failed test leaves no outage open for the next file on the port.
    if (!resolved) await simulateOutage(device, 'resolve').catch(() => undefined);
    await closeAdmin();
  });

  for (const theme of ['light', 'dark'] as const)
    it(`(${theme}, 390 px) the board shows the open outage with its counts and port, axe finds no violation${theme === 'light' ? ', and operation keeps its note' : ''}`, async () => {
      const page = await browser.newPage({ viewport: PHONE, colorScheme: theme });
      await signInFast(page, await createUser(`outage-board-${theme}`, ['operation']));
      await page.goto(theme === 'dark' ? '/fr/outages' : '/outages');
      const card = openCard(page, device);
      await card.waitFor({ timeout: 30_000 });
      expect(await card.getByTestId('outage-state').textContent()).toBe(
        theme === 'dark' ? 'En cours' : 'Open',
      );
      expect(Number(await card.getByTestId('outage-accounts').textContent())).toBeGreaterThan(0);
      expect(await card.getByTestId('outage-port-link').getAttribute('href')).toBe(
        `${theme === 'dark' ? '/fr' : ''}/i/port/${device.olt}/${device.port}`,
      );
      expect(await page.title()).toMatch(theme === 'dark' ? /^Pannes connues/ : /^Known outages/);
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      expect(await wcagViolations(page)).toEqual([]);
      if (theme === 'dark') return;
      // Operation keeps the note: the form sends it through the API, the card shows it live.
      await card.getByTestId('outage-edit-note').click();
      const dialog = page.getByTestId('outage-note-dialog');
      await dialog.getByTestId('field-ticket').fill('OUT-BOARD');
      await dialog.getByTestId('field-backAbout').fill(formatIsoDateTime(Date.now() + 2 * 3_600_000));
      await dialog.getByTestId('field-text').fill('Crew on site');
      await dialog.getByTestId('outage-note-dialog-save').click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => card.getByTestId('outage-ticket').textContent()).toBe('OUT-BOARD');
      expect(await card.getByTestId('outage-note-text').textContent()).toBe('Crew on site');
    });

  it("a support agent's view of a device on the port shows the banner and the known outage's step, in English and French, Home marks it; all clear when it is resolved", async () => {
    // Operation's note, through the API: the banner says the ticket and when service should be back.
    const backAbout = new Date(Date.now() + 3_600_000).toISOString();
    const operator = await idTokenFor(await createUser('outage-note', ['operation']));
    const saved = await api(operator.token, `/outages/${id}/note`, {
      method: 'PUT',
      body: JSON.stringify({ ticket: 'OUT-E2E', backAbout, text: '' }),
    });
    await operator.close();
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const agent = await createUser('outage-view', ['support1']);
    const views = [] as Array<{ language: 'en' | 'fr'; page: Page }>;
    for (const language of ['en', 'fr'] as const) {
      // English in the light theme, French in the dark one.
      const page = await browser.newPage({
        viewport: PHONE,
        colorScheme: language === 'fr' ? 'dark' : 'light',
      });
      await signInFast(page, agent);
      await page.goto(`${language === 'fr' ? '/fr' : ''}/i/mac/${device.mac}`);
      views.push({ language, page });
    }
    for (const { language, page } of views) {
      const banner = page.getByTestId('outage-banner');
      await banner.waitFor({ timeout: 30_000 });
      const words = (await banner.textContent()) ?? '';
      expect(words).toContain(language === 'fr' ? 'Panne connue depuis' : 'Known outage since');
      expect(words).toContain(`${device.olt} ${device.port}`);
      expect(words).toContain(
        language === 'fr'
          ? `billet OUT-E2E · retour vers ${formatTime(backAbout, 'fr')}`
          : `ticket OUT-E2E · back about ${formatTime(backAbout, 'en')}`,
      );
      // In the first screen of a phone.
      const box = (await banner.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
      // Its words and its link read in either theme.
      const scan = await new AxeBuilder({ page })
        .include('[data-testid="outage-banner"]')
        .withTags(WCAG_AA)
        .analyze();
      expect(scan.violations.map((violation) => violation.id)).toEqual([]);
      await expect
        .poll(() => page.getByTestId('findings').getAttribute('data-state'), { timeout: 25_000 })
        .toBe('complete');
      await expect.poll(async () => (await topFinding(page)).key, { timeout: 15_000 }).toBe('knownOutage');
      // The step as the view fills it: the customer is told, nothing is escalated again.
      const known = DEFAULT_PLAYBOOK_BY_KEY.knownOutage!;
      const step = language === 'fr' ? known.stepFr : known.stepEn;
      const { text } = await topFinding(page);
      expect(text).toContain(step.slice(0, step.indexOf('{since}')));
      expect(text).toContain(language === 'fr' ? 'N’escaladez pas de nouveau' : 'Do not escalate again');
      expect(text).not.toContain(language === 'fr' ? 'escaladez aux opérations' : 'escalate to operations');
    }

    // The agent's recent lookups: the device, marked. Its last look (stored once the view's answer has
    // left) keeps its port: Home is opened once the scores say where it hangs.
    const reader = await idTokenFor(agent);
    await expect
      .poll(
        async () => {
          const { body } = await api(reader.token, `/diagnosis/scores?macs=${device.mac}`);
          return (body.scores as Record<string, { place?: { port?: string } }> | undefined)?.[device.mac]
            ?.place?.port;
        },
        { timeout: 30_000 },
      )
      .toBe(device.port);
    await reader.close();
    const home = await browser.newPage({ viewport: PHONE });
    await signInFast(home, agent);
    await home.goto('/');
    const mark = home.getByTestId(`recent-outage-${device.mac}`);
    await mark.waitFor({ timeout: 30_000 });

    await simulateOutage(device, 'resolve');
    resolved = true;
    await mark.waitFor({ state: 'detached', timeout: 30_000 });
    for (const { language, page } of views) {
      // The open outages are read again every few seconds: the banner goes, the step is the escalation again.
      await page.getByTestId('outage-banner').waitFor({ state: 'detached', timeout: 30_000 });
      await expect.poll(async () => (await topFinding(page)).key, { timeout: 15_000 }).toBe('portOutage');
      const outage = DEFAULT_PLAYBOOK_BY_KEY.portOutage!;
      expect((await topFinding(page)).text).toContain(
        (language === 'fr' ? outage.stepFr : outage.stepEn)
          .replaceAll('{olt}', device.olt)
          .replaceAll('{port}', device.port),
      );
    }
  });
});
