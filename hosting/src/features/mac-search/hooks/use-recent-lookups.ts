import { useCallback, useEffect, useState } from 'react';
import { doc, onSnapshot, runTransaction, serverTimestamp } from 'firebase/firestore';
import { RECENT_LOOKUPS_LIMIT } from '@insight/common/constants';
import { db } from '../../../lib/firebase';

/** Adds a MAC at the front of a user's list, without duplicates, keeping the last 20. */
export function addRecent(list: readonly string[], mac: string): string[] {
  return [mac, ...list.filter((item) => item !== mac)].slice(0, RECENT_LOOKUPS_LIMIT);
}

const EMPTY: string[] = [];

/** A user's recent MAC lookups (last 20), kept in recent_lookups/{uid} so they follow the user between machines. */
export function useRecentLookups(uid: string | null) {
  const [list, setList] = useState<string[]>(EMPTY);
  useEffect(() => {
    if (!uid) {
      setList(EMPTY);
      return;
    }
    return onSnapshot(
      doc(db, 'recent_lookups', uid),
      (snapshot) => {
        const macs = snapshot.get('macs') as unknown;
        setList(Array.isArray(macs) ? macs.filter((mac): mac is string => typeof mac === 'string') : EMPTY);
      },
      () => setList(EMPTY),
    );
  }, [uid]);

  const remember = useCallback(
    (mac: string) => {
      if (!uid) return;
      const ref = doc(db, 'recent_lookups', uid);
      void runTransaction(db, async (transaction) => {
        const current = (await transaction.get(ref)).get('macs') as string[] | undefined;
        if (current?.[0] === mac) return;
        transaction.set(ref, { macs: addRecent(Array.isArray(current) ? current : [], mac), updatedAt: serverTimestamp() });
      }).catch(() => undefined);
    },
    [uid],
  );
  const clear = useCallback(() => {
    if (uid) void runTransaction(db, async (transaction) => transaction.set(doc(db, 'recent_lookups', uid), { macs: [], updatedAt: serverTimestamp() })).catch(() => undefined);
  }, [uid]);
  return { list, remember, clear };
}
