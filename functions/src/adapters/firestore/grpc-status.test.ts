import { describe, expect, it } from 'vitest';
import { withContention } from './grpc-status';

const aborted = Object.assign(new Error('10 ABORTED: Transaction lock timeout.'), { code: 10 });

describe('withContention', () => {
  it('when a transaction is aborted for contention, then it runs again until it commits', async () => {
    let calls = 0;
    const result = await withContention(async () => {
      calls += 1;
      if (calls < 3) throw aborted;
      return 'committed';
    });
    expect([result, calls]).toEqual(['committed', 3]);
  });

  it('when it fails otherwise, or keeps being aborted, then the error is thrown', async () => {
    await expect(withContention(async () => Promise.reject(new Error('other')))).rejects.toThrow('other');
    let calls = 0;
    await expect(
      withContention(async () => {
        calls += 1;
        throw aborted;
      }, 2),
    ).rejects.toBe(aborted);
    expect(calls).toBe(2);
  });

  it('when a transaction expired while it waited (the emulator: invalid or closed), then it runs again; other bad arguments are thrown', async () => {
    const closed = Object.assign(new Error('3 INVALID_ARGUMENT: Transaction is invalid or closed.'), {
      code: 3,
    });
    let calls = 0;
    const result = await withContention(async () => {
      calls += 1;
      if (calls < 2) throw closed;
      return 'committed';
    });
    expect([result, calls]).toEqual(['committed', 2]);
    const bad = Object.assign(new Error('3 INVALID_ARGUMENT: Value for argument "data" is not valid.'), {
      code: 3,
    });
    await expect(withContention(async () => Promise.reject(bad))).rejects.toBe(bad);
  });
});
