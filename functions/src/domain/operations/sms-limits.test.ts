import { describe, expect, it } from 'vitest';
import { memorySmsLimits } from './sms-limits';

describe('SMS limits', () => {
  it('when 30 SMS are taken at once for one user and device, then 5 pass and 25 are refused with a wait, none throws', async () => {
    const limits = memorySmsLimits();
    const verdicts = await Promise.allSettled(
      Array.from({ length: 30 }, () => limits.take('u1', 'AABBCCDDEEFF')),
    );
    expect(verdicts.filter((verdict) => verdict.status === 'rejected')).toEqual([]);
    const values = verdicts.map((verdict) => (verdict.status === 'fulfilled' ? verdict.value : null));
    expect(values.filter((value) => value?.ok)).toHaveLength(5);
    const refused = values.filter((value) => value && !value.ok);
    expect(refused).toHaveLength(25);
    for (const value of refused) expect(value).toMatchObject({ ok: false, scope: 'user' });
    for (const value of refused) expect(!value!.ok && value!.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("when a device's allowance is spent, then a user's point is not taken by the refusal", async () => {
    const limits = memorySmsLimits({ points: 2, durationSeconds: 600 });
    await Promise.all([limits.take('a', 'MAC1'), limits.take('b', 'MAC1')]);
    expect(await limits.take('c', 'MAC1')).toMatchObject({ ok: false, scope: 'mac' });
    // c's refusal for MAC1 took nothing from c: two more for other devices pass.
    expect(await limits.take('c', 'MAC2')).toEqual({ ok: true });
    expect(await limits.take('c', 'MAC3')).toEqual({ ok: true });
    expect(await limits.take('c', 'MAC4')).toMatchObject({ ok: false, scope: 'user' });
  });
});
