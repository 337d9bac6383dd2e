import { config } from '../config/env';

/**
 * When the Firebase Auth SDK loads. It is large, and the signed-out landing does not need it: it loads
 * at start only when a kept session may exist (Auth's local persistence writes its user to
 * localStorage), on the login page, at sign-in, and when another tab signs in.
 */
type AuthModule = typeof import('./firebase');

let loading: Promise<AuthModule> | null = null;
let loaded: AuthModule | null = null;
const waiting = new Set<(module: AuthModule) => void>();

export function loadAuth(): Promise<AuthModule> {
  loading ??= import('./firebase').then(
    (module) => {
      loaded = module;
      waiting.forEach((callback) => callback(module));
      waiting.clear();
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The SDK if it is loaded: a sign-in started from a click opens its popup at once, not after a load. */
export const loadedAuth = (): AuthModule | null => loaded;

/** Runs `callback` once, when the SDK is loaded (at once if it is); returns what cancels it. */
export function whenAuthLoaded(callback: (module: AuthModule) => void): () => void {
  if (loaded) {
    callback(loaded);
    return () => undefined;
  }
  waiting.add(callback);
  return () => waiting.delete(callback);
}

const AUTH_USER_KEY = 'firebase:authUser:';

/** False only when no session is kept in this browser: then no one is signed in, without loading the SDK. */
export function mayHaveSession(): boolean {
  try {
    for (let index = 0; index < localStorage.length; index++)
      if (localStorage.key(index)?.startsWith(AUTH_USER_KEY)) return true;
    return false;
  } catch {
    return true;
  }
}

/** The signed-in user's ID token for API calls; none when the SDK never had a reason to load. */
export async function currentIdToken(): Promise<string | undefined> {
  if (!loading) return undefined;
  return (await loading).currentIdToken();
}

// A sign-in in another tab: load the SDK so that this tab follows, as it did when the SDK was always there.
window.addEventListener('storage', (event) => {
  if (event.key?.startsWith(AUTH_USER_KEY) && event.newValue) void loadAuth();
});

if (config.emulators)
  (window as unknown as Record<string, unknown>).__insightEmulatorSignIn = (claims: string) =>
    loadAuth().then((module) => module.emulatorSignIn(claims));
