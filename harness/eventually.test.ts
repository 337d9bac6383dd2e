import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventually } from './eventually';

describe('eventually', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('when the check gives a value after some polls, then it answers that value, 0 and an empty string included', async () => {
    let calls = 0;
    const answer = eventually(async () => (++calls < 3 ? null : 0), { intervalMs: 100 });
    await vi.advanceTimersByTimeAsync(250);
    await expect(answer).resolves.toBe(0);
    expect(calls).toBe(3);
    await expect(eventually(() => '')).resolves.toBe('');
  });
  it('when the check never holds, then it throws naming what it waited for once the deadline passes', async () => {
    const answer = eventually(() => false, { deadlineMs: 1000, what: 'the counts' });
    const failed = expect(answer).rejects.toThrow('the counts not met within 1000 ms (last: false)');
    await vi.advanceTimersByTimeAsync(1500);
    await failed;
  });
});
