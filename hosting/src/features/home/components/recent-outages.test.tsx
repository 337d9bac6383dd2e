import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OUTAGES_COLLECTION } from '@insight/common/outages';
import { anOutage } from '@insight/common/testing/outage-fixtures';
import en from '../../../locales/en/home.json';
import fr from '../../../locales/fr/home.json';
import { OUTAGES_POLL_MS } from '../../../hooks/use-open-outages';
import { ok } from '../../../testing/fake-api';
import { updateFakeFirestore } from '../../../testing/fake-firebase';
import { renderApp, type RenderAppOptions } from '../../../testing/render-app';
import HomePage from './home-page';

const at = '2026-11-20T14:00:00.000Z';
const onPort = { olt: 'OLT-TOR-1', port: '1/1/5', headEnd: 'ON-TOR-01' };
const elsewhere = { olt: 'OLT-TOR-1', port: '1/1/6', headEnd: 'ON-TOR-01' };
const outage = anOutage();

const home = (options: Partial<RenderAppOptions> & { outages: Record<string, unknown> }) =>
  renderApp(<HomePage tools={[]} />, {
    user: { uid: 'u-outage', roles: ['support1'] },
    ...options,
    firestore: {
      recent_lookups: { 'u-outage': { macs: ['A4C1E8000010', 'A4C1E8000011', '3C7A8A000012'] } },
      [OUTAGES_COLLECTION]: options.outages as never,
    },
    api: {
      'GET /diagnosis/scores': ok({
        scores: {
          A4C1E8000010: { score: 1, at, customer: 'Jeanne Tremblay', place: onPort },
          A4C1E8000011: { score: 5, at, customer: 'Marc Roy', place: elsewhere },
        },
      }),
    },
  });

describe('recent lookups in a known outage', () => {
  afterEach(() => vi.useRealTimers());

  it('marks the devices an open outage covers, and only those (French)', async () => {
    const { api } = await home({ path: '/fr', outages: { [outage.id]: outage } });
    expect((await screen.findByTestId('recent-outage-A4C1E8000010')).textContent).toBe(fr.knownOutage);
    // In the link to the view, beside the score: the mark is part of what the link says.
    expect(screen.getByTestId('recent-A4C1E8000010').textContent).toContain(fr.knownOutage);
    expect(screen.queryByTestId('recent-outage-A4C1E8000011')).toBeNull();
    // Never looked at whole: where it hangs is not known.
    expect(screen.queryByTestId('recent-outage-3C7A8A000012')).toBeNull();
    // The open outages, asked of Firestore's REST API (the rules decide).
    expect(api.firestoreQueries[0]!.body).toMatchObject({
      structuredQuery: { from: [{ collectionId: 'outages' }] },
    });
  });

  it('marks a device when its outage opens and unmarks it when it is resolved, on the next read', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await home({ outages: {} });
    await screen.findByTestId('recent-score-A4C1E8000010');
    expect(screen.queryByTestId('recent-outage-A4C1E8000010')).toBeNull();
    updateFakeFirestore(OUTAGES_COLLECTION, { [outage.id]: outage });
    await act(() => vi.advanceTimersByTimeAsync(OUTAGES_POLL_MS));
    expect((await screen.findByTestId('recent-outage-A4C1E8000010')).textContent).toBe(en.knownOutage);
    updateFakeFirestore(OUTAGES_COLLECTION, { [outage.id]: { ...outage, state: 'resolved' } });
    await act(() => vi.advanceTimersByTimeAsync(OUTAGES_POLL_MS));
    expect(screen.queryByTestId('recent-outage-A4C1E8000010')).toBeNull();
  });

  it('reads no outage for a role that does not see them, nor without a recent lookup', async () => {
    const { api } = await home({
      user: { uid: 'u-outage', roles: ['install'] },
      outages: { [outage.id]: outage },
    });
    await screen.findByTestId('recent-score-A4C1E8000010');
    expect(screen.queryByTestId('recent-outage-A4C1E8000010')).toBeNull();
    expect(api.firestoreQueries).toHaveLength(0);
  });
});
