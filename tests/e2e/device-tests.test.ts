/**
 * Tests from the device end to end (docs/device-tests.md), through the simulator's ACS at a tenth of a
 * device's pace: on a Wi-Fi placement device the speed test says the line delivers the plan and the Wi-Fi
 * finding leads the diagnosis (English); on a dirty-connector device a ping to the provider's DNS loses
 * packets and the loss is a finding (French); a second agent opening the first device sees the first
 * agent's result, with who ran it; a device whose ONU is down cannot be reached, and the card says why.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { SIMULATOR } from '../../harness/api-client';
import { wcagViolations } from '../../harness/axe';
import { useBrowser } from '../../harness/browser';
import { closeAdmin, createUser, signInFast } from '../../harness/users';

async function firstOf(kind: string): Promise<string> {
  const res = await fetch(`${SIMULATOR}/_sim/catalogue?kind=${kind}&limit=1`);
  return ((await res.json()) as { items: Array<{ mac: string }> }).items[0]!.mac;
}

/** The test's state on the card, once it has ended (the card reads the device's tests while one runs). */
async function endedState(page: Page, kind: string): Promise<string | null> {
  const state = page.getByTestId(`device-test-${kind}-state`);
  await page.waitForFunction(
    (id) => {
      const value = document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-state');
      return !!value && !['idle', 'requested', 'running'].includes(value);
    },
    `device-test-${kind}-state`,
    { timeout: 60_000 },
  );
  return state.getAttribute('data-state');
}

/** The keys of the findings, in the order the diagnosis ranks them. */
const findingKeys = (page: Page) =>
  page
    .locator('[data-testid=findings] li[data-key]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-key')));

describe('tests from the device', () => {
  const browser = useBrowser();
  afterAll(() => closeAdmin());

  it('on a Wi-Fi placement device, the speed test says the line delivers the plan, and the Wi-Fi finding leads; a second agent sees the result', async () => {
    const mac = await firstOf('dx-wifi-poor');
    const agent = await createUser('tests-speed', ['support2']);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInFast(page, agent);
    await page.goto(`/i/mac/${mac}`);
    const run = page.getByTestId('device-test-speed-run');
    await run.waitFor({ timeout: 30_000 });
    await expect.poll(() => run.isEnabled(), { timeout: 30_000 }).toBe(true);
    await run.click();
    // The confirmation says what the test costs the customer before anything is sent.
    const confirm = page.getByTestId('device-test-speed-confirm');
    await confirm.waitFor();
    expect(await confirm.textContent()).toMatch(/bandwidth/i);
    await page.getByTestId('device-test-speed-confirm-confirm').click();
    expect(await endedState(page, 'speed')).toBe('complete');
    expect(await page.getByTestId('device-test-speed-result').textContent()).toMatch(
      /Mb\/s at the gateway, plan [\d,]+ \/ [\d,]+: the line delivers the plan/,
    );
    await expect
      .poll(() => findingKeys(page), { timeout: 30_000 })
      .toEqual(expect.arrayContaining(['lineDeliversPlan']));
    const keys = await findingKeys(page);
    expect(keys[0]).toBe('wifiPlacement');
    expect(keys.indexOf('lineDeliversPlan')).toBeGreaterThan(0);

    // Another agent, another session: the result is kept with the device, with who ran it and when.
    const second = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInFast(second, await createUser('tests-second', ['support1']));
    await second.goto(`/i/mac/${mac}`);
    const kept = second.getByTestId('device-test-speed-state');
    await kept.waitFor({ timeout: 30_000 });
    await expect.poll(() => kept.getAttribute('data-state'), { timeout: 30_000 }).toBe('complete');
    expect(await kept.textContent()).toMatch(new RegExp(`Speed test .* by ${agent.email}`));
    // At a phone's width, in the light theme, with a result: no WCAG AA violation.
    expect(await wcagViolations(second)).toEqual([]);
    await expect
      .poll(() => findingKeys(second), { timeout: 30_000 })
      .toEqual(expect.arrayContaining(['wifiPlacement', 'lineDeliversPlan']));
    // Two sessions, a speed test and two views: more than the file's minute on a busy machine.
  }, 120_000);

  it('on a dirty-connector device, in French and dark, a ping to the provider DNS loses packets and the loss is a finding', async () => {
    const mac = await firstOf('dirty-connector');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
    await signInFast(page, await createUser('tests-ping', ['support1']));
    await page.goto(`/fr/i/mac/${mac}`);
    const run = page.getByTestId('device-test-ping-run');
    await run.waitFor({ timeout: 30_000 });
    await expect.poll(() => run.isEnabled(), { timeout: 30_000 }).toBe(true);
    await run.click();
    expect(await endedState(page, 'ping')).toBe('complete');
    const finding = page.locator('[data-testid=findings] li[data-key=packetLoss]');
    await finding.waitFor({ timeout: 30_000 });
    expect(await finding.textContent()).toContain(
      'Perte de paquets de l’appareil vers Provider DNS (primary)',
    );
  });

  it('on a device whose ONU is down, a test cannot reach it, and the card says why from the diagnosis', async () => {
    const mac = await firstOf('dx-onu-down');
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInFast(page, await createUser('tests-down', ['support1']));
    await page.goto(`/i/mac/${mac}`);
    const run = page.getByTestId('device-test-ping-run');
    await run.waitFor({ timeout: 30_000 });
    await expect.poll(() => run.isEnabled(), { timeout: 30_000 }).toBe(true);
    await run.click();
    expect(await endedState(page, 'ping')).toBe('unreachable');
    expect(await page.getByTestId('device-test-ping-state').textContent()).toMatch(
      /could not be reached for the test: The ONU is not ranged on the OLT/,
    );
  });
});
