import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchApiRequest } from '../../../lib/network-status';
import { renderApp } from '../../../testing/render-app';
import { KeptViewFrame, NotKeptAlert } from './kept-view-frame';

const MAC = 'A4C1E8000001';
const view = { mac: MAC, takenAt: new Date(2026, 10, 20, 14, 2).getTime(), content: {} };

const notAnswering = () =>
  act(async () => {
    await watchApiRequest(Promise.reject(new TypeError('Failed to fetch')), { firstByteBound: false }).catch(
      () => undefined,
    );
  });

const render = (path: string) =>
  renderApp(
    <>
      <KeptViewFrame view={view}>
        <span />
      </KeptViewFrame>
      <NotKeptAlert mac={MAC} />
    </>,
    // The light request gets no answer: the state stays as the test set it.
    { path, api: { 'GET /health': 'pending' } },
  );
const banner = () => screen.getByTestId('kept-view-banner').textContent;
const notKept = () => screen.getByTestId('view-not-kept').textContent;

afterEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockRestore();
  await act(async () => {
    await watchApiRequest(Promise.resolve(new Response(null)), { firstByteBound: false });
  });
});

describe('the kept view’s banner says which case it is', () => {
  it('when the browser is offline, then "offline" and the time the view was kept, in English and French', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await render('/i/mac/A4C1E8000001');
    expect(banner()).toMatch(/^As of 02:02 PM, offline\./);
    expect(notKept()).toContain('it is not available offline.');
    await render('/fr/i/mac/A4C1E8000001');
    expect(screen.getAllByTestId('kept-view-banner')[1]!.textContent).toMatch(
      /^État à 14 h 02, hors ligne\./,
    );
  });

  it('when the network is not answering while the browser says online, then "the network is not answering", in English and French', async () => {
    await render('/i/mac/A4C1E8000001');
    await notAnswering();
    expect(banner()).toMatch(/^As of [^,]+, the network is not answering\./);
    expect(notKept()).toContain('it is not available while the network is not answering.');
    await render('/fr/i/mac/A4C1E8000001');
    expect(screen.getAllByTestId('kept-view-banner')[1]!.textContent).toMatch(
      /^État à [^,]+, le réseau ne répond pas\./,
    );
    expect(screen.getAllByTestId('view-not-kept')[1]!.textContent).toContain(
      'tant que le réseau ne répond pas',
    );
  });
});
