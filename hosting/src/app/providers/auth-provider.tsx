import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { onIdTokenChanged, signInWithPopup, signOut as firebaseSignOut, type User } from 'firebase/auth';
import { rolesFromClaim, type RoleKey } from '@insight/common/roles';
import { auth, googleProvider } from '../../lib/firebase';

export interface SessionUser {
  uid: string;
  displayName: string | null;
  email: string | null;
  roles: RoleKey[];
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

/** SPEC.md section 4: a user is considered signed in if a uid or display name exists. */
export function isSignedIn(user: Pick<SessionUser, 'uid' | 'displayName'> | null): boolean {
  return Boolean(user && (user.uid || user.displayName));
}

async function toSessionUser(user: User): Promise<SessionUser> {
  const token = await user.getIdTokenResult();
  return {
    uid: user.uid,
    displayName: user.displayName,
    email: user.email,
    roles: rolesFromClaim(token.claims.roles),
  };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading', user: null });

  useEffect(
    () =>
      // onIdTokenChanged also fires on token refresh, so new role claims reach the UI without a sign-out.
      onIdTokenChanged(auth, (user) => {
        if (!user) {
          setState({ status: 'signedOut', user: null });
          return;
        }
        void toSessionUser(user).then((sessionUser) =>
          setState(
            isSignedIn(sessionUser)
              ? { status: 'signedIn', user: sessionUser }
              : { status: 'signedOut', user: null },
          ),
        );
      }),
    [],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      state,
      async signIn() {
        await signInWithPopup(auth, googleProvider);
      },
      async signOut() {
        await firebaseSignOut(auth);
      },
    }),
    [state],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
