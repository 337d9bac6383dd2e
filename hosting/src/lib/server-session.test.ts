import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, fakeUser, setFakeUser } from '../testing/fake-firebase';
import { loadAuth } from './auth-session';
import { startServerSession } from './server-session';
import { WAIT } from '../testing/wait';

/** The API as the page sees it: each call recorded, with the signed-in state at the time it was made. */
function stubApi() {
  const calls: Array<{ method: string; path: string; body: unknown; signedIn: boolean }> = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    calls.push({
      method: init.method ?? 'GET',
      path: input,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      signedIn: fakeAuth.currentUser !== null,
    });
    return input === '/api/session'
      ? new Response(JSON.stringify({ allowed: true, roles: ['support1'], changed: false }), { status: 200 })
      : new Response(null, { status: 204 });
  });
  return calls;
}

afterEach(() => {
  setFakeUser(null);
  localStorage.clear();
});

describe('the session cookie from the web app', () => {
  it('when a page starts its session, then the cookie is minted from the current ID token after the check', async () => {
    const calls = stubApi();
    setFakeUser(fakeUser('u1', ['support1']));
    await loadAuth();
    expect(await startServerSession()).toEqual({ allowed: true, roles: ['support1'], changed: false });
    await vi.waitFor(() => expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('POST /api/session-cookie'), WAIT);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/session',
      'POST /api/session-cookie',
    ]);
    expect(calls[1]!.body).toEqual({ idToken: 'test-token-u1' });
  });

  it('when the user signs out, then the cookie is cleared while the user is still signed in, then the SDK signs out', async () => {
    const calls = stubApi();
    setFakeUser(fakeUser('u1', ['support1']));
    const { signOutUser } = await loadAuth();
    await signOutUser();
    expect(calls).toEqual([
      { method: 'DELETE', path: '/api/session-cookie', body: undefined, signedIn: true },
    ]);
    expect(fakeAuth.currentUser).toBeNull();
  });

  it('when the user signs out while the cookie is still being minted, then the clearing request is sent after the mint has answered', async () => {
    const order: string[] = [];
    let answerMint: () => void = () => undefined;
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      const call = `${init.method ?? 'GET'} ${input}`;
      order.push(`sent ${call}`);
      if (call === 'POST /api/session-cookie') await new Promise<void>((resolve) => (answerMint = resolve));
      order.push(`answered ${call}`);
      return input === '/api/session'
        ? new Response(JSON.stringify({ allowed: true, roles: ['support1'], changed: false }), { status: 200 })
        : new Response(null, { status: 204 });
    });
    setFakeUser(fakeUser('u1', ['support1']));
    const { signOutUser } = await loadAuth();
    await startServerSession();
    await vi.waitFor(() => expect(order).toContain('sent POST /api/session-cookie'), WAIT);
    const signingOut = signOutUser();
    // The clearing request waits for the mint: sent now, its cookie would be set again by the mint's answer.
    // Twenty turns of the event loop: far more than a request sent at once takes to reach `fetch`.
    for (let turn = 0; turn < 20 && !order.includes('sent DELETE /api/session-cookie'); turn++)
      await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).not.toContain('sent DELETE /api/session-cookie');
    answerMint();
    await signingOut;
    expect(order.slice(-3)).toEqual([
      'answered POST /api/session-cookie',
      'sent DELETE /api/session-cookie',
      'answered DELETE /api/session-cookie',
    ]);
  });

  it('when the cookie cannot be cleared (offline, an error), then the sign-out still happens', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    setFakeUser(fakeUser('u1', ['support1']));
    const { signOutUser } = await loadAuth();
    await signOutUser();
    expect(fakeAuth.currentUser).toBeNull();
  });
});
