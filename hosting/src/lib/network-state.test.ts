import { describe, expect, it } from 'vitest';
import { initialNetworkState, NO_ANSWER_MS, probeDelayMs, reduceNetwork, shownMode } from './network-state';
import type { NetworkEvent, NetworkState } from './network-state';

const online = initialNetworkState(true);
const run = (state: NetworkState, ...events: NetworkEvent[]) => events.reduce(reduceNetwork, state);

describe('the network state: which failure counts', () => {
  it('when a request fails at the network level while the browser says it is online, then the network is not answering', () => {
    expect(run(online, { type: 'failed', browserOnline: true }).mode).toBe('not-answering');
  });

  it('when a request fails while the browser says it is offline, then the portal is offline', () => {
    expect(run(online, { type: 'failed', browserOnline: false }).mode).toBe('offline');
  });

  it('when a read has had no answer for the bound and nothing else was answered meanwhile, then the network is not answering', () => {
    const state = run(online, { type: 'answered', at: 1_000 });
    expect(run(state, { type: 'no-answer', sentAt: 2_000, browserOnline: true }).mode).toBe('not-answering');
  });

  it('when a read has had no answer for the bound but another request was answered after it was sent, then the network still answers (a slow answer, not a dead network)', () => {
    const state = run(online, { type: 'answered', at: 2_000 + NO_ANSWER_MS / 2 });
    expect(run(state, { type: 'no-answer', sentAt: 2_000, browserOnline: true }).mode).toBe('online');
  });

  it('when the API answers with an HTTP error (4xx, 5xx), then that is an answer: the network works', () => {
    const notAnswering = run(online, { type: 'failed', browserOnline: true });
    expect(run(notAnswering, { type: 'answered', at: 5_000 }).mode).toBe('online');
  });

  it('when the app aborts its own request, then nothing changes', () => {
    const notAnswering = run(online, { type: 'failed', browserOnline: true });
    expect(run(online, { type: 'aborted' })).toBe(online);
    expect(run(notAnswering, { type: 'aborted' })).toBe(notAnswering);
  });

  it('when the browser says it is offline, then the portal is offline at once, without a failed request', () => {
    expect(run(online, { type: 'browser-offline' }).mode).toBe('offline');
    expect(initialNetworkState(false).mode).toBe('offline');
    // navigator.onLine false is a shortcut: shown offline whatever the requests said.
    expect(shownMode(online, false)).toBe('offline');
    expect(shownMode(run(online, { type: 'failed', browserOnline: true }), false)).toBe('offline');
  });
});

describe('the network state: which recovers', () => {
  it('when any request gets an answer, then the portal is online again, from either state', () => {
    for (const lost of [
      run(online, { type: 'failed', browserOnline: true }),
      run(online, { type: 'browser-offline' }),
    ])
      expect(run(lost, { type: 'answered', at: 1 }).mode).toBe('online');
  });

  it('when the browser says it is online again, then its word alone does not bring the portal back; the request that follows does, when it is answered', () => {
    const offline = run(online, { type: 'browser-offline' });
    const told = run(offline, { type: 'browser-online' });
    expect(told.mode).toBe('offline');
    expect(run(told, { type: 'answered', at: 1 }).mode).toBe('online');
    // The request after it fails while the browser says online: the network is not answering.
    expect(run(told, { type: 'failed', browserOnline: true }).mode).toBe('not-answering');
  });

  it('when the network is not answering, then the light request is asked again backed off: 2 s, doubling, at most 20 s', () => {
    expect([0, 1, 2, 3, 4, 5].map(probeDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000, 20_000, 20_000]);
  });
});
