import { describe, expect, it, vi } from 'vitest';
import { CallCache } from './call-cache';

describe('CallCache', () => {
  const make = () => {
    let now = 1_000_000;
    const cache = new CallCache({ ttlMs: 30_000, freshWindowMs: 2_000, maxEntries: 3, now: () => now });
    return { cache, advance: (ms: number) => (now += ms) };
  };

  it('when the same call is made twice within the TTL, then the upstream is called once', async () => {
    const { cache, advance } = make();
    const load = vi.fn(async () => 'v');
    expect(await cache.get('k', load)).toMatchObject({ value: 'v', cached: false });
    advance(10_000);
    expect(await cache.get('k', load)).toMatchObject({ value: 'v', cached: true, fetchedAt: 1_000_000 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('when concurrent callers ask at once, then they share one in-flight call', async () => {
    const { cache } = make();
    const load = vi.fn(() => new Promise<string>((resolve) => setTimeout(() => resolve('v'), 5)));
    await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('when fresh data is asked, then entries older than the fresh window are fetched again', async () => {
    const { cache, advance } = make();
    const load = vi.fn(async () => 'v');
    await cache.get('k', load);
    advance(1_000);
    await cache.get('k', load, true);
    expect(load).toHaveBeenCalledTimes(1);
    advance(5_000);
    await cache.get('k', load, true);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('when the TTL has passed or the call failed, then it is fetched again', async () => {
    const { cache, advance } = make();
    const failing = vi.fn(async () => {
      throw new Error('down');
    });
    await expect(cache.get('f', failing)).rejects.toThrow('down');
    await expect(cache.get('f', failing)).rejects.toThrow('down');
    expect(failing).toHaveBeenCalledTimes(2);
    const load = vi.fn(async () => 'v');
    await cache.get('k', load);
    advance(30_001);
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps at most maxEntries', async () => {
    const { cache } = make();
    const load = vi.fn(async () => 'v');
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, load);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(5);
  });
});
