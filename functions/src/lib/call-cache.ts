/**
 * A short in-memory cache per upstream call (keyed by MAC and call), shared by the 360 sections so that
 * the WAN details fetched for the WAN section serve the voice and birth-certificate sections too, and
 * opening the same view twice does not hit the upstreams twice. Concurrent callers share one in-flight
 * request. Failures are not cached.
 */
export interface Cached<T> {
  value: T;
  fetchedAt: number;
  cached: boolean;
}

interface Entry {
  promise: Promise<unknown>;
  fetchedAt: number;
  settled: boolean;
  /** Loaded for a refresh (or written by an operation): a sibling request of the same refresh may use it. */
  fresh: boolean;
}

export interface CallCacheOptions {
  ttlMs: number;
  /**
   * With `fresh`, entries that a refresh loaded (or an operation wrote) younger than this are still used:
   * they are the ones sibling requests of the same refresh started. An entry an ordinary read loaded is
   * never used by a refresh, however young: the refresh is asked for because the device may have changed
   * since.
   */
  freshWindowMs: number;
  maxEntries: number;
  now?: () => number;
}

export class CallCache {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;

  constructor(private readonly options: CallCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * The value of `key`, from the cache while it is young enough, else loaded. `changedSince`, when given,
   * is asked about a cached entry (its fetch time and its age by this cache's clock) before it is used:
   * true (something changed it since it was fetched, e.g. an operation on another instance) loads it again.
   */
  async get<T>(
    key: string,
    load: () => Promise<T>,
    fresh = false,
    changedSince?: (fetchedAt: number, ageMs: number) => Promise<boolean>,
  ): Promise<Cached<T>> {
    const now = this.now();
    const usable = (entry: Entry | undefined): entry is Entry =>
      entry !== undefined &&
      (fresh
        ? entry.fresh && now - entry.fetchedAt <= this.options.freshWindowMs
        : now - entry.fetchedAt <= this.options.ttlMs);
    let existing = this.entries.get(key);
    if (usable(existing) && changedSince) {
      const seen = existing;
      if (await changedSince(seen.fetchedAt, now - seen.fetchedAt)) {
        if (this.entries.get(key) === seen) this.entries.delete(key);
        existing = this.entries.get(key);
        // Another caller may have started the reload while this one waited: share it.
        if (existing && existing.fetchedAt <= seen.fetchedAt) existing = undefined;
      }
    }
    if (usable(existing)) {
      const value = (await existing.promise) as T;
      return { value, fetchedAt: existing.fetchedAt, cached: existing.settled };
    }
    const entry: Entry = { promise: load(), fetchedAt: this.now(), settled: false, fresh };
    this.entries.set(key, entry);
    this.evict();
    try {
      const value = (await entry.promise) as T;
      entry.settled = true;
      return { value, fetchedAt: entry.fetchedAt, cached: false };
    } catch (error) {
      if (this.entries.get(key) === entry) this.entries.delete(key);
      throw error;
    }
  }

  /** Replaces a cached value (e.g. after an operation changed it). */
  set<T>(key: string, value: T): void {
    this.entries.set(key, { promise: Promise.resolve(value), fetchedAt: this.now(), settled: true, fresh: true });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  private evict(): void {
    while (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
