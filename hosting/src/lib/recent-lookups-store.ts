import { doc, getFirestore, connectFirestoreEmulator, runTransaction, serverTimestamp } from 'firebase/firestore/lite';
import { config } from '../config/env';
import { firebaseApp } from './firebase';
import { addRecent } from './recent';

/**
 * Writes to recent_lookups/{uid}, a user's last MAC lookups, with the Firestore lite SDK: a write after a
 * lookup needs no live listener, and the lite SDK is a tenth of the full one. Loaded only to write.
 */
const db = getFirestore(firebaseApp);
if (config.emulators) {
  const [host, port] = config.emulators.firestoreHost.split(':');
  connectFirestoreEmulator(db, host!, Number(port));
}

/** Puts `mac` first in the user's list; resolves with the list as written. */
export function rememberRecent(uid: string, mac: string): Promise<string[]> {
  const ref = doc(db, 'recent_lookups', uid);
  return runTransaction(db, async (transaction) => {
    const stored = (await transaction.get(ref)).get('macs') as unknown;
    const current = Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : [];
    if (current[0] === mac) return current;
    const macs = addRecent(current, mac);
    transaction.set(ref, { macs, updatedAt: serverTimestamp() });
    return macs;
  });
}

export function clearRecent(uid: string): Promise<void> {
  return runTransaction(db, async (transaction) => {
    transaction.set(doc(db, 'recent_lookups', uid), { macs: [], updatedAt: serverTimestamp() });
  });
}
