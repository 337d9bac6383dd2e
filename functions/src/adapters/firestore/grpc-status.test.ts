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
});
