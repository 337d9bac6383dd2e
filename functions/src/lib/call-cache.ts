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
}

export interface CallCacheOptions {
  ttlMs: number;
  /** With `fresh`, entries younger than this are still used: they are the ones sibling requests of the same refresh started. */
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
   * is asked about a cached entry before it is used: true (something changed it since it was fetched, e.g.
   * an operation on another instance) loads it again.
   */
  async get<T>(
    key: string,
    load: () => Promise<T>,
    fresh = false,
    changedSince?: (fetchedAt: number) => Promise<boolean>,
  ): Promise<Cached<T>> {
    const now = this.now();
    let existing = this.entries.get(key);
    const maxAge = fresh ? this.options.freshWindowMs : this.options.ttlMs;
    if (existing && now - existing.fetchedAt <= maxAge && changedSince) {
      const seen = existing;
      if (await changedSince(seen.fetchedAt)) {
        if (this.entries.get(key) === seen) this.entries.delete(key);
        existing = this.entries.get(key);
        // Another caller may have started the reload while this one waited: share it.
        if (existing && existing.fetchedAt <= seen.fetchedAt) existing = undefined;
      }
    }
    if (existing && now - existing.fetchedAt <= maxAge) {
      const value = (await existing.promise) as T;
      return { value, fetchedAt: existing.fetchedAt, cached: existing.settled };
    }
    const entry: Entry = { promise: load(), fetchedAt: this.now(), settled: false };
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
    this.entries.set(key, { promise: Promise.resolve(value), fetchedAt: this.now(), settled: true });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  private evict(): void {
    while (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
