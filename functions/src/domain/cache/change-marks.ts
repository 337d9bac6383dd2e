/**
 * When a device was last changed by an operation (reset, voice operation, regeneration), kept where every
 * instance sees it: the cached reads of the sections an operation changes check it, so a read on any
 * instance after an operation fetches again instead of answering from a copy taken before it.
 */
export interface ChangeMarkStore {
  /** When an operation last changed the device (ms since the epoch), or null. */
  read(mac: string): Promise<number | null>;
  /** Records that an operation changed the device at `at`. */
  write(mac: string, at: number): Promise<void>;
}

export interface ChangeMarks {
  /**
   * Whether an operation changed the device after `fetchedAt` (a cached answer's fetch time; `ageMs`, its
   * age by the cache's clock), as this instance knows it: the store read at most `maxAgeMs` ago, or not at
   * all for an answer younger than that.
   */
  changedSince(mac: string, fetchedAt: number, ageMs: number): Promise<boolean>;
  /** Marks the device changed now, here and for every instance. */
  mark(mac: string): Promise<void>;
}

/** The marks of one process (tests, benches): what every instance would share. */
export class MemoryChangeMarkStore implements ChangeMarkStore {
  readonly marks = new Map<string, number>();
  reads = 0;
  async read(mac: string) {
    this.reads += 1;
    return this.marks.get(mac) ?? null;
  }
  async write(mac: string, at: number) {
    this.marks.set(mac, Math.max(at, this.marks.get(mac) ?? 0));
  }
}

/**
 * The store's marks, each read at most once per `maxAgeMs` per device on this instance (concurrent reads
 * share one lookup). A mark made here is known here at once; one made on another instance is seen within
 * `maxAgeMs`. A failed lookup counts as "changed now": the read fetches again rather than risk a stale copy.
 * An answer fetched less than `maxAgeMs` ago is judged by what this instance knows, without a lookup: a
 * mark made since on another instance is younger than `maxAgeMs`, which that promise leaves unseen anyway.
 * So a view's sections sharing an upstream call still in flight (the first view of a device) read no mark.
 */
export function cachedChangeMarks(
  store: ChangeMarkStore,
  {
    maxAgeMs = 1000,
    maxEntries = 10_000,
    now = Date.now,
  }: { maxAgeMs?: number; maxEntries?: number; now?: () => number } = {},
): ChangeMarks {
  const known = new Map<string, { at: number; value: Promise<number | null> }>();
  const changedAt = (mac: string, young: boolean): Promise<number | null> => {
    const hit = known.get(mac);
    const at = now();
    if (hit && (young || at - hit.at <= maxAgeMs)) return hit.value;
    if (young) return Promise.resolve(null);
    const value = store.read(mac).catch(() => now());
    known.delete(mac);
    known.set(mac, { at, value });
    if (known.size > maxEntries) known.delete(known.keys().next().value!);
    return value;
  };
  return {
    async changedSince(mac, fetchedAt, ageMs) {
      const changed = await changedAt(mac, ageMs <= maxAgeMs);
      return changed !== null && changed > fetchedAt;
    },
    async mark(mac) {
      const at = now();
      known.set(mac, { at, value: Promise.resolve(at) });
      await store.write(mac, at);
    },
  };
}
