/**
 * The rows of a staging stream and their change flags. Each row has a version, bumped at each change of
 * its data or of its flag, so that the table redraws only the rows whose version moved. A changed row is
 * flagged when the next view is made (`settle`), for `flagMs` on the injected clock; the flags that have
 * ended are cleared at the same step. Free of timers: the engine asks when the next flag ends.
 */
import { rowKey, type StagingRow } from '@insight/common/staging';

/** A clock in milliseconds (Date.now in the app, a test's own in the tests). */
export type Clock = () => number;

export interface RowStore {
  /** A snapshot: every row replaced, nothing flagged (a first look is not news). */
  replace(rows: readonly StagingRow[]): void;
  /** Changed rows: stored and flagged at the next `settle`. */
  upsert(rows: readonly StagingRow[]): void;
  /** Flags the rows changed since the last call and clears the flags that have ended, at the clock's now. */
  settle(): void;
  rows(): IterableIterator<StagingRow>;
  readonly size: number;
  version(key: string): number;
  flagged(key: string): boolean;
  /** When the oldest flag ends (undefined without flags). */
  nextFlagEnd(): number | undefined;
  /** How long a changed row stays flagged. */
  setFlagMs(ms: number): void;
  /** Another stream or a reset: no row, no flag. */
  clear(): void;
}

export function createRowStore({
  flagMs = 1000,
  now = Date.now,
}: { flagMs?: number; now?: Clock } = {}): RowStore {
  const rows = new Map<string, StagingRow>();
  const versions = new Map<string, number>();
  // Every flag with its end, oldest first (all last as long, so the first to end is the first in).
  const flags = new Map<string, number>();
  let changed = new Set<string>();
  let version = 0;
  let duration = flagMs;

  const bump = (key: string) => versions.set(key, ++version);
  const put = (row: StagingRow) => {
    const key = rowKey(row);
    rows.set(key, row);
    bump(key);
    return key;
  };

  return {
    replace(list) {
      rows.clear();
      for (const row of list) put(row);
    },
    upsert(list) {
      for (const row of list) changed.add(put(row));
    },
    settle() {
      const at = now();
      for (const key of changed) {
        flags.delete(key);
        flags.set(key, at + duration);
      }
      changed = new Set();
      for (const [key, until] of flags) {
        if (until > at) break;
        flags.delete(key);
        bump(key);
      }
    },
    rows: () => rows.values(),
    get size() {
      return rows.size;
    },
    version: (key) => versions.get(key) ?? 0,
    flagged: (key) => flags.has(key),
    nextFlagEnd: () => flags.values().next().value,
    setFlagMs(ms) {
      duration = ms;
    },
    clear() {
      rows.clear();
      flags.clear();
      versions.clear();
      changed = new Set();
    },
  };
}
