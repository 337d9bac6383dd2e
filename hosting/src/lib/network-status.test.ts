import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setFakeUser } from '../testing/fake-firebase';
import { apiFetch, HttpError } from './http-client';
import { NO_ANSWER_MS } from './network-state';
import { networkMode, watchApiRequest } from './network-status';

/** How the fake network answers one request: an HTTP status, a network failure, or nothing (until aborted). */
type Outcome = number | 'fails' | 'hangs';

/** A network whose answers the test gives, path by path; every request recorded. */
function fakeNetwork(outcomes: Record<string, Outcome[]>) {
  const sent: Array<{ method: string; path: string }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init: RequestInit = {}) => {
      const path = String(input).replace(/^\/api/, '');
      sent.push({ method: init.method ?? 'GET', path });
      const outcome = outcomes[path]?.shift() ?? 200;
      if (outcome === 'fails') return Promise.reject(new TypeError('Failed to fetch'));
      const aborted = () => new DOMException('Aborted', 'AbortError');
      if (init.signal?.aborted) return Promise.reject(aborted());
      if (outcome === 'hangs')
        return new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(aborted())));
      return Promise.resolve(new Response(JSON.stringify({}), { status: outcome }));
    }),
  );
  return {
    sent,
    probes: () => sent.filter((request) => request.path === '/health').length,
    writes: () => sent.filter((request) => request.method !== 'GET').length,
  };
}

const refusal = (write: Promise<unknown>) => write.then(() => null, (error: unknown) => error as HttpError);

// One fake clock for the file: the store is the module's, and its clock only goes forward.
beforeAll(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] }));
afterAll(() => vi.useRealTimers());
beforeEach(() => setFakeUser(null));

afterEach(async () => {
  // Each test leaves the portal online.
  vi.spyOn(navigator, 'onLine', 'get').mockRestore();
  await watchApiRequest(Promise.resolve(new Response(null)), { firstByteBound: false });
});

describe('the portal’s network state from what the requests do', () => {
  it('when a read fails at the network level while the browser says it is online, then the network is not answering and a write is refused before anything is sent; the light request asks again at 2 s, then 4 s later; once it is answered the portal is online and writes go again', async () => {
    const network = fakeNetwork({ '/360/A/customer': ['fails'], '/health': ['fails', 200] });
    await expect(apiFetch('/360/A/customer')).rejects.toMatchObject({ code: 'network' });
    expect(networkMode()).toBe('not-answering');

    const refused = await refusal(apiFetch('/ops/reset', { method: 'POST', body: {} }));
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused?.code).toBe('not_answering');
    expect(network.writes()).toBe(0);

    await vi.advanceTimersByTimeAsync(1_999);
    expect(network.probes()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(network.probes()).toBe(1);
    expect(networkMode()).toBe('not-answering');
    await vi.advanceTimersByTimeAsync(3_999);
    expect(network.probes()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(network.probes()).toBe(2);
    expect(networkMode()).toBe('online');

    await apiFetch('/ops/reset', { method: 'POST', body: {} });
    expect(network.writes()).toBe(1);
    // Online, nothing more is asked.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(network.probes()).toBe(2);
  });

  it('when the API answers with an HTTP error, or the app aborts its own request, then the portal stays online', async () => {
    const network = fakeNetwork({ '/360/A/wan': [500, 404, 'hangs'] });
    await expect(apiFetch('/360/A/wan')).rejects.toMatchObject({ status: 500 });
    await expect(apiFetch('/360/A/wan')).rejects.toMatchObject({ status: 404 });
    const controller = new AbortController();
    const aborted = apiFetch('/360/A/wan', { signal: controller.signal }).catch((error: unknown) => error);
    controller.abort();
    expect(await aborted).toMatchObject({ name: 'AbortError' });
    expect(networkMode()).toBe('online');
    await vi.advanceTimersByTimeAsync(NO_ANSWER_MS * 2);
    expect(networkMode()).toBe('online');
    expect(network.probes()).toBe(0);
  });

  it('when a read gets no first byte within the bound and nothing else is answered, then the network is not answering; a light request that gets no answer either is given up at the bound, and the next one asked 4 s later', async () => {
    const network = fakeNetwork({ '/360/A/lan': ['hangs'], '/health': ['hangs', 200] });
    void apiFetch('/360/A/lan').catch(() => undefined);
    await vi.advanceTimersByTimeAsync(NO_ANSWER_MS - 1);
    expect(networkMode()).toBe('online');
    await vi.advanceTimersByTimeAsync(1);
    expect(networkMode()).toBe('not-answering');

    await vi.advanceTimersByTimeAsync(2_000);
    expect(network.probes()).toBe(1);
    await vi.advanceTimersByTimeAsync(NO_ANSWER_MS + 3_999);
    expect(network.probes()).toBe(1);
    expect(networkMode()).toBe('not-answering');
    await vi.advanceTimersByTimeAsync(1);
    expect(network.probes()).toBe(2);
    expect(networkMode()).toBe('online');
  });

  it('when a read is slow but another request is answered while it waits, then the network still answers', async () => {
    fakeNetwork({ '/360/A/voice': ['hangs'] });
    void apiFetch('/360/A/voice').catch(() => undefined);
    await vi.advanceTimersByTimeAsync(NO_ANSWER_MS / 2);
    await apiFetch('/links');
    await vi.advanceTimersByTimeAsync(NO_ANSWER_MS);
    expect(networkMode()).toBe('online');
  });

  it('when the page is being left, then the requests the browser cancels say nothing: the portal stays online, and back from the page cache a failure counts again', async () => {
    fakeNetwork({ '/360/A/customer': ['fails', 'fails'] });
    window.dispatchEvent(new Event('pagehide'));
    await expect(apiFetch('/360/A/customer')).rejects.toBeDefined();
    expect(networkMode()).toBe('online');
    expect(sessionStorage.getItem('insight-network')).toBeNull();
    window.dispatchEvent(new Event('pageshow'));
    await expect(apiFetch('/360/A/customer')).rejects.toMatchObject({ code: 'network' });
    expect(networkMode()).toBe('not-answering');
  });

  it('when a write fails at the network level, then that counts too, but a slow write does not', async () => {
    fakeNetwork({ '/ops/reset': ['hangs', 'fails'] });
    void apiFetch('/ops/reset', { method: 'POST', body: {} }).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(NO_ANSWER_MS * 2);
    expect(networkMode()).toBe('online');
    await expect(apiFetch('/ops/reset', { method: 'POST', body: {} })).rejects.toMatchObject({ code: 'network' });
    expect(networkMode()).toBe('not-answering');
  });

  it('when the browser says it is offline, then the portal is offline at once and refuses writes as offline, asks nothing while offline, and when the browser says online it asks at once: the answer brings the portal back', async () => {
    const network = fakeNetwork({});
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(networkMode()).toBe('offline');
    expect((await refusal(apiFetch('/admin/racks/R1', { method: 'PUT', body: {} })))?.code).toBe('offline');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(network.sent).toEqual([]);

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    // The browser's word alone: still offline until the light request is answered.
    expect(networkMode()).toBe('offline');
    await vi.advanceTimersByTimeAsync(0);
    expect(network.probes()).toBe(1);
    expect(networkMode()).toBe('online');
  });

  it('when the browser says online again but the light request fails, then the network is not answering (not offline), and it keeps asking', async () => {
    const network = fakeNetwork({ '/health': ['fails', 'fails', 200] });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(networkMode()).toBe('not-answering');
    await vi.advanceTimersByTimeAsync(2_000 + 4_000);
    expect(network.probes()).toBe(3);
    expect(networkMode()).toBe('online');
  });
});
