import { useCallback, useEffect, useState } from 'react';

const EMPTY: string[] = [];
const store = () => import('../lib/recent-lookups-store');

/** A user's recent MAC lookups (last 20), kept in recent_lookups/{uid} so they follow the user between machines. */
export function useRecentLookups(uid: string | null) {
  // The list is kept with the uid it belongs to, so another user's list is never shown.
  const [state, setState] = useState<{ uid: string | null; list: string[] }>({ uid: null, list: EMPTY });
  useEffect(() => {
    if (!uid) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void store().then(({ listenToRecent }) => {
      if (!cancelled)
        stop = listenToRecent(uid, (list) => setState({ uid, list: list.length ? list : EMPTY }));
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [uid]);
  const list = uid && state.uid === uid ? state.list : EMPTY;

  const remember = useCallback(
    (mac: string) => {
      if (uid)
        void store()
          .then(({ rememberRecent }) => rememberRecent(uid, mac))
          .catch(() => undefined);
    },
    [uid],
  );
  const clear = useCallback(() => {
    if (uid)
      void store()
        .then(({ clearRecent }) => clearRecent(uid))
        .catch(() => undefined);
  }, [uid]);
  return { list, remember, clear };
}
