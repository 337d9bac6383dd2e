import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, ok } from '../testing/fake-api';
import { setFakeUser } from '../testing/fake-firebase';
import { apiFetch, apiStream, prefetchJson, prefetchStream } from './http-client';

const lines = [{ section: 'customer', status: 200 }, { section: 'wan', status: 200 }];

describe('answers asked for ahead of their reader', () => {
  it('when an answer was prefetched, then its reader reads that answer and nothing is asked twice', async () => {
    setFakeUser(null);
    const api = installFakeApi({ 'GET /360/A4C1E8000001': { lines } });
    prefetchStream('/360/A4C1E8000001?language=en');
    await vi.waitFor(() => expect(api.called('GET', '/360/A4C1E8000001')).toHaveLength(1));
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
    await vi.waitFor(() => expect(api.called('GET', '/diagnosis/playbook')).toHaveLength(1));
    expect(await apiFetch('/diagnosis/playbook')).toEqual({ entries: [] });
    expect(api.called('GET', '/diagnosis/playbook')).toHaveLength(1);
    await apiFetch('/diagnosis/playbook');
    expect(api.called('GET', '/diagnosis/playbook')).toHaveLength(2);
  });
});
