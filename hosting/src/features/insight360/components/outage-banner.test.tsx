/**
 * A known outage in the 360 view (docs/features.md, "Known outages"): the banner of an open outage that
 * covers the device's port or head end, at the top, in both languages; it appears and clears as the open
 * outages are read again; the port's fault becomes the known outage (tell the customer, do not escalate
 * again), and the ticket note says so; without a known outage the escalation stays.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { formatTime } from '@insight/common/format';
import { DEFAULT_PLAYBOOK_BY_KEY } from '@insight/common/diagnosis-playbook';
import { OUTAGES_COLLECTION, type Outage } from '@insight/common/outages';
import { anOutage } from '@insight/common/testing/outage-fixtures';
import en from '../../../locales/en/insight360.json';
import fr from '../../../locales/fr/insight360.json';
import { OUTAGES_POLL_MS } from '../../../hooks/use-open-outages';
import { updateFakeFirestore } from '../../../testing/fake-firebase';
import { renderApp, type RenderAppOptions } from '../../../testing/render-app';
import Insight360Page from './insight360-page';
import { everySection, line, portOfOne, viewApi, wan } from './view.fixtures';

let devices = 0;
const nextMac = () => `A4C1E8${String(700 + ++devices).padStart(6, '0')}`;
const HOUR = 3_600_000;

/** An open outage of the fixtures' port (OLT-OTT-1 1/1/1), started an hour ago, back in an hour. */
const outageOfPort = (over: Partial<Outage> = {}) =>
  anOutage({
    olt: 'OLT-OTT-1',
    port: '1/1/1',
    startsAt: new Date(Date.now() - HOUR).toISOString(),
    note: { ticket: 'OUT-123', backAbout: new Date(Date.now() + HOUR).toISOString(), text: '' },
    ...over,
  });

/** The device's ONU is down with most of its port: the port's fault. */
const portDown = (mac: string) => {
  const down = wan(mac);
  const port = portOfOne(mac);
  const offline = { status: 'offline' as const, lastDownCause: 'los' as const };
  return [
    ...everySection(mac).filter((item) => item.section !== 'wan' && item.section !== 'neighbourhood'),
    line('wan', { ...down, state: { ...down.state, operStatus: 2 } }),
    line('neighbourhood', {
      ...port,
      status: 'down',
      onus: [
        { ...port.onus[0]!, ...offline },
        ...[2, 3, 4, 5].map((onuId) => ({
          ...port.onus[0]!,
          ...offline,
          self: false,
          onuId,
          mac: `${mac.slice(0, 10)}0${onuId}`,
        })),
      ],
      counts: { neighbours: 4, down: 4, dyingGasp: 0, lowLight: 0 },
    }),
  ];
};

function openView(
  mac: string,
  outages: Record<string, unknown>,
  options: RenderAppOptions & { lines?: unknown[] } = {},
) {
  const prefix = options.path ?? '';
  return renderApp(
    <Route path={/^(?:\/fr)?\/i\/mac\/(?<mac>[^/]*)$/}>
      <Insight360Page />
    </Route>,
    {
      user: { roles: ['support1'] },
      ...options,
      path: `${prefix}/i/mac/${mac}`,
      firestore: { [OUTAGES_COLLECTION]: outages as never },
      api: viewApi(mac, { lines: options.lines ?? everySection(mac) }),
    },
  );
}
const byId = (...outages: Outage[]) => Object.fromEntries(outages.map((outage) => [outage.id, outage]));
const top = () => screen.getByTestId('findings').querySelector('[data-key]');

describe('a known outage in the 360 view', () => {
  afterEach(() => vi.useRealTimers());

  for (const [language, texts] of [
    ['en', en],
    ['fr', fr],
  ] as const)
    it(`(${language}) when an open outage covers the device's port, then the banner says since when, where, how many, the ticket and the time back`, async () => {
      const mac = nextMac();
      const outage = outageOfPort();
      const { api } = await openView(mac, byId(outage), { path: language === 'fr' ? '/fr' : '' });
      const banner = await screen.findByTestId('outage-banner');
      expect(api.firestoreQueries.length).toBeGreaterThan(0);
      const time = (value: string) => formatTime(value, language);
      expect(within(banner).getByRole('link').getAttribute('href')).toBe(
        `${language === 'fr' ? '/fr' : ''}/outages`,
      );
      expect(banner.textContent).toBe(
        [
          texts.outage.since
            .replace('{{since}}', time(outage.startsAt))
            .replace('{{place}}', 'OLT-OTT-1 1/1/1'),
          texts.outage.customers_other.replace('{{count}}', '17'),
          texts.outage.ticket.replace('{{ticket}}', 'OUT-123'),
          texts.outage.back.replace('{{time}}', time(outage.note.backAbout!)),
        ].join(' · ') + texts.outage.board,
      );
      // Above the findings: the first thing under the header.
      expect(
        banner.compareDocumentPosition(screen.getByTestId('findings')) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    });

  it('when an area outage covers the device’s head end, and no ticket or time back is known yet, then the banner says so', async () => {
    const mac = nextMac();
    await openView(
      mac,
      byId(
        outageOfPort({
          olt: null,
          port: null,
          kind: 'power-outage',
          headEnd: 'ON-OTT-01',
          accounts: 1,
          note: { ticket: null, backAbout: null, text: '' },
        }),
        // Another port's outage covers nothing here.
        outageOfPort({ id: 'beef-1795780000', fingerprint: 'beef', port: '1/1/2' }),
      ),
    );
    const banner = await screen.findByTestId('outage-banner');
    expect(banner.textContent).toContain(en.outage.area.replace('{{area}}', 'ON-OTT-01'));
    expect(banner.textContent).toContain(
      ` · ${en.outage.customers_one.replace('{{count}}', '1')} · ${en.outage.noEstimate}`,
    );
    expect(banner.textContent).not.toContain('ticket');
  });

  it('when the outage opens and then is resolved, then the banner appears and clears on the next reads', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const mac = nextMac();
    const outage = outageOfPort();
    await openView(mac, {});
    await screen.findByTestId('section-customer');
    expect(screen.queryByTestId('outage-banner')).toBeNull();
    updateFakeFirestore(OUTAGES_COLLECTION, byId(outage));
    await act(() => vi.advanceTimersByTimeAsync(OUTAGES_POLL_MS));
    expect(await screen.findByTestId('outage-banner')).toBeTruthy();
    updateFakeFirestore(
      OUTAGES_COLLECTION,
      byId({ ...outage, state: 'resolved', endsAt: new Date().toISOString() }),
    );
    await act(() => vi.advanceTimersByTimeAsync(OUTAGES_POLL_MS));
    await waitFor(() => expect(screen.queryByTestId('outage-banner')).toBeNull());
  });

  it('when the user’s roles do not see outages, then none is read and no banner shows', async () => {
    const mac = nextMac();
    const { api } = await openView(mac, byId(outageOfPort()), { user: { roles: ['install'] } });
    await screen.findByTestId('section-customer');
    expect(screen.queryByTestId('outage-banner')).toBeNull();
    expect(api.firestoreQueries).toHaveLength(0);
  });

  for (const [language, texts] of [
    ['en', en],
    ['fr', fr],
  ] as const)
    it(`(${language}) when the port is down and the outage is known, then the next step tells the customer and the ticket note says so; unknown, it escalates`, async () => {
      const writeText = vi.fn(() => Promise.resolve());
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      const outage = outageOfPort();
      const known = DEFAULT_PLAYBOOK_BY_KEY.knownOutage!;
      const mac = nextMac();
      // support2 may reset a device: the finding says why the known outage holds the reset.
      const view = await openView(mac, byId(outage), {
        path: language === 'fr' ? '/fr' : '',
        user: { roles: ['support2'] },
        lines: portDown(mac),
      });
      await screen.findByTestId('outage-banner');
      await waitFor(() => expect(top()?.getAttribute('data-key')).toBe('knownOutage'));
      const step = (language === 'fr' ? known.stepFr : known.stepEn)
        .replaceAll('{since}', formatTime(outage.startsAt, language))
        .replace(
          '{backAbout}',
          texts.outage.backAbout.replace('{{time}}', formatTime(outage.note.backAbout!, language)),
        );
      expect(top()!.textContent).toContain(step);
      expect(screen.getByTestId('finding-action-held-port').textContent).toBe(
        texts.diagnosis.actionHeld.knownOutage,
      );
      await userEvent.click(screen.getByTestId('copy-ticket'));
      await waitFor(() => expect(writeText).toHaveBeenCalled());
      const note = (writeText.mock.calls[0] as unknown as [string])[0];
      expect(note).toContain(step);

      // The same device with no outage known: the escalation with the OLT and port, as before.
      view.unmount();
      const other = nextMac();
      await openView(other, {}, { path: language === 'fr' ? '/fr' : '', lines: portDown(other) });
      await waitFor(() => expect(top()?.getAttribute('data-key')).toBe('portOutage'));
      const outageStep = DEFAULT_PLAYBOOK_BY_KEY.portOutage!;
      expect(top()!.textContent).toContain(
        (language === 'fr' ? outageStep.stepFr : outageStep.stepEn)
          .replace('{olt}', 'OLT-OTT-1')
          .replace('{port}', '1/1/1'),
      );
      expect(screen.queryByTestId('outage-banner')).toBeNull();
    });
});
