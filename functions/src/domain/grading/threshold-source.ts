import type { ThresholdSet } from '@insight/common/threshold';
import { seedThresholdSet } from '@insight/common/threshold-seed';

/** The threshold rules the API grades by (the threshold manager's lists). */
export interface ThresholdSource {
  current(): Promise<ThresholdSet>;
}

/** A fixed set: the seeded defaults (tests, benches, an app built without Firestore). */
export function staticThresholds(set: ThresholdSet = seedThresholdSet()): ThresholdSource {
  const answer = Promise.resolve(set);
  return { current: () => answer };
}

export interface ThresholdCacheOptions {
  /** Older than this, a view waits for a fresh read: no view is graded by rules older than it. */
  maxAgeMs: number;
  /** Older than this, a view is graded by the cached rules while they are read again. */
  refreshAfterMs: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/**
 * The rules read once and kept a few seconds: views never wait for a read while the cache is younger
 * than `refreshAfterMs`, a change applies within `maxAgeMs`, and a failed read keeps the last good set.
 */
export function cachedThresholds(
  load: () => Promise<ThresholdSet>,
  { maxAgeMs, refreshAfterMs, now = Date.now, onError = () => undefined }: ThresholdCacheOptions,
): ThresholdSource {
  let set: ThresholdSet | null = null;
  let readAt = -Infinity;
  let reading: Promise<ThresholdSet> | null = null;
  const read = () => {
    reading ??= load()
      .then((fresh) => {
        set = fresh;
        readAt = now();
        return fresh;
      })
      .catch((error: unknown) => {
        onError(error);
        if (set) return set;
        throw error;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  return {
    current() {
      const age = now() - readAt;
      if (set && age < refreshAfterMs) return Promise.resolve(set);
      if (set && age < maxAgeMs) {
        void read().catch(() => undefined);
        return Promise.resolve(set);
      }
      return read();
    },
  };
}
