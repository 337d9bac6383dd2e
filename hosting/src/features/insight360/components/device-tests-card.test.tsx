/**
 * The "Tests from the device" card of the 360 view, in both languages: not run yet, running (asked, then
 * the speed test's phases) with its progress said, each result (the speed against the plan, a lossy ping,
 * a traceroute, a congested Wi-Fi scan with its optimisation), a test that never completed, a device that
 * cannot be reached (with the diagnosis's reason), refused starts (one running, the limit), the ACS down or
 * without a record, and the roles without the right; the ticket note lists the results of the last hour.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import type {
  DeviceTest,
  ScanBand,
  SpeedResult,
  TestTarget,
  TracerouteResult,
} from '@insight/common/device-tests';
import type { RoleKey } from '@insight/common/roles';
import en from '../../../locales/en/insight360.json';
import fr from '../../../locales/fr/insight360.json';
import { diagnosisInputOf } from '../api/diagnosis';
import { TESTS_POLL_MS } from '../api/device-tests';
import type { ViewSections } from '../api/sections';
import { fail, ok, type Reply, type Route as ApiRoute } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';
import DeviceTestsCard from './device-tests-card';
import Insight360Page from './insight360-page';
import { everySection, failedLine, lan, line, portOfOne, viewApi, wan } from './view.fixtures';

let devices = 0;
const nextMac = () => `A4C1E8${String(500 + ++devices).padStart(6, '0')}`;
const LANGUAGES = [
  ['en', en],
  ['fr', fr],
] as const;

const TARGETS: TestTarget[] = [
  { id: 'dns-1', label: 'Provider DNS', host: 'dns1.example-telecom.ca' },
  { id: 'speed-1', label: 'Test server', host: 'speed.example-telecom.ca' },
];
const BY = 'support2@example-telecom.ca';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const aTest = (over: Partial<DeviceTest>): DeviceTest => ({
  id: `test-${over.kind ?? 'speed'}`,
  kind: 'speed',
  state: 'complete',
  phase: null,
  target: null,
  requestedAt: minutesAgo(4),
  endedAt: minutesAgo(3),
  by: BY,
  result: null,
  error: null,
  ...over,
});
const speed = (downloadMbps: number, uploadMbps: number): SpeedResult => ({
  kind: 'speed',
  downloadMbps,
  uploadMbps,
  plan: { downloadMbps: 1000, uploadMbps: 50 },
});
const answer = (tests: DeviceTest[], targets = TARGETS): Reply => ok({ tests, targets });
/** A traceroute to the provider's DNS through these hops. */
const trace = (reached: boolean, hops: TracerouteResult['hops']): DeviceTest =>
  aTest({
    kind: 'traceroute',
    target: 'dns-1',
    result: {
      kind: 'traceroute',
      target: 'dns-1',
      label: 'Provider DNS',
      host: 'dns1.example-telecom.ca',
      reached,
      hops,
    },
  });
/** A Wi-Fi scan of one or two bands, each graded as given. */
const scan = (...bands: Array<Partial<ScanBand> & Pick<ScanBand, 'band' | 'verdict'>>): DeviceTest =>
  aTest({
    kind: 'wifiScan',
    result: {
      kind: 'wifiScan',
      bands: bands.map((band) => ({
        channel: 6,
        sameChannel: 0,
        overlapping: 0,
        strongestDbm: null,
        betterChannel: null,
        neighbours: [],
        ...band,
      })),
    },
  });

/** Words of a template, with its values; spaces of any kind as one (French numbers use narrow ones). */
const fill = (template: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce(
    (text, [key, value]) => text.replaceAll(`{{${key}}}`, String(value)),
    template,
  );
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

interface Open {
  language?: 'en' | 'fr';
  roles?: RoleKey[];
  tests: ApiRoute;
  lines?: unknown[];
  routes?: Record<string, ApiRoute>;
}
async function openView(mac: string, { language = 'en', roles = ['support2'], tests, lines, routes }: Open) {
  const view = await renderApp(
    <Route path={/^(?:\/fr)?\/i\/mac\/(?<mac>[^/]*)$/}>
      <Insight360Page />
    </Route>,
    {
      path: `${language === 'fr' ? '/fr' : ''}/i/mac/${mac}`,
      user: { roles },
      api: viewApi(
        mac,
        { lines: lines ?? everySection(mac) },
        { [`GET /360/${mac}/tests`]: tests, ...routes },
      ),
    },
  );
  const card = await screen.findByTestId('device-tests-card');
  return { ...view, card };
}
const row = (kind: string) => screen.getByTestId(`device-test-${kind}`);
const stateOf = (kind: string) => screen.getByTestId(`device-test-${kind}-state`);
const readyCard = () =>
  waitFor(() => expect(screen.getByTestId('device-tests-card').getAttribute('data-state')).toBe('ready'));

describe('the tests from the device', () => {
  afterEach(() => vi.useRealTimers());

  for (const [language, texts] of LANGUAGES)
    it(`(${language}) when no test has run, then each kind is idle with its Run button, and the target is chosen from the list`, async () => {
      const mac = nextMac();
      const { api } = await openView(mac, {
        language,
        tests: answer([]),
        routes: {
          [`POST /360/${mac}/tests`]: {
            status: 202,
            body: aTest({ kind: 'traceroute', state: 'requested', target: 'speed-1', endedAt: null }),
          },
        },
      });
      await readyCard();
      for (const kind of ['speed', 'ping', 'traceroute', 'wifiScan'] as const) {
        expect(stateOf(kind).getAttribute('data-state')).toBe('idle');
        expect(stateOf(kind).textContent).toBe(texts.tests.notRun);
        const run = screen.getByTestId(`device-test-${kind}-run`);
        expect(run.hasAttribute('disabled')).toBe(false);
        expect(run.textContent).toBe(texts.tests.run);
        // Its name starts with the words shown, then says which test.
        expect(run.getAttribute('aria-label')).toBe(
          fill(texts.tests.runLabel, { action: texts.tests.run, kind: texts.tests.kinds[kind] }),
        );
      }
      // A select of the targets engineering keeps, not a text field.
      const target = screen.getByTestId('device-test-target') as HTMLSelectElement;
      expect(target.tagName).toBe('SELECT');
      expect(target.value).toBe('dns-1');
      expect(screen.queryByRole('textbox')).toBeNull();
      expect(
        within(target)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(
        TARGETS.map((item) => fill(texts.tests.targetOption, { label: item.label, host: item.host })),
      );
      expect(within(row('ping')).getByLabelText(texts.tests.target)).toBe(target);
      // The traceroute goes to the target chosen, by its id.
      await userEvent.selectOptions(target, 'speed-1');
      await userEvent.click(screen.getByTestId('device-test-traceroute-run'));
      await waitFor(() =>
        expect(
          api.calls.find((call) => call.method === 'POST' && call.path === `/360/${mac}/tests`)?.body,
        ).toEqual({
          kind: 'traceroute',
          target: 'speed-1',
        }),
      );
    });

  for (const [language, texts] of LANGUAGES)
    it(`(${language}) when a speed test is run, then it confirms the bandwidth first, shows its progress while the view keeps working, and says the result against the plan`, async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const mac = nextMac();
      const started = aTest({ state: 'requested', requestedAt: minutesAgo(0), endedAt: null, by: BY });
      // What the API answers now, whoever reads (the view's poll, a card that mounts).
      let now = answer([]);
      const { api } = await openView(mac, {
        language,
        tests: () => now,
        routes: { [`POST /360/${mac}/tests`]: { status: 202, body: started } },
      });
      await readyCard();
      await userEvent.click(screen.getByTestId('device-test-speed-run'));
      const dialog = await screen.findByTestId('device-test-speed-confirm');
      expect(dialog.textContent).toContain(texts.tests.speed.confirm);
      const startOf = () =>
        api.calls.find((call) => call.method === 'POST' && call.path === `/360/${mac}/tests`);
      expect(startOf()).toBeUndefined();

      now = answer([started]);
      await userEvent.click(within(dialog).getByTestId('device-test-speed-confirm-confirm'));
      await waitFor(() => expect(stateOf('speed').getAttribute('data-state')).toBe('requested'));
      const post = startOf()!;
      expect(post.body).toEqual({ kind: 'speed' });
      expect(post.headers.get('idempotency-key')).toBeTruthy();
      // The confirmation has closed: the page is not hidden behind it any more.
      await waitFor(() => expect(screen.queryByTestId('device-test-speed-confirm')).toBeNull());
      expect(stateOf('speed').textContent).toContain(
        fill(texts.tests.ranBy, { kind: texts.tests.kinds.speed, ago: texts.tests.justNow, by: BY }),
      );
      expect(within(stateOf('speed')).getByRole('progressbar').getAttribute('aria-label')).toBe(
        fill(texts.tests.progress, { kind: texts.tests.kinds.speed }),
      );
      // The rest of the view stays usable: another tab opens while the test runs.
      await userEvent.click(screen.getByTestId('tab-internet'));
      await screen.findByTestId('panel-internet');

      now = answer([{ ...started, state: 'running', phase: 'upload' }]);
      await act(() => vi.advanceTimersByTimeAsync(TESTS_POLL_MS));
      await waitFor(() => expect(stateOf('speed').getAttribute('data-phase')).toBe('upload'));
      expect(stateOf('speed').textContent).toContain(texts.tests.phase.upload);
      expect(screen.getByTestId('device-tests-announce').textContent).toBe(
        `${texts.tests.kinds.speed}: ${texts.tests.phase.upload}`,
      );

      now = answer([{ ...started, state: 'complete', endedAt: minutesAgo(0), result: speed(912, 48) }]);
      await act(() => vi.advanceTimersByTimeAsync(TESTS_POLL_MS));
      await waitFor(() => expect(stateOf('speed').getAttribute('data-state')).toBe('complete'));
      const expected =
        language === 'en'
          ? '912 / 48 Mb/s at the gateway, plan 1,000 / 50: the line delivers the plan'
          : '912 / 48 Mb/s à la passerelle, forfait 1 000 / 50 : la ligne fournit le forfait';
      expect(plain(screen.getByTestId('device-test-speed-result').textContent)).toBe(expected);
      expect(plain(screen.getByTestId('device-tests-announce').textContent)).toContain(expected);
      // Done: no more reads.
      const count = api.calls.filter((call) => call.path === `/360/${mac}/tests`).length;
      await act(() => vi.advanceTimersByTimeAsync(TESTS_POLL_MS * 3));
      expect(api.calls.filter((call) => call.path === `/360/${mac}/tests`)).toHaveLength(count);
    });

  for (const [language, texts] of LANGUAGES)
    it(`(${language}) when another agent ran a speed test below the plan, then it says the share of the plan, who ran it and when`, async () => {
      const mac = nextMac();
      await openView(mac, { language, tests: answer([aTest({ result: speed(450, 40) })]) });
      await readyCard();
      const state = stateOf('speed');
      expect(state.textContent).toContain(
        fill(texts.tests.ranBy, {
          kind: texts.tests.kinds.speed,
          ago: fill(texts.diagnosis.minutesAgo_other, { count: 3 }),
          by: BY,
        }),
      );
      expect(plain(screen.getByTestId('device-test-speed-result').textContent)).toBe(
        language === 'en'
          ? '450 / 40 Mb/s at the gateway, plan 1,000 / 50: the gateway gets 45 % of the plan'
          : '450 / 40 Mb/s à la passerelle, forfait 1 000 / 50 : la passerelle reçoit 45 % du forfait',
      );
      expect(screen.getByTestId('device-test-speed-run').textContent).toBe(texts.tests.runAgain);
      // The result of the last hour grades the device: the diagnosis has its finding.
      await waitFor(() =>
        expect(screen.getByTestId('findings').querySelector('[data-key="speedBelowPlan"]')).toBeTruthy(),
      );
    });

  it('when the speed test is older than an hour, then it is shown with its age and the diagnosis does not use it', async () => {
    const mac = nextMac();
    await openView(mac, {
      tests: answer([
        aTest({ requestedAt: minutesAgo(70), endedAt: minutesAgo(69), result: speed(450, 40) }),
      ]),
    });
    await readyCard();
    expect(stateOf('speed').getAttribute('data-stale')).toBe('true');
    expect(stateOf('speed').textContent).toContain(en.tests.stale);
    // Every section answered: the diagnosis is whole.
    await waitFor(() =>
      expect(screen.getByTestId('findings').getAttribute('data-state')).toMatch(/^(healthy|complete)$/),
    );
    expect(screen.getByTestId('findings').querySelector('[data-key^="speed"]')).toBeNull();
  });

  for (const [language, texts] of LANGUAGES)
    it(`(${language}) when a ping lost packets and a traceroute stopped short, then the numbers, the verdict and the hops are said`, async () => {
      const mac = nextMac();
      await openView(mac, {
        language,
        tests: answer([
          aTest({
            kind: 'ping',
            target: 'dns-1',
            result: {
              kind: 'ping',
              target: 'dns-1',
              label: 'Provider DNS',
              host: 'dns1.example-telecom.ca',
              sent: 20,
              received: 17,
              lossPercent: 15,
              averageMs: 18.4,
              minimumMs: 9.2,
              maximumMs: 61,
            },
          }),
          trace(false, [
            { hop: 1, host: 'gw.home', address: '192.168.1.1', rttMs: 1.2 },
            { hop: 2, host: null, address: '100.64.0.1', rttMs: 8.7 },
            { hop: 3, host: null, address: null, rttMs: null },
          ]),
        ]),
      });
      await readyCard();
      expect(plain(screen.getByTestId('device-test-ping-result').textContent)).toBe(
        plain(
          fill(texts.tests.ping.fail, {
            host: 'Provider DNS (dns1.example-telecom.ca)',
            received: 17,
            sent: 20,
            loss: 15,
            average: 18,
            minimum: 9,
            maximum: 61,
          }),
        ),
      );
      expect(screen.getByTestId('device-test-traceroute-result').textContent).toBe(
        fill(texts.tests.traceroute.notReached_other, {
          host: 'Provider DNS (dns1.example-telecom.ca)',
          count: 3,
        }),
      );
      const hops = screen.getAllByTestId('device-test-hop').map((hop) => plain(hop.textContent));
      expect(hops).toEqual([
        '1gw.home192.168.1.11 ms',
        '2100.64.0.19 ms',
        `3${texts.tests.traceroute.unknownHost}${texts.tests.traceroute.noAnswer}`,
      ]);
    });

  for (const [language, texts] of LANGUAGES)
    it(`(${language}) when the Wi-Fi scan finds the 2.4 GHz band congested in a Plume home, then it says why and optimises the channel after a confirmation`, async () => {
      const mac = nextMac();
      const { api } = await openView(mac, {
        language,
        tests: answer([
          scan(
            {
              band: '2.4GHz',
              sameChannel: 6,
              overlapping: 3,
              strongestDbm: -48,
              verdict: 'congested',
              betterChannel: 11,
            },
            { band: '5GHz', channel: 36, verdict: 'clear' },
          ),
        ]),
        routes: {
          [`POST /360/${mac}/wifi-optimise`]: ok({ status: 'sent', band: '2.4GHz', before: 6, after: 11 }),
        },
      });
      await readyCard();
      const bands = within(screen.getByTestId('device-test-wifiScan-result')).getAllByRole('listitem');
      const first = plain(bands[0]!.textContent);
      expect(first.startsWith(plain(`${texts.tests.bands.b24}`))).toBe(true);
      expect(first).toContain(texts.tests.wifi.verdicts.congested);
      expect(first).toContain(
        plain(fill(texts.tests.wifi.reasons.congested_other, { count: 9, same: 6, overlapping: 3 })),
      );
      expect(first).toMatch(/48 dBm/);
      expect(bands[1]!.getAttribute('data-band')).toBe('5GHz');
      expect(bands[1]!.textContent).toContain(texts.tests.wifi.verdicts.clear);

      await userEvent.click(screen.getByTestId('wifi-optimise'));
      const dialog = await screen.findByTestId('wifi-optimise-dialog');
      expect(dialog.textContent).toContain(
        fill(texts.tests.optimise.confirm, { band: texts.tests.bands.b24, from: 6, to: 11 }),
      );
      await userEvent.click(within(dialog).getByTestId('wifi-optimise-dialog-confirm'));
      const done = fill(texts.tests.optimise.done, { band: texts.tests.bands.b24, before: 6, after: 11 });
      expect((await screen.findByTestId('wifi-optimise-dialog-sent')).textContent).toBe(done);
      const post = api.calls.find((call) => call.path === `/360/${mac}/wifi-optimise`)!;
      expect(post.body).toEqual({ band: '2.4GHz' });
      expect(post.headers.get('idempotency-key')).toBeTruthy();
      expect(screen.getByTestId('wifi-optimise-done').textContent).toBe(done);
    });

  for (const [language, texts] of LANGUAGES)
    it(`(${language}) when a test never completed, then it says so plainly`, async () => {
      const mac = nextMac();
      await openView(mac, {
        language,
        tests: answer([
          aTest({ kind: 'wifiScan', state: 'timedOut', error: { code: 'timedOut', detail: null } }),
        ]),
      });
      await readyCard();
      expect(stateOf('wifiScan').getAttribute('data-state')).toBe('timedOut');
      expect(stateOf('wifiScan').textContent).toContain(fill(texts.tests.timedOut, { seconds: 30 }));
    });

  for (const [language, texts] of LANGUAGES)
    it(`(${language}) when the device cannot be reached, then the card says why from the diagnosis, or that no cause is known`, async () => {
      const mac = nextMac();
      const unreachable = aTest({ state: 'unreachable', error: { code: 'unreachable', detail: null } });
      // The ONU sent a dying gasp and is offline: the diagnosis's root cause is the power at home.
      const down = wan(mac);
      const port = portOfOne(mac);
      const lines = [
        ...everySection(mac).filter((item) => item.section !== 'wan' && item.section !== 'neighbourhood'),
        line('wan', { ...down, state: { ...down.state, operStatus: 2 } }),
        line('neighbourhood', {
          ...port,
          onus: [{ ...port.onus[0]!, status: 'offline', lastDownCause: 'dyingGasp' }],
        }),
      ];
      const view = await openView(mac, { language, tests: answer([unreachable]), lines });
      await readyCard();
      const root = screen.getByTestId('findings').querySelector('[data-key="powerAtHome"] h3');
      expect(root).toBeTruthy();
      await waitFor(() =>
        expect(stateOf('speed').textContent).toContain(
          fill(texts.tests.unreachable, { reason: root!.textContent! }),
        ),
      );
      expect(stateOf('speed').getAttribute('data-state')).toBe('unreachable');

      view.unmount();
      await openView(nextMac(), { language, tests: answer([unreachable]) });
      await readyCard();
      expect(stateOf('speed').textContent).toContain(texts.tests.unreachableUnknown);
    });

  for (const [language, texts] of LANGUAGES)
    it(`(${language}) when a start is refused (one runs, the hour's limit, a target not in the list, the roles), then the card says why and nothing else changes`, async () => {
      const mac = nextMac();
      const since = minutesAgo(1);
      const refusals: Record<string, Reply> = {
        traceroute: fail(400, 'invalid_input', 'Target not in the list'),
        speed: fail(403, 'forbidden'),
      };
      const { api } = await openView(mac, {
        language,
        tests: answer([]),
        routes: {
          [`POST /360/${mac}/tests`]: (call) =>
            refusals[(call.body as { kind: string }).kind] ??
            ((call.body as { kind: string }).kind === 'ping'
              ? {
                  status: 409,
                  body: {
                    error: {
                      code: 'conflict',
                      message: 'A ping already runs',
                      details: {
                        kind: 'testRunning',
                        test: 'ping',
                        since,
                        by: 'support1@example-telecom.ca',
                      },
                    },
                  },
                }
              : { ...fail(429, 'rate_limited'), headers: { 'retry-after': '1200' } }),
        },
      });
      await readyCard();
      await userEvent.click(screen.getByTestId('device-test-ping-run'));
      expect((await screen.findByTestId('device-test-ping-refused')).textContent).toBe(
        fill(texts.tests.refused.running, {
          kind: texts.tests.kinds.ping,
          ago: fill(texts.diagnosis.minutesAgo_one, { count: 1 }),
          by: 'support1@example-telecom.ca',
        }),
      );
      await userEvent.click(screen.getByTestId('device-test-wifiScan-run'));
      expect((await screen.findByTestId('device-test-wifiScan-refused')).textContent).toBe(
        fill(texts.tests.refused.limit_other, { count: 6, kind: texts.tests.kinds.wifiScan, minutes: 20 }),
      );
      expect(stateOf('ping').getAttribute('data-state')).toBe('idle');
      // Tried again, the same start carries the same key; another start, its own.
      await userEvent.click(screen.getByTestId('device-test-ping-run'));
      const starts = () =>
        api.calls.filter((call) => call.method === 'POST' && call.path === `/360/${mac}/tests`);
      await waitFor(() => expect(starts()).toHaveLength(3));
      const [ping, scan, again] = starts().map((call) => call.headers.get('idempotency-key'));
      expect(again).toBe(ping);
      expect(scan).not.toBe(ping);
      // A target the list no longer holds, and a right the roles lost since the view opened.
      await userEvent.click(screen.getByTestId('device-test-traceroute-run'));
      expect((await screen.findByTestId('device-test-traceroute-refused')).textContent).toBe(
        texts.tests.refused.target,
      );
      await userEvent.click(screen.getByTestId('device-test-speed-run'));
      await userEvent.click(await screen.findByTestId('device-test-speed-confirm-confirm'));
      expect((await screen.findByTestId('device-test-speed-refused')).textContent).toBe(
        texts.tests.refused.forbidden,
      );
      expect(screen.getByTestId('findings')).toBeTruthy();
    });

  for (const [language, texts] of LANGUAGES)
    it(`(${language}) when the ACS is down, then the card says so with a retry and the rest of the view is untouched; without an ACS record, it says that`, async () => {
      const mac = nextMac();
      const view = await openView(mac, { language, tests: fail(504, 'upstream_timeout') });
      const error = await screen.findByTestId('device-tests-error');
      expect(error.textContent).toContain(texts.tests.acsDown);
      expect(within(error).getByRole('button').textContent).toBe(texts.tests.retry);
      expect(screen.getByTestId('findings').getAttribute('data-state')).not.toBe('loading');
      expect(screen.queryByTestId('customer-error')).toBeNull();

      view.unmount();
      const other = nextMac();
      await openView(other, { language, tests: fail(404, 'not_found', 'No ACS record for this device') });
      expect((await screen.findByTestId('device-tests-no-acs')).textContent).toBe(texts.tests.noAcs);
    });

  for (const [language, texts] of LANGUAGES)
    it(`(${language}) when the roles do not allow the tests or the optimisation, then the buttons are disabled with the reason`, async () => {
      const busy = scan({ band: '2.4GHz', channel: 1, sameChannel: 3, verdict: 'busy', betterChannel: 11 });
      const mac = nextMac();
      await renderApp(<DeviceTestsCard mac={mac} roles={[]} lan={lan()} reason={null} />, {
        path: language === 'fr' ? '/fr/' : '/',
        user: { roles: ['support1'] },
        api: { [`GET /360/${mac}/tests`]: answer([busy]) },
      });
      await readyCard();
      expect(screen.getByTestId('device-tests-denied').textContent).toBe(texts.tests.denied);
      for (const kind of ['speed', 'ping', 'traceroute', 'wifiScan'])
        expect(screen.getByTestId(`device-test-${kind}-run`).hasAttribute('disabled')).toBe(true);
      expect(screen.getByTestId('wifi-optimise').hasAttribute('disabled')).toBe(true);
      expect(screen.getByTestId('wifi-optimise-denied').textContent).toBe(texts.tests.optimise.denied);
    });

  for (const [language, texts] of LANGUAGES)
    it(`(${language}) when the product states no plan speed and the device or the ACS failed a test, then the speeds alone and the failures are said`, async () => {
      const mac = nextMac();
      await renderApp(<DeviceTestsCard mac={mac} roles={['support1']} lan={lan()} reason={null} />, {
        path: language === 'fr' ? '/fr/' : '/',
        user: { roles: ['support1'] },
        api: {
          [`GET /360/${mac}/tests`]: answer([
            aTest({ result: { ...speed(912, 48), plan: null } }),
            aTest({
              kind: 'ping',
              state: 'failed',
              error: { code: 'deviceError', detail: 'Error_Internal' },
            }),
            aTest({ kind: 'traceroute', state: 'failed', error: { code: 'acsError', detail: null } }),
          ]),
        },
      });
      await readyCard();
      expect(plain(screen.getByTestId('device-test-speed-result').textContent)).toBe(
        plain(fill(texts.tests.speed.speeds, { download: 912, upload: 48 })),
      );
      expect(stateOf('ping').getAttribute('data-state')).toBe('failed');
      expect(stateOf('ping').textContent).toContain(
        fill(texts.tests.deviceError, { detail: 'Error_Internal' }),
      );
      expect(stateOf('traceroute').textContent).toContain(texts.tests.acsFailed);
    });

  it('when no customer is known for the MAC, then no test is offered nor read', async () => {
    const mac = nextMac();
    const { api } = await renderApp(
      <Route path={/^(?:\/fr)?\/i\/mac\/(?<mac>[^/]*)$/}>
        <Insight360Page />
      </Route>,
      {
        path: `/i/mac/${mac}`,
        user: { roles: ['support2'] },
        api: viewApi(
          mac,
          { lines: [failedLine('customer', 404, 'mac_not_found'), ...everySection(mac).slice(1)] },
          { [`GET /360/${mac}/tests`]: answer([]) },
        ),
      },
    );
    await screen.findByTestId('mac-not-found');
    await screen.findByTestId('panel-overview');
    await screen.findByTestId('section-history');
    expect(screen.queryByTestId('device-tests-card')).toBeNull();
    expect(api.calls.filter((call) => call.path === `/360/${mac}/tests`)).toHaveLength(0);
  });

  it('when the home is not a Plume home, then no optimisation is offered', async () => {
    const mac = nextMac();
    const home = lan();
    await renderApp(
      <DeviceTestsCard
        mac={mac}
        roles={['support2']}
        lan={{ ...home, plume: { ...home.plume, license: { type: 'Basic', status: 'none' } } }}
        reason={null}
      />,
      {
        user: { roles: ['support2'] },
        api: {
          [`GET /360/${mac}/tests`]: answer([
            scan({ band: '2.4GHz', sameChannel: 9, verdict: 'congested', betterChannel: 1 }),
          ]),
        },
      },
    );
    await readyCard();
    expect(screen.getByTestId('device-test-wifiScan-result')).toBeTruthy();
    expect(screen.queryByTestId('wifi-optimise')).toBeNull();
  });

  for (const [language, texts] of LANGUAGES)
    it(`(${language}) when a test ran in the last hour, then the ticket note lists it with who and when; an older one is left out`, async () => {
      const writeText = vi.fn(() => Promise.resolve());
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      const mac = nextMac();
      await openView(mac, {
        language,
        tests: answer([
          aTest({ result: speed(912, 48) }),
          aTest({
            kind: 'ping',
            target: 'dns-1',
            requestedAt: minutesAgo(90),
            endedAt: minutesAgo(89),
            result: {
              kind: 'ping',
              target: 'dns-1',
              label: 'Provider DNS',
              host: 'dns1.example-telecom.ca',
              sent: 10,
              received: 10,
              lossPercent: 0,
              averageMs: 10,
              minimumMs: 9,
              maximumMs: 12,
            },
          }),
        ]),
      });
      await readyCard();
      expect(stateOf('ping').getAttribute('data-stale')).toBe('true');
      await userEvent.click(screen.getByTestId('copy-ticket'));
      await waitFor(() => expect(writeText).toHaveBeenCalled());
      const note = plain((writeText.mock.calls[0] as unknown as [string])[0]);
      expect(note).toContain(plain(texts.ticket.tests));
      expect(note).toContain(
        plain(
          fill(texts.ticket.testLine, {
            ranBy: fill(texts.tests.ranBy, {
              kind: texts.tests.kinds.speed,
              ago: fill(texts.diagnosis.minutesAgo_other, { count: 3 }),
              by: BY,
            }),
            result:
              language === 'en'
                ? '912 / 48 Mb/s at the gateway, plan 1,000 / 50: the line delivers the plan'
                : '912 / 48 Mb/s à la passerelle, forfait 1 000 / 50 : la ligne fournit le forfait',
          }),
        ),
      );
      expect(note).not.toContain('dns1.example-telecom.ca');
    });
});

describe('the card’s accessibility', () => {
  for (const theme of ['light', 'dark'] as const)
    it(`(${theme}) when every kind has a result, then axe finds no violation and the keyboard reaches each control in order`, async () => {
      const mac = nextMac();
      const { container } = await renderApp(
        <DeviceTestsCard mac={mac} roles={['support2']} lan={lan()} reason={null} />,
        {
          theme,
          user: { roles: ['support2'] },
          api: {
            [`GET /360/${mac}/tests`]: answer([
              aTest({ result: speed(912, 48) }),
              aTest({ kind: 'ping', state: 'timedOut', target: 'dns-1' }),
              trace(true, [{ hop: 1, host: 'gw.home', address: '192.168.1.1', rttMs: 1 }]),
              scan({ band: '2.4GHz', sameChannel: 9, verdict: 'congested', betterChannel: 11 }),
            ]),
          },
        },
      );
      await readyCard();
      // jsdom lays nothing out: the contrast is checked in the browser (tests/e2e/device-tests.test.ts).
      const results = await axe.run(container, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        rules: { 'color-contrast': { enabled: false } },
      });
      expect(results.violations.map((violation) => violation.id)).toEqual([]);
      const order = ['device-test-speed-run', 'device-test-target', 'device-test-ping-run'];
      screen.getByTestId('device-test-speed-run').focus();
      for (const id of order.slice(1)) {
        await userEvent.tab();
        expect(document.activeElement?.getAttribute('data-testid')).toBe(id);
      }
      await userEvent.tab();
      await userEvent.tab();
      expect(document.activeElement?.getAttribute('data-testid')).toBe('device-test-wifiScan-run');
      await userEvent.tab();
      expect(document.activeElement?.getAttribute('data-testid')).toBe('wifi-optimise');
    });
});

describe('the diagnosis input', () => {
  it('carries the fresh results of the tests, and none when there are none', () => {
    const sections = Object.fromEntries(
      ['customer', 'wan', 'lan', 'voice', 'bc', 'neighbourhood'].map((key) => [key, {}]),
    ) as unknown as ViewSections;
    const result = speed(912, 48);
    expect(diagnosisInputOf(sections, undefined, null, [result]).tests).toEqual([result]);
    expect('tests' in diagnosisInputOf(sections, undefined, null, [])).toBe(false);
  });
});
