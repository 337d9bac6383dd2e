/** The port page: a port's ONUs from the API, and an address that is not a port's asks for nothing. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'wouter';
import { describe, expect, it } from 'vitest';
import type { NeighbourhoodSection } from '@insight/common/customer360';
import type { Grading } from '@insight/common/threshold-grading';
import en from '../../../locales/en/insight360.json';
import common from '../../../locales/en/common.json';
import { fail, ok } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';
import PortPage from './port-page';

const rx = { grade: 'pass', value: -19, unit: 'dBm', source: { kind: 'none' } } as unknown as Grading;
const port: NeighbourhoodSection = {
  olt: 'OLT-OTT-3',
  port: '1/2/7',
  technology: 'GPON',
  split: 32,
  status: 'up',
  onus: [
    { mac: 'A4C1E8000010', onuId: 1, status: 'online', lastDownCause: null, rxPower: rx, self: false },
    { mac: 'A4C1E8000012', onuId: 2, status: 'offline', lastDownCause: 'los', rxPower: rx, self: false },
  ],
  counts: { neighbours: 2, down: 1, dyingGasp: 0, lowLight: 0 },
};
const page = (
  <Route path="/i/port/:olt/:shelf/:slot/:port">
    <PortPage />
  </Route>
);

describe('the port page', () => {
  it('lists every ONU of the port with its state', async () => {
    const { api } = await renderApp(page, {
      path: '/i/port/OLT-OTT-3/1/2/7',
      user: { roles: ['operation'] },
      api: {
        'GET /ports/OLT-OTT-3/1/2/7': ok({ data: port, fetchedAt: '2026-11-26T02:00:00Z', cached: false }),
      },
    });
    expect((await screen.findByTestId('port-counts')).textContent).toBe('2 ONUs on a 1:32 split, 1 online');
    expect(screen.getByTestId('port-title').textContent).toBe('PON port OLT-OTT-3 1/2/7');
    expect(screen.getByTestId('onu-A4C1E8000012').getAttribute('data-status')).toBe('offline');
    expect(api.calls.map((call) => call.path)).toContain('/ports/OLT-OTT-3/1/2/7');
  });

  it('when the port is refreshed and the read fails, then the card says so and keeps the ONUs it had; its retry reads again', async () => {
    let reads = 0;
    const { api } = await renderApp(page, {
      path: '/i/port/OLT-OTT-3/1/2/7',
      user: { roles: ['operation'] },
      api: {
        'GET /ports/OLT-OTT-3/1/2/7': () =>
          ++reads === 2
            ? fail(504, 'upstream_timeout')
            : ok({ data: port, fetchedAt: '2026-11-26T02:00:00Z', cached: false }),
      },
    });
    await screen.findByTestId('port-counts');
    await userEvent.click(screen.getByRole('button', { name: new RegExp(common.sectionCard.refresh) }));
    expect((await screen.findByRole('alert')).getAttribute('data-code')).toBe('upstream_timeout');
    expect(screen.getByTestId('onu-A4C1E8000012')).toBeTruthy();
    expect(api.called('GET', '/ports/OLT-OTT-3/1/2/7')[1]!.query.get('refresh')).toBe('1');
    await userEvent.click(screen.getByRole('button', { name: common.sectionCard.retry }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(api.called('GET', '/ports/OLT-OTT-3/1/2/7')[2]!.query.get('refresh')).toBe('1');
  });

  it('an address that is not a port’s says how one reads, and asks the API for nothing', async () => {
    const { api } = await renderApp(page, { path: '/i/port/olt..%2F/1/2/7', user: { roles: ['operation'] } });
    expect((await screen.findByTestId('port-invalid')).textContent).toBe(en.neighbourhood.invalidPort);
    // The page still says what it is: its heading, above the message.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en.neighbourhood.portPage);
    expect(api.calls.filter((call) => call.path.startsWith('/ports'))).toEqual([]);
  });
});
