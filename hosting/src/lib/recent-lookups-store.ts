import { doc, onSnapshot, runTransaction, serverTimestamp } from 'firebase/firestore';
import { db } from './firestore';
import { addRecent } from './recent';

/** recent_lookups/{uid}: a user's last MAC lookups (Firestore; loaded only once someone is signed in). */
export function listenToRecent(uid: string, onList: (macs: string[]) => void): () => void {
  return onSnapshot(
    doc(db, 'recent_lookups', uid),
    (snapshot) => {
      const macs = snapshot.get('macs') as unknown;
      onList(Array.isArray(macs) ? macs.filter((mac): mac is string => typeof mac === 'string') : []);
    },
    () => onList([]),
  );
}

export function rememberRecent(uid: string, mac: string): Promise<void> {
  const ref = doc(db, 'recent_lookups', uid);
  return runTransaction(db, async (transaction) => {
    const current = (await transaction.get(ref)).get('macs') as string[] | undefined;
    if (current?.[0] === mac) return;
    transaction.set(ref, {
      macs: addRecent(Array.isArray(current) ? current : [], mac),
      updatedAt: serverTimestamp(),
    });
  });
}

export function clearRecent(uid: string): Promise<void> {
  return runTransaction(db, async (transaction) => {
    transaction.set(doc(db, 'recent_lookups', uid), { macs: [], updatedAt: serverTimestamp() });
  });
}
