import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { config } from '../config/env';
import { firebaseApp } from './firebase';

/**
 * The Firestore database. A module of its own so that the SDK loads only with the screens that use it
 * (lists, audit, recent lookups), never on the signed-out landing page.
 */
export const db = getFirestore(firebaseApp);

if (config.emulators) {
  const [host, port] = config.emulators.firestoreHost.split(':');
  connectFirestoreEmulator(db, host!, Number(port));
}
