/**
 * A value the API reads from Firestore and keeps a few seconds (the threshold rules, the diagnosis
 * playbook): a view never waits for a read while the value is younger than `refreshAfterMs` (older, it is
 * answered from the cache while one read runs behind it), a change applies within `maxAgeMs`, concurrent
 * views share one read, and a failed read keeps the last good value (or, never read yet, the fallback
 * when there is one).
 */
export interface Source<T> {
  current(): Promise<T>;
}

export interface CacheOptions {
  /** Older than this, a view waits for a fresh read: no view is answered from a value older than it. */
  maxAgeMs: number;
  /** Older than this, a view is answered from the cache while the value is read again. */
  refreshAfterMs: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/** A fixed value (tests, benches, an app built without Firestore). */
export function staticSource<T>(value: T): Source<T> {
  const answer = Promise.resolve(value);
  return { current: () => answer };
}

export function cachedSource<T>(
  load: () => Promise<T>,
  { maxAgeMs, refreshAfterMs, now = Date.now, onError = () => undefined }: CacheOptions,
  /** What a failed first read answers (not kept: the next view reads again); none: the error. */
  fallback?: () => T,
): Source<T> {
  let value: { current: T } | null = null;
  let readAt = -Infinity;
  let reading: Promise<T> | null = null;
  const read = () => {
    reading ??= load()
      .then((fresh) => {
        value = { current: fresh };
        readAt = now();
        return fresh;
      })
      .catch((error: unknown) => {
        onError(error);
        if (value) return value.current;
        if (fallback) return fallback();
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
      if (value && age < refreshAfterMs) return Promise.resolve(value.current);
      if (value && age < maxAgeMs) {
        void read().catch(() => undefined);
        return Promise.resolve(value.current);
      }
      return read();
    },
  };
}
