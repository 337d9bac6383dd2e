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

/** How long after the page's load the SDK waits when the kept session serves the page (loadAuthAfterPage). */
const AUTH_AFTER_LOAD_MS = 3_000;

/**
 * Loads the SDK a few seconds after the page has loaded, when the browser is idle: with a kept session
 * whose token is valid (keptSession), the page draws and reads its data without the SDK, whose download
 * and check of the user with Google would otherwise compete with the page's own code and data on a
 * phone (the page's data and its later code come after the load event). The token has a minute left at
 * least; a sign-in or a sign-out (here or in another tab) and a token about to expire load the SDK at once.
 */
export function loadAuthAfterPage(): void {
  const load = () => void loadAuth().catch(() => undefined);
  const later = () =>
    window.setTimeout(
      () => (window.requestIdleCallback ? window.requestIdleCallback(load, { timeout: 2_000 }) : load()),
      AUTH_AFTER_LOAD_MS,
    );
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
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

/** The user the SDK keeps in this browser, with an ID token still valid for at least a minute. */
export interface KeptSession {
  uid: string;
  displayName: string | null;
  email: string | null;
  idToken: string;
  /** The token's claims (`roles` among them), as the API will read them. */
  claims: Record<string, unknown>;
}

const TOKEN_MARGIN_MS = 60_000;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function tokenClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
  const claims: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0))));
  return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
}

/**
 * The session kept by the SDK's local persistence (the user it stored, `toJSON()`'s shape), read without
 * loading the SDK: a reload draws the signed-in page and asks the API for its data with this token
 * while the SDK loads and checks the user with Google, a round trip that no longer holds the page. The SDK
 * stays the authority (it refreshes the token and signs out a user Google no longer knows; its state
 * replaces this one when it is ready), and the API checks every token. Null when there is none, when it
 * does not read as expected, or when its token expires within a minute.
 */
export function keptSession(now = Date.now()): KeptSession | null {
  try {
    // The key this app's SDK writes (its API key, the default app): not another project's leftover.
    const stored = localStorage.getItem(`${AUTH_USER_KEY}${config.firebase.apiKey}:[DEFAULT]`);
    const user = JSON.parse(stored ?? 'null') as Record<string, unknown> | null;
    const tokens = user?.stsTokenManager as Record<string, unknown> | undefined;
    const uid = text(user?.uid);
    const idToken = text(tokens?.accessToken);
    const expires = tokens?.expirationTime;
    if (!uid || !idToken || typeof expires !== 'number' || expires - now < TOKEN_MARGIN_MS) return null;
    const claims = tokenClaims(idToken);
    if (!claims || (claims.user_id ?? claims.sub) !== uid) return null;
    return { uid, displayName: text(user?.displayName), email: text(user?.email), idToken, claims };
  } catch {
    // Storage refused or a value that is not the SDK's: the page waits for the SDK, as without one.
    return null;
  }
}

/** Set when another tab signs in or out: from then on only the SDK's token is used (it follows the change). */
let keptSessionChanged = false;

/**
 * The signed-in user's ID token for API calls: the SDK's once it has restored the session, the kept one
 * until then (the SDK is loaded when that one is missing or about to expire); none when no session is kept
 * and the SDK never had a reason to load.
 */
export async function currentIdToken(): Promise<string | undefined> {
  if (!keptSessionChanged && !loaded?.sessionRestored()) {
    const kept = keptSession();
    if (kept) return kept.idToken;
  }
  if (!loading && !mayHaveSession()) return undefined;
  return (await loadAuth()).currentIdToken();
}

// A sign-in or a sign-out in another tab: load the SDK so that this tab follows (as it did when the SDK
// was always there), and stop using the kept token, which may now be someone else's or gone.
window.addEventListener('storage', (event) => {
  if (event.key !== null && !event.key.startsWith(AUTH_USER_KEY)) return;
  keptSessionChanged = true;
  void loadAuth().catch(() => undefined);
});

if (config.emulators)
  (window as unknown as Record<string, unknown>).__insightEmulatorSignIn = (claims: string) =>
    loadAuth().then((module) => module.emulatorSignIn(claims));
