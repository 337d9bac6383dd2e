import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchApiRequest } from '../../lib/network-status';
import { renderApp } from '../../testing/render-app';
import { OfflineState } from './offline-state';

/** The request outcomes the store hears from the HTTP client. */
const failed = () =>
  act(async () => {
    await watchApiRequest(Promise.reject(new TypeError('Failed to fetch')), { firstByteBound: false }).catch(
      () => undefined,
    );
  });
const answered = () =>
  act(async () => {
    await watchApiRequest(Promise.resolve(new Response(null)), { firstByteBound: false });
  });
const browserOffline = () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => void window.dispatchEvent(new Event('offline')));
};

// The light request gets no answer: the state changes only by what the tests report.
const render = (path: string) => renderApp(<OfflineState />, { path, api: { 'GET /health': 'pending' } });
const region = () => screen.getByTestId('network-state');

afterEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockRestore();
  await answered();
});

describe('the top bar’s network state', () => {
  for (const [path, words] of [
    ['/', { notAnswering: 'Network not answering', offline: 'Offline', back: 'Back online' }],
    ['/fr', { notAnswering: 'Le réseau ne répond pas', offline: 'Hors ligne', back: 'De nouveau en ligne' }],
  ] as const)
    it(`when the network stops answering, goes offline and returns (${path}), then a polite live region says which case it is, then that it is back`, async () => {
      await render(path);
      expect(region().getAttribute('role')).toBe('status');
      expect(region().getAttribute('aria-live')).toBe('polite');
      expect(region().textContent).toBe('');

      await failed();
      expect((await screen.findByTestId('network-chip')).textContent).toBe(words.notAnswering);
      expect(screen.getByTestId('network-chip').getAttribute('data-mode')).toBe('not-answering');
      expect(region().contains(screen.getByTestId('network-chip'))).toBe(true);

      await answered();
      expect(screen.queryByTestId('network-chip')).toBeNull();
      expect(region().textContent).toBe(words.back);

      browserOffline();
      expect((await screen.findByTestId('network-chip')).textContent).toBe(words.offline);
      expect(screen.getByTestId('network-chip').getAttribute('data-mode')).toBe('offline');
    });
});
