import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, ok } from '../testing/fake-api';
import { setFakeUser } from '../testing/fake-firebase';
import { apiFetch, apiStream, HttpError, prefetchJson, prefetchStream } from './http-client';
import { WAIT } from '../testing/wait';

const lines = [{ section: 'customer', status: 200 }, { section: 'wan', status: 200 }];

describe('answers asked for ahead of their reader', () => {
  it('when a prefetched answer arrived more than 5 s before anyone took it, then asking again asks the API again, and so does its reader', async () => {
    setFakeUser(null);
    const api = installFakeApi({ 'GET /diagnosis/playbook': ok({ entries: [] }) });
    let now = 1_000;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => now);
    try {
      prefetchJson('/diagnosis/playbook');
      prefetchJson('/diagnosis/playbook');
      await vi.waitFor(() => expect(api.called('GET', '/diagnosis/playbook')).toHaveLength(1), WAIT);
      // Arrived at 1 s; 4 s later it is still there for its reader, 6 s later it is not.
      await new Promise((resolve) => setTimeout(resolve, 0));
      now += 6_000;
      prefetchJson('/diagnosis/playbook');
      await vi.waitFor(() => expect(api.called('GET', '/diagnosis/playbook')).toHaveLength(2), WAIT);
      await new Promise((resolve) => setTimeout(resolve, 0));
      now += 4_000;
      expect(await apiFetch('/diagnosis/playbook')).toEqual({ entries: [] });
      expect(api.called('GET', '/diagnosis/playbook')).toHaveLength(2);
      prefetchJson('/diagnosis/playbook');
      await vi.waitFor(() => expect(api.called('GET', '/diagnosis/playbook')).toHaveLength(3), WAIT);
      await new Promise((resolve) => setTimeout(resolve, 0));
      now += 6_000;
      await apiFetch('/diagnosis/playbook');
      expect(api.called('GET', '/diagnosis/playbook')).toHaveLength(4);
    } finally {
      clock.mockRestore();
    }
  });

  it('when an answer was prefetched, then its reader reads that answer and nothing is asked twice', async () => {
    setFakeUser(null);
    const api = installFakeApi({ 'GET /360/A4C1E8000001': { lines } });
    prefetchStream('/360/A4C1E8000001?language=en');
    await vi.waitFor(() => expect(api.called('GET', '/360/A4C1E8000001')).toHaveLength(1), WAIT);
    const read: unknown[] = [];
    await apiStream('/360/A4C1E8000001?language=en', (line) => read.push(line));
    expect(read).toEqual(lines);
    expect(api.called('GET', '/360/A4C1E8000001')).toHaveLength(1);
    // Taken once: a later read asks again.
    await apiStream('/360/A4C1E8000001?language=en', () => undefined);
    expect(api.called('GET', '/360/A4C1E8000001')).toHaveLength(2);
  });

  it('when a JSON read was prefetched, then the next plain read takes it, once', async () => {
    setFakeUser(null);
    const api = installFakeApi({ 'GET /diagnosis/playbook': ok({ entries: [] }) });
    prefetchJson('/diagnosis/playbook');
    // Asked for at once, before its reader.
    await vi.waitFor(() => expect(api.called('GET', '/diagnosis/playbook')).toHaveLength(1), WAIT);
    expect(await apiFetch('/diagnosis/playbook')).toEqual({ entries: [] });
    expect(api.called('GET', '/diagnosis/playbook')).toHaveLength(1);
    await apiFetch('/diagnosis/playbook');
    expect(api.called('GET', '/diagnosis/playbook')).toHaveLength(2);
  });
  it('when a prefetched read failed at the network level, then its reader asks again instead of reading the old failure', async () => {
    setFakeUser(null);
    const sent: string[] = [];
    vi.stubGlobal('fetch', async (input: string) => {
      sent.push(input);
      if (sent.length === 1) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ links: [] }), { status: 200 });
    });
    prefetchJson('/links');
    await vi.waitFor(() => expect(sent).toHaveLength(1), WAIT);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await apiFetch('/links')).toEqual({ links: [] });
    expect(sent).toEqual(['/api/links', '/api/links']);
  });

  it('when a streamed answer is cut off on the way, then its reader gets a network error (worded by the readers), after the lines that arrived whole', async () => {
    setFakeUser(null);
    const cut = (parts: Array<string | Error>) =>
      vi.stubGlobal('fetch', async () => {
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            const part = parts.shift();
            if (part === undefined) controller.close();
            else if (part instanceof Error) controller.error(part);
            else controller.enqueue(encoder.encode(part));
          },
        });
        return new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } });
      });
    // The connection drops after the first line.
    cut(['{"section":"customer","status":200}\n', new TypeError('network error')]);
    const read: unknown[] = [];
    const dropped = await apiStream('/360/A4C1E8000002?language=en', (line) => read.push(line)).catch(
      (error: unknown) => error,
    );
    expect(read).toEqual([{ section: 'customer', status: 200 }]);
    expect(dropped).toBeInstanceOf(HttpError);
    expect(dropped).toMatchObject({ status: 0, code: 'network' });
    // The answer ends in the middle of a line.
    cut(['{"section":"customer","status":200}\n{"section":"wa']);
    const halfLine = await apiStream('/360/A4C1E8000003?language=en', () => undefined).catch(
      (error: unknown) => error,
    );
    expect(halfLine).toBeInstanceOf(HttpError);
    expect(halfLine).toMatchObject({ status: 0, code: 'network' });
  });
});
