import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentIdToken, keptSession, loadAuth } from '../lib/auth-session';
import { setFakeUser } from '../testing/fake-firebase';
import { AuthProvider, useAuth } from './auth-provider';

// A signed-in provider follows the user's roles document; not what these tests are about.
vi.mock('../lib/roles-listener', () => ({ listenToRoles: () => () => undefined }));

/** The key this app's SDK writes (the test configuration's API key). */
const KEY = 'firebase:authUser:test-api-key:[DEFAULT]';
const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** An ID token as the SDK keeps it (the API checks the signature; the page only reads the claims). */
const token = (claims: object) => `${base64url({ alg: 'RS256' })}.${base64url(claims)}.signature`;

/** What the SDK's local persistence writes for a signed-in user (`User.toJSON()`, the fields read). */
function keepUser(options: { uid?: string; tokenUid?: string; expiresInMs?: number; roles?: string[] } = {}) {
  const uid = options.uid ?? 'kept-1';
  localStorage.setItem(
    KEY,
    JSON.stringify({
      uid,
      displayName: 'Kept User',
      email: 'kept@insight.test',
      stsTokenManager: {
        accessToken: token({ user_id: options.tokenUid ?? uid, roles: options.roles ?? ['support2'] }),
        refreshToken: 'refresh',
        expirationTime: Date.now() + (options.expiresInMs ?? 30 * 60_000),
      },
    }),
  );
}

function State() {
  const { state } = useAuth();
  return (
    <p data-testid="state">
      {state.status} {state.user?.uid} {state.user?.roles.join(',')}
    </p>
  );
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('keptSession (the session the Auth SDK keeps, read without it)', () => {
  it('when the SDK keeps a user with a valid token, then its uid, names and token claims are read', () => {
    keepUser({ roles: ['support2', 'install'] });
    const kept = keptSession();
    expect(kept).toMatchObject({ uid: 'kept-1', displayName: 'Kept User', email: 'kept@insight.test' });
    expect(kept?.claims.roles).toEqual(['support2', 'install']);
  });

  it('when the token expires within a minute, belongs to someone else or the value is not the SDK’s, then there is none', () => {
    keepUser({ expiresInMs: 30_000 });
    expect(keptSession()).toBeNull();
    keepUser({ tokenUid: 'someone-else' });
    expect(keptSession()).toBeNull();
    localStorage.setItem(
      KEY,
      JSON.stringify({
        uid: 'kept-1',
        stsTokenManager: { accessToken: 'not-a-jwt', expirationTime: Date.now() + 30 * 60_000 },
      }),
    );
    expect(keptSession()).toBeNull();
    // Another project's (or another API key's) kept user is not this app's.
    keepUser();
    localStorage.setItem('firebase:authUser:other-key:[DEFAULT]', localStorage.getItem(KEY)!);
    localStorage.removeItem(KEY);
    expect(keptSession()).toBeNull();
    localStorage.setItem(KEY, 'not json');
    expect(keptSession()).toBeNull();
  });

  it('when the SDK has not loaded yet, then API calls use the kept token', async () => {
    keepUser();
    void loadAuth();
    expect(await currentIdToken()).toBe(keptSession()!.idToken);
  });
});

describe('AuthProvider’s first state', () => {
  it('when a valid session is kept and this tab checked it before, then the first render is signed in with the token’s roles, before the SDK answers', () => {
    setFakeUser(undefined); // the SDK never settles in this test
    keepUser({ roles: ['support3'] });
    sessionStorage.setItem('insight-session', JSON.stringify({ uid: 'kept-1', allowed: true }));
    render(
      <AuthProvider>
        <State />
      </AuthProvider>,
    );
    expect(screen.getByTestId('state').textContent).toBe('signedIn kept-1 support3');
  });

  it('when the SDK then finds no one signed in (signed out elsewhere), then the kept state gives way', async () => {
    keepUser();
    sessionStorage.setItem('insight-session', JSON.stringify({ uid: 'kept-1', allowed: true }));
    render(
      <AuthProvider>
        <State />
      </AuthProvider>,
    );
    expect(screen.getByTestId('state').textContent).toBe('signedIn kept-1 support2');
    await loadAuth();
    setFakeUser(null);
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('signedOut  '));
  });

  it('when this tab never checked the kept session, or its token has expired, then the page waits for the SDK', () => {
    setFakeUser(undefined);
    keepUser();
    const { unmount } = render(
      <AuthProvider>
        <State />
      </AuthProvider>,
    );
    expect(screen.getByTestId('state').textContent).toBe('loading  ');
    unmount();
    keepUser({ expiresInMs: 10_000 });
    sessionStorage.setItem('insight-session', JSON.stringify({ uid: 'kept-1', allowed: true }));
    render(
      <AuthProvider>
        <State />
      </AuthProvider>,
    );
    expect(screen.getByTestId('state').textContent).toBe('loading  ');
  });
});
