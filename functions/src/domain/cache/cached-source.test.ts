import { describe, expect, it } from 'vitest';
import { cachedSource } from './cached-source';

const options = (clock: { now: number }) => ({
  maxAgeMs: 10_000,
  refreshAfterMs: 2000,
  now: () => clock.now,
});

describe('cachedSource', () => {
  it('when the first read fails and there is a fallback, then the view gets the fallback and the next view reads again', async () => {
    const clock = { now: 0 };
    let reads = 0;
    const source = cachedSource(
      async () => {
        reads += 1;
        if (reads === 1) throw new Error('unavailable');
        return 'stored';
      },
      options(clock),
      () => 'defaults',
    );
    expect(await source.current()).toBe('defaults');
    expect(await source.current()).toBe('stored');
    expect(reads).toBe(2);
  });

  it('when the first read fails and there is no fallback, then the view gets the error', async () => {
    const source = cachedSource(() => Promise.reject(new Error('unavailable')), options({ now: 0 }));
    await expect(source.current()).rejects.toThrow('unavailable');
  });

  it('when a later read fails, then the last good value is kept and concurrent views share one read', async () => {
    const clock = { now: 0 };
    let reads = 0;
    const source = cachedSource(async () => {
      reads += 1;
      if (reads > 1) throw new Error('unavailable');
      return 'first';
    }, options(clock));
    expect(await source.current()).toBe('first');
    clock.now = 20_000;
    expect(await Promise.all([source.current(), source.current()])).toEqual(['first', 'first']);
    expect(reads).toBe(2);
  });
});
