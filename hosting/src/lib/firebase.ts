import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  GoogleAuthProvider,
  initializeAuth,
  onIdTokenChanged,
  signInWithCredential,
  signInWithPopup,
  signOut,
  type User,
} from 'firebase/auth';
import { config } from '../config/env';

/**
 * The Firebase app and Auth. Loaded through lib/auth-session.ts only when someone may be signed in (a
 * kept session, the login page, a sign-in): the signed-out landing does not carry the SDK. The
 * Firestore SDK is in lib/firestore.ts, loaded by the screens that read lists.
 */
export const firebaseApp = initializeApp(config.firebase);

/** Local persistence (docs/requirements.md, "Sign-in and sessions"); the SDK refreshes the ID token before it expires. */
// The popup's resolver is given to the sign-in call only: given here, Auth would load Google's iframe at
// every page load on a phone (it initialises it ahead on mobile browsers), a request chain before the
// kept session is usable.
export const auth = initializeAuth(firebaseApp, { persistence: browserLocalPersistence });
const googleProvider = new GoogleAuthProvider();
googleProvider.setCustomParameters({ prompt: 'select_account' });

if (config.emulators) connectAuthEmulator(auth, config.emulators.authUrl, { disableWarnings: true });

/** Calls `onUser` with the signed-in user (or null) now and at each sign-in, sign-out and token refresh. */
export const watchIdToken = (onUser: (user: User | null) => void) => onIdTokenChanged(auth, onUser);

export const signInWithGoogle = () => signInWithPopup(auth, googleProvider, browserPopupRedirectResolver).then(() => undefined);

/** Signs out: the `__session` cookie is cleared first (its route needs no token), then the SDK forgets the user. */
export const signOutUser = () =>
  import('./server-session')
    .then(({ clearSessionCookie }) => clearSessionCookie())
    .then(() => signOut(auth));

let restored = false;
void auth.authStateReady().then(() => (restored = true));
/** True once the kept session (if any) is restored and checked: the SDK's token is then the one to use. */
export const sessionRestored = () => restored;

/** The signed-in user's ID token, once the kept session (if any) is restored. */
export async function currentIdToken(): Promise<string | undefined> {
  await auth.authStateReady();
  return auth.currentUser?.getIdToken();
}

/** End-to-end tests sign in with a fake Google credential that only the auth emulator accepts. */
export const emulatorSignIn = (claims: string) =>
  signInWithCredential(auth, GoogleAuthProvider.credential(claims)).then((result) => result.user.uid);
