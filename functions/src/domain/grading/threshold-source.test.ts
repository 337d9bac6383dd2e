import { describe, expect, it, vi } from 'vitest';
import { seedThresholdSet } from '@insight/common/threshold-seed';
import type { ThresholdSet } from '@insight/common/threshold-grading';
import { cachedThresholds } from './threshold-source';
import { WAIT } from '../../testing/wait';

const setNamed = (name: string): ThresholdSet => ({
  ...seedThresholdSet(),
  variants: [{ tdId: name } as never],
});

describe('cached threshold rules', () => {
  it('when views come within the refresh age, then the rules are read once', async () => {
    let clock = 0;
    const load = vi.fn(async () => setNamed('a'));
    const source = cachedThresholds(load, { maxAgeMs: 5000, refreshAfterMs: 2000, now: () => clock });
    await source.current();
    clock = 1999;
    await Promise.all([source.current(), source.current()]);
    expect(load).toHaveBeenCalledTimes(1);
  });
  it('when the rules are older than the refresh age, then the view gets them at once and they are read again', async () => {
    let clock = 0;
    let name = 'a';
    const source = cachedThresholds(async () => setNamed(name), {
      maxAgeMs: 5000,
      refreshAfterMs: 2000,
      now: () => clock,
    });
    await source.current();
    name = 'b';
    clock = 3000;
    expect((await source.current()).variants[0]!.tdId).toBe('a');
    await vi.waitFor(async () => expect((await source.current()).variants[0]!.tdId).toBe('b'), WAIT);
  });
  it('when the rules are older than the maximum age, then the view waits for the new ones', async () => {
    let clock = 0;
    let name = 'a';
    const source = cachedThresholds(async () => setNamed(name), {
      maxAgeMs: 5000,
      refreshAfterMs: 2000,
      now: () => clock,
    });
    await source.current();
    name = 'b';
    clock = 5000;
    expect((await source.current()).variants[0]!.tdId).toBe('b');
  });
  it('when a read fails, then the last good rules are kept and the error reported; with none, the view fails', async () => {
    let clock = 0;
    let fail = false;
    const errors: unknown[] = [];
    const source = cachedThresholds(
      async () => {
        if (fail) throw new Error('unavailable');
        return setNamed('a');
      },
      { maxAgeMs: 5000, refreshAfterMs: 2000, now: () => clock, onError: (error) => errors.push(error) },
    );
    await source.current();
    fail = true;
    clock = 6000;
    expect((await source.current()).variants[0]!.tdId).toBe('a');
    expect(errors).toHaveLength(1);
    const empty = cachedThresholds(async () => Promise.reject(new Error('down')), {
      maxAgeMs: 5000,
      refreshAfterMs: 2000,
    });
    await expect(empty.current()).rejects.toThrow('down');
  });
});
