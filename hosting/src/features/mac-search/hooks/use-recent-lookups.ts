import { useCallback, useSyncExternalStore } from 'react';

const LIMIT = 20;
const key = (uid: string) => `insight-recent-lookups:${uid}`;
const listeners = new Set<() => void>();
const cache = new Map<string, string[]>();

function read(uid: string): string[] {
  if (!cache.has(uid)) {
    try {
      const parsed: unknown = JSON.parse(localStorage.getItem(key(uid)) ?? '[]');
      cache.set(
        uid,
        Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [],
      );
    } catch {
      cache.set(uid, []);
    }
  }
  return cache.get(uid)!;
}

function write(uid: string, list: string[]): void {
  cache.set(uid, list);
  localStorage.setItem(key(uid), JSON.stringify(list));
  listeners.forEach((listener) => listener());
}

/** Adds a MAC at the front of a user's list, without duplicates, keeping the last 20. */
export function addRecent(list: readonly string[], mac: string): string[] {
  return [mac, ...list.filter((item) => item !== mac)].slice(0, LIMIT);
}

/** A user's recent MAC lookups (last 20), kept on this browser per user. */
export function useRecentLookups(uid: string | null) {
  const list = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (uid ? read(uid) : EMPTY),
  );
  const remember = useCallback((mac: string) => uid && write(uid, addRecent(read(uid), mac)), [uid]);
  const clear = useCallback(() => uid && write(uid, []), [uid]);
  return { list, remember, clear };
}
const EMPTY: string[] = [];
