import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { User } from 'firebase/auth';
import { can, rolesFromClaim, type RoleKey } from '@insight/common/roles';
import { keptSession, loadAuth, loadedAuth, mayHaveSession, whenAuthLoaded } from '../lib/auth-session';
import { forgetKeptViews } from '../lib/field-mode';
import { isOnline } from '../lib/network-status';
import { whenPageSettled } from '../lib/loading-store';
import type { listenToRoles } from '../lib/roles-listener';

export interface SessionUser {
  uid: string;
  displayName: string | null;
  email: string | null;
  roles: RoleKey[];
  /** False when the e-mail is outside the allowed domains (the no-access page everywhere). */
  allowed: boolean;
}

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'signedOut'; user: null }
  | { status: 'signedIn'; user: SessionUser };

interface AuthContextValue {
  state: AuthState;
  signIn(): Promise<void>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** docs/requirements.md, "Sign-in and sessions": a user is considered signed in if a uid or display name exists. */
export function isSignedIn(user: Pick<SessionUser, 'uid' | 'displayName'> | null): boolean {
  return Boolean(user && (user.uid || user.displayName));
}

interface SessionAnswer {
  allowed: boolean;
  roles: RoleKey[];
  changed: boolean;
}
const sameRoles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((role) => b.includes(role));

/** Gets a new ID token when the server's view of the user's roles differs from the token's claim. */
async function refreshIfRolesDiffer(user: User, roles: readonly string[]): Promise<void> {
  const token = await user.getIdTokenResult();
  if (!sameRoles(rolesFromClaim(token.claims.roles), roles)) await user.getIdToken(true);
}

/** One session check per user and page load: admin e-mails get their role, other domains are refused. */
const sessions = new Map<string, Promise<SessionAnswer>>();
function startSession(user: User): Promise<SessionAnswer> {
  let session = sessions.get(user.uid);
  if (!session) {
    // The HTTP client loads with the first session: the signed-out landing makes no API call. The
    // session cookie is minted with it (lib/server-session.ts).
    session = import('../lib/server-session')
      .then(({ startServerSession }) => startServerSession<SessionAnswer>())
      .then(async (answer) => {
        await refreshIfRolesDiffer(user, answer.roles);
        return answer;
      });
    session.catch((error: unknown) => {
      sessions.delete(user.uid);
      // A revoked (or otherwise refused) session: the views kept on this device go (docs/field-mode.md).
      if ((error as { status?: unknown }).status === 401) void forgetKeptViews(null);
    });
    sessions.set(user.uid, session);
  }
  return session;
}

async function toSessionUser(
  user: User,
  session: Promise<Pick<SessionAnswer, 'allowed'>>,
): Promise<SessionUser> {
  const [token, answer] = await Promise.all([user.getIdTokenResult(), session]);
  return {
    uid: user.uid,
    displayName: user.displayName,
    email: user.email,
    roles: rolesFromClaim(token.claims.roles),
    allowed: answer.allowed,
  };
}

/**
 * The last session answer of this tab, so that a reload renders at once while the session is checked
 * again (the API and the rules decide access either way; this only spares the wait on the screen).
 */
const SESSION_KEY = 'insight-session';
function rememberedSession(uid: string): { allowed: boolean } | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as {
      uid?: unknown;
      allowed?: unknown;
    } | null;
    return value && value.uid === uid && typeof value.allowed === 'boolean'
      ? { allowed: value.allowed }
      : null;
  } catch {
    return null;
  }
}
function rememberSession(uid: string, allowed: boolean): void {
  try {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify({ uid, allowed }));
  } catch {
    // Storage may be unavailable (private modes): the next load waits for the session, as the first did.
  }
}

/**
 * The state a page load starts in. No session kept in this browser: signed out at once, and the Auth SDK
 * stays unloaded. A kept session whose token is valid, checked earlier in this tab: signed in at once with
 * the token's roles, so that a reload draws its page and asks for its data while the SDK loads and checks
 * the user (lib/auth-session.ts, keptSession). Otherwise loading until the SDK says.
 */
function initialState(): AuthState {
  if (!mayHaveSession()) return { status: 'signedOut', user: null };
  // Offline, the kept session's user, even with an expired token, and access as last granted: the page
  // opens the views kept on the device (docs/field-mode.md); the API, unreachable, is asked nothing.
  const offline = !isOnline();
  const kept = keptSession(offline ? 0 : undefined);
  const remembered = kept && (rememberedSession(kept.uid) ?? (offline ? { allowed: true } : null));
  if (!kept || !remembered) return { status: 'loading', user: null };
  const user: SessionUser = {
    uid: kept.uid,
    displayName: kept.displayName,
    email: kept.email,
    roles: rolesFromClaim(kept.claims.roles),
    allowed: remembered.allowed,
  };
  return isSignedIn(user) ? { status: 'signedIn', user } : { status: 'loading', user: null };
}

/** The same user with the same roles and access: the state is kept (no render of the whole app). */
const sameUser = (state: AuthState, next: AuthState) =>
  state.status === next.status &&
  (state.user === next.user ||
    (state.user !== null &&
      next.user !== null &&
      state.user.uid === next.user.uid &&
      state.user.displayName === next.user.displayName &&
      state.user.email === next.user.email &&
      state.user.allowed === next.user.allowed &&
      sameRoles(state.user.roles, next.user.roles)));

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(initialState);

  useEffect(() => {
    let stop: (() => void) | null = null;
    // Each change the SDK reports; an answer that arrives after a newer change (a sign-out while the
    // session was being checked) is dropped.
    let changes = 0;
    const cancel = whenAuthLoaded(({ watchIdToken }) => {
      // onIdTokenChanged also fires on token refresh, so new role claims reach the UI without a sign-out.
      stop = watchIdToken((user) => {
        const change = ++changes;
        if (!user) {
          setState({ status: 'signedOut', user: null });
          return;
        }
        // As a transition: the page the session opens renders in slices, not in one long task.
        const apply = (sessionUser: SessionUser) =>
          change === changes &&
          startTransition(() =>
            setState((current) => {
              const next: AuthState = isSignedIn(sessionUser)
                ? { status: 'signedIn', user: sessionUser }
                : { status: 'signedOut', user: null };
              return sameUser(current, next) ? current : next;
            }),
          );
        const session = startSession(user).then(
          (answer) => {
            if (change === changes) rememberSession(user.uid, answer.allowed);
            return answer;
          },
          () => ({ allowed: true }),
        );
        let checked = false;
        const remembered = rememberedSession(user.uid);
        if (remembered)
          void toSessionUser(user, Promise.resolve(remembered)).then((sessionUser) => {
            if (!checked) apply(sessionUser);
          });
        void toSessionUser(user, session).then((sessionUser) => {
          checked = true;
          apply(sessionUser);
        });
      });
    });
    // Signed in from the kept session: the SDK comes once the page has loaded (main.tsx asks for it).
    if (mayHaveSession() && initialState().status !== 'signedIn')
      loadAuth().catch(() => setState({ status: 'signedOut', user: null }));
    return () => {
      cancel();
      stop?.();
    };
  }, []);

  // When the user's roles change (user_roles/{uid}, written by the functions), refresh the ID token so
  // that the new roles apply without signing out. The listener starts once the page has settled: its code
  // and its connection never delay the page's first data.
  const uid = state.status === 'signedIn' ? state.user.uid : null;
  useEffect(() => {
    if (!uid) return;
    let stop: ReturnType<typeof listenToRoles> | null = null;
    let cancelled = false;
    const cancelWait = whenPageSettled(() => {
      void import('../lib/roles-listener').then(({ listenToRoles }) => {
        if (cancelled) return;
        stop = listenToRoles(uid, (roles) => {
          const user = loadedAuth()?.auth.currentUser;
          if (user) void refreshIfRolesDiffer(user, roles);
        });
      });
    });
    return () => {
      cancelled = true;
      cancelWait();
      stop?.();
    };
  }, [uid]);

  // Kept views belong to the signed-in user while their roles may open the 360 view: anyone else's, and
  // everything once signed out, is deleted (docs/field-mode.md).
  const keeper =
    state.status === 'loading'
      ? undefined
      : mayOpenViews(state) && state.status === 'signedIn'
        ? state.user.uid
        : null;
  useEffect(() => {
    if (keeper === null) void forgetKeptViews(null);
    // Another user's leftovers: once the page has settled (the store's code never delays a page).
    else if (keeper) return whenPageSettled(() => void forgetKeptViews(keeper));
  }, [keeper]);

  const value = useMemo<AuthContextValue>(
    () => ({
      state,
      signIn() {
        // Called in the click's own turn when the SDK is loaded, so that the browser lets the popup open.
        const loaded = loadedAuth();
        return loaded ? loaded.signInWithGoogle() : loadAuth().then((module) => module.signInWithGoogle());
      },
      async signOut() {
        sessionStorage.removeItem(SESSION_KEY);
        // The key that encrypts the kept views goes first: nothing kept stays readable after a sign-out.
        await forgetKeptViews(null);
        await (await loadAuth()).signOutUser();
        // And what a view still open kept meanwhile.
        await forgetKeptViews(null);
      },
    }),
    [state],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** Whether the session's user may open 360 views (an allowed e-mail with `view360`): search them, keep them. */
export const mayOpenViews = (state: AuthState): boolean =>
  state.status === 'signedIn' && state.user.allowed && can(state.user.roles, 'view360');

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
