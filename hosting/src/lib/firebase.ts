import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  GoogleAuthProvider,
  initializeAuth,
  signInWithCredential,
} from 'firebase/auth';
import { config } from '../config/env';

/** The app and Auth only: the Firestore SDK is in lib/firestore.ts, loaded by the screens that read lists. */
export const firebaseApp = initializeApp(config.firebase);

/** Local persistence (SPEC.md section 1); the SDK refreshes the ID token before it expires. */
export const auth = initializeAuth(firebaseApp, {
  persistence: browserLocalPersistence,
  popupRedirectResolver: browserPopupRedirectResolver,
});
export const googleProvider = new GoogleAuthProvider();
googleProvider.setCustomParameters({ prompt: 'select_account' });

if (config.emulators) {
  connectAuthEmulator(auth, config.emulators.authUrl, { disableWarnings: true });
  // End-to-end tests sign in with a fake Google credential that only the auth emulator accepts.
  (window as unknown as Record<string, unknown>).__insightEmulatorSignIn = (claims: string) =>
    signInWithCredential(auth, GoogleAuthProvider.credential(claims)).then((result) => result.user.uid);
}
