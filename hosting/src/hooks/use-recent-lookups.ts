import { useCallback, useEffect, useState } from 'react';
import { doc, onSnapshot, runTransaction, serverTimestamp } from 'firebase/firestore';
import { db } from '../lib/firebase';
import { addRecent } from '../lib/recent';

const EMPTY: string[] = [];

/** A user's recent MAC lookups (last 20), kept in recent_lookups/{uid} so they follow the user between machines. */
export function useRecentLookups(uid: string | null) {
  // The list is kept with the uid it belongs to, so another user's list is never shown.
  const [state, setState] = useState<{ uid: string | null; list: string[] }>({ uid: null, list: EMPTY });
  useEffect(() => {
    if (!uid) return;
    return onSnapshot(
      doc(db, 'recent_lookups', uid),
      (snapshot) => {
        const macs = snapshot.get('macs') as unknown;
        setState({
          uid,
          list: Array.isArray(macs) ? macs.filter((mac): mac is string => typeof mac === 'string') : EMPTY,
        });
      },
      () => setState({ uid, list: EMPTY }),
    );
  }, [uid]);
  const list = uid && state.uid === uid ? state.list : EMPTY;

  const remember = useCallback(
    (mac: string) => {
      if (!uid) return;
      const ref = doc(db, 'recent_lookups', uid);
      void runTransaction(db, async (transaction) => {
        const current = (await transaction.get(ref)).get('macs') as string[] | undefined;
        if (current?.[0] === mac) return;
        transaction.set(ref, {
          macs: addRecent(Array.isArray(current) ? current : [], mac),
          updatedAt: serverTimestamp(),
        });
      }).catch(() => undefined);
    },
    [uid],
  );
  const clear = useCallback(() => {
    if (uid)
      void runTransaction(db, async (transaction) =>
        transaction.set(doc(db, 'recent_lookups', uid), { macs: [], updatedAt: serverTimestamp() }),
      ).catch(() => undefined);
  }, [uid]);
  return { list, remember, clear };
}
