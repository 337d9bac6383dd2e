import { RateLimiterMemory } from 'rate-limiter-flexible';

/** How many SMS one user, and one device, may send in a window (the same limit for both). */
export const SMS_LIMIT = { points: 5, durationSeconds: 10 * 60 } as const;

export type SmsLimitVerdict = { ok: true } | { ok: false; scope: 'user' | 'mac'; retryAfterSeconds: number };

export interface SmsLimits {
  /** Takes one SMS from the user's and the device's allowance, or says which is spent and until when. */
  take(uid: string, mac: string): Promise<SmsLimitVerdict>;
}

/**
 * Per-instance counters (tests, and an app built without a shared store): each instance keeps its own
 * window, so with n instances up to n × the limit would go out. The deployed API uses the Firestore
 * adapter (adapters/firestore/firestore-sms-limits.ts): one limit for all instances (docs/architecture.md, "Per instance of the `api` function").
 */
export function memorySmsLimits(limit: { points: number; durationSeconds: number } = SMS_LIMIT): SmsLimits {
  const byUser = new RateLimiterMemory({
    keyPrefix: 'sms-user',
    points: limit.points,
    duration: limit.durationSeconds,
  });
  const byMac = new RateLimiterMemory({
    keyPrefix: 'sms-mac',
    points: limit.points,
    duration: limit.durationSeconds,
  });
  const spent = async (limiter: RateLimiterMemory, key: string) => {
    const state = await limiter.get(key);
    return state && state.remainingPoints <= 0 ? Math.max(1, Math.ceil(state.msBeforeNext / 1000)) : 0;
  };
  // A point is taken from both allowances or from neither: one spent allowance must not use up the other.
  const checkAndTake = async (uid: string, mac: string): Promise<SmsLimitVerdict> => {
    for (const [scope, limiter, key] of [
      ['user', byUser, uid],
      ['mac', byMac, mac],
    ] as const) {
      const retryAfterSeconds = await spent(limiter, key);
      if (retryAfterSeconds) return { ok: false, scope, retryAfterSeconds };
    }
    await Promise.all([byUser.consume(uid), byMac.consume(mac)]);
    return { ok: true };
  };
  // One take at a time: the check and the consumption are separate awaits, so concurrent takes would all
  // pass the check before any consumed, and the surplus would then be rejected by consume() itself.
  let previous: Promise<unknown> = Promise.resolve();
  return {
    take(uid, mac) {
      const verdict = previous.then(() => checkAndTake(uid, mac));
      previous = verdict.catch(() => undefined);
      return verdict;
    },
  };
}
