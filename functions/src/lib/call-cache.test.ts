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
    // A call that answers only when the test says so: all three callers ask while it is in flight.
    let answer: (value: string) => void = () => undefined;
    const load = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const asked = Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    answer('v');
    expect((await asked).map((entry) => entry.value)).toEqual(['v', 'v', 'v']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('when fresh data is asked, then an entry an ordinary read loaded is fetched again, however young', async () => {
    const { cache, advance } = make();
    let value = 'before';
    const load = vi.fn(async () => value);
    await cache.get('k', load);
    // The device changes, and the user asks for a refresh a moment later.
    value = 'after';
    advance(500);
    expect(await cache.get('k', load, true)).toMatchObject({ value: 'after', cached: false });
    expect(load).toHaveBeenCalledTimes(2);
    // Ordinary reads use what the refresh loaded.
    expect(await cache.get('k', load)).toMatchObject({ value: 'after', cached: true });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('when the sibling requests of one refresh ask, then they share what the refresh loaded within the fresh window', async () => {
    const { cache, advance } = make();
    const load = vi.fn(async () => 'v');
    await cache.get('k', load, true);
    advance(1_000);
    expect(await cache.get('k', load, true)).toMatchObject({ cached: true });
    expect(load).toHaveBeenCalledTimes(1);
    advance(5_000);
    await cache.get('k', load, true);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('when an operation wrote a value, then a refresh right after uses it', async () => {
    const { cache, advance } = make();
    const load = vi.fn(async () => 'loaded');
    cache.set('k', 'written');
    advance(1_000);
    expect(await cache.get('k', load, true)).toMatchObject({ value: 'written' });
    expect(load).not.toHaveBeenCalled();
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
