import {
  connectFirestoreEmulator,
  initializeFirestore,
  persistentLocalCache,
  persistentMultipleTabManager,
} from 'firebase/firestore';
import { config } from '../config/env';
import { firebaseApp } from './firebase';

/**
 * The Firestore database. A module of its own so that the SDK loads only with the screens that use it
 * (lists, audit, recent lookups), never on the signed-out landing page.
 */
// A persistent cache (IndexedDB, shared by the user's tabs): a list opened again paints at once from
// the cache, then the listener brings the changes.
export const db = initializeFirestore(firebaseApp, {
  localCache: persistentLocalCache({ tabManager: persistentMultipleTabManager() }),
});

if (config.emulators) {
  const [host, port] = config.emulators.firestoreHost.split(':');
  connectFirestoreEmulator(db, host!, Number(port));
}
