import { useEffect, useRef, useState } from 'react';
import { CHANGE_FLAG_MS } from '@insight/common/staging';

/**
 * Rows of a live snapshot that changed since the previous one, flagged for CHANGE_FLAG_MS (docs/requirements.md, "Staging":
 * section 4: the change-coming flag). The first snapshot flags nothing: only changes are news.
 * `version` says what counts as a change (e.g. a device's state and update time).
 */
export function useChangeFlags<R extends { id: string }>(
  rows: readonly R[],
  version: (row: R) => string,
  now: () => number = Date.now,
): ReadonlyMap<string, number> {
  const seen = useRef<Map<string, string> | null>(null);
  const [flagged, setFlagged] = useState<ReadonlyMap<string, number>>(new Map());

  useEffect(() => {
    const previous = seen.current;
    const current = new Map(rows.map((row) => [row.id, version(row)]));
    seen.current = current;
    // After a reset (no rows), the next snapshot is a first one again.
    if (!previous || previous.size === 0) return;
    const until = now() + CHANGE_FLAG_MS;
    const changed = [...current].filter(([id, value]) => previous.get(id) !== value).map(([id]) => id);
    if (changed.length > 0)
      setFlagged((flags) => new Map([...flags, ...changed.map((id) => [id, until] as const)]));
    // `version` is a pure function of the row, usually written inline.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows]);

  // Unflags rows when their second is up.
  useEffect(() => {
    if (flagged.size === 0) return;
    const next = Math.min(...flagged.values());
    const timer = setTimeout(
      () => setFlagged((flags) => new Map([...flags].filter(([, until]) => until > now()))),
      Math.max(0, next - now()),
    );
    return () => clearTimeout(timer);
  }, [flagged, now]);

  return flagged;
}
