import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  GoogleAuthProvider,
  initializeAuth,
  signInWithCredential,
} from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { config } from '../config/env';

export const firebaseApp = initializeApp(config.firebase);

/** Local persistence (SPEC.md section 1); the SDK refreshes the ID token before it expires. */
export const auth = initializeAuth(firebaseApp, {
  persistence: browserLocalPersistence,
  popupRedirectResolver: browserPopupRedirectResolver,
});
export const db = getFirestore(firebaseApp);
export const googleProvider = new GoogleAuthProvider();
googleProvider.setCustomParameters({ prompt: 'select_account' });

if (config.emulators) {
  connectAuthEmulator(auth, config.emulators.authUrl, { disableWarnings: true });
  const [host, port] = config.emulators.firestoreHost.split(':');
  connectFirestoreEmulator(db, host!, Number(port));
  // End-to-end tests sign in with a fake Google credential that only the auth emulator accepts.
  (window as unknown as Record<string, unknown>).__insightEmulatorSignIn = (claims: string) =>
    signInWithCredential(auth, GoogleAuthProvider.credential(claims)).then((result) => result.user.uid);
}
