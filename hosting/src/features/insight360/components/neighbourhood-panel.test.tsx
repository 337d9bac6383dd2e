/**
 * The neighbourhood card's states: loading, the port unknown, the port listing failed upstream, a port of
 * one, and a port with neighbours (each MAC a link to its own view), in both languages.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NeighbourhoodSection } from '@insight/common/customer360';
import type { Grading } from '@insight/common/threshold-grading';
import en from '../../../locales/en/insight360.json';
import fr from '../../../locales/fr/insight360.json';
import enErrors from '../../../locales/en/errors.json';
import { HttpError } from '../../../lib/http-client';
import { renderApp } from '../../../testing/render-app';
import { NeighbourhoodCard } from './neighbourhood-panel';

const pass: Grading = {
  grade: 'pass',
  value: -19,
  unit: 'dBm',
  source: { kind: 'none' },
} as unknown as Grading;
const onu = (mac: string, onuId: number, over: Partial<NeighbourhoodSection['onus'][number]> = {}) => ({
  mac,
  onuId,
  status: 'online' as const,
  lastDownCause: null,
  rxPower: pass,
  self: false,
  ...over,
});
const section = (
  onus: NeighbourhoodSection['onus'],
  counts: NeighbourhoodSection['counts'],
): NeighbourhoodSection => ({
  olt: 'OLT-OTT-3',
  port: '1/2/7',
  technology: 'GPON',
  split: 32,
  status: 'up',
  onus,
  counts,
});
const ready = (data: NeighbourhoodSection) => ({
  data: { data, fetchedAt: '2026-11-26T02:00:00.000Z', cached: false },
  isLoading: false,
});
const card = (state: Parameters<typeof NeighbourhoodCard>[0]['state'], portLink = false) => (
  <NeighbourhoodCard state={state} onRefresh={() => undefined} portLink={portLink} />
);

describe('the neighbourhood card', () => {
  it('while the port listing loads, it says so and shows no count', async () => {
    await renderApp(card({ isLoading: true }));
    expect(screen.getByTestId('section-neighbourhood').getAttribute('data-state')).toBe('loading');
    expect(screen.queryByTestId('neighbourhood-counts')).toBeNull();
  });

  it('when the port is unknown, it says the port was not found', async () => {
    await renderApp(card({ isLoading: false, error: new HttpError(404, 'not_found', 'no port') }));
    const error = await screen.findByTestId('section-neighbourhood-error');
    expect(error.getAttribute('data-code')).toBe('not_found');
    expect(error.textContent).toContain(enErrors.codes.not_found);
  });

  it('when the port listing failed upstream, it says so and offers a retry', async () => {
    await renderApp(
      card({ isLoading: false, error: new HttpError(502, 'upstream_error', 'Malformed answer') }),
    );
    const error = await screen.findByTestId('section-neighbourhood-error');
    expect(error.getAttribute('data-code')).toBe('upstream_error');
    expect(error.textContent).toContain(enErrors.codes.upstream_error);
    expect(within(error).getByRole('button')).toBeTruthy();
  });

  for (const [language, texts] of [
    ['en', en],
    ['fr', fr],
  ] as const) {
    it(`(${language}) a port of one says there is no neighbour to compare with`, async () => {
      await renderApp(
        card(
          ready(
            section([onu('D1A600000000', 1, { self: true })], {
              neighbours: 0,
              down: 0,
              dyingGasp: 0,
              lowLight: 0,
            }),
          ),
        ),
        { path: language === 'fr' ? '/fr' : '/' },
      );
      expect((await screen.findByTestId('neighbourhood-alone')).textContent).toBe(texts.neighbourhood.alone);
      expect(screen.queryByTestId('port-onus')).toBeNull();
    });
  }

  it('a port with neighbours counts them, lists each with a link to its view, and links the port page for the roles that may', async () => {
    await renderApp(
      card(
        ready(
          section(
            [
              onu('A4C1E8000010', 1, { self: true }),
              onu('A4C1E8000012', 2, {
                status: 'offline',
                lastDownCause: 'los',
                rxPower: { ...pass, value: null },
              }),
              onu('A4C1E8000014', 3, {
                status: 'offline',
                lastDownCause: 'dyingGasp',
                rxPower: { ...pass, value: null },
              }),
            ],
            { neighbours: 2, down: 1, dyingGasp: 1, lowLight: 0 },
          ),
        ),
        true,
      ),
    );
    expect((await screen.findByTestId('neighbourhood-counts')).textContent).toBe(
      '2 other ONUs on the port: 1 down, 0 with low light, 1 lost power',
    );
    const row = screen.getByTestId('onu-A4C1E8000012');
    expect(row.getAttribute('data-status')).toBe('offline');
    expect(within(row).getByRole('link').getAttribute('href')).toBe('/i/mac/A4C1E8000012');
    expect(row.textContent).toContain(en.neighbourhood.cause.los);
    expect(screen.getByTestId('neighbourhood-port-link').getAttribute('href')).toBe(
      '/i/port/OLT-OTT-3/1/2/7',
    );
  });

  it('when a port of 32 has two neighbours down, then the view lists the device and those two, and Show all lists every ONU (French)', async () => {
    const hex = (index: number) => `A4C1E80000${index.toString(16).toUpperCase().padStart(2, '0')}`;
    const onus = Array.from({ length: 32 }, (_, index) =>
      onu(hex(index), index + 1, {
        self: index === 20,
        ...(index === 3 || index === 30
          ? { status: 'offline' as const, lastDownCause: 'los' as const, rxPower: { ...pass, value: null } }
          : {}),
      }),
    );
    await renderApp(card(ready(section(onus, { neighbours: 31, down: 2, dyingGasp: 0, lowLight: 0 }))), {
      path: '/fr/i/mac/A4C1E8000014',
    });
    const rows = () =>
      within(screen.getByTestId('port-onus'))
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.getAttribute('data-testid'));
    await screen.findByTestId('port-onus');
    // The device first, then the neighbours that are down, in the port's order.
    expect(rows()).toEqual([`onu-${hex(20)}`, `onu-${hex(3)}`, `onu-${hex(30)}`]);
    const showAll = screen.getByTestId('neighbourhood-show-all');
    expect(showAll.textContent).toBe(fr.neighbourhood.showAll.replace('{{count}}', '32'));
    fireEvent.click(showAll);
    expect(rows()).toEqual(onus.map((each) => `onu-${each.mac}`));
    expect(screen.queryByTestId('neighbourhood-show-all')).toBeNull();
  });
});
