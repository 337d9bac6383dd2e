/**
 * The signed-in user's session with the server, loaded with the first session of a page (never by the
 * signed-out landing): the session check (POST /api/session) and the `__session` cookie that lets the
 * protected pages' requests through the page-shell function (docs/features.md, "Security").
 */
import type { SessionCookieRequest } from '@insight/common/session-cookie';
import { currentIdToken } from './auth-session';
import { apiFetch } from './http-client';

/** The cookie being minted, if any: a sign-out clears the cookie after it, never before. */
let renewal: Promise<void> | null = null;

/**
 * Mints a new `__session` cookie from the current ID token. The sign-in persistence keeps a session until
 * sign-out, the cookie lives 14 days: a new one at each page load keeps the two together.
 */
export function renewSessionCookie(): Promise<void> {
  const minting = (async () => {
    const idToken = await currentIdToken();
    if (!idToken) return;
    const body: SessionCookieRequest = { idToken };
    await apiFetch<null>('/session-cookie', { method: 'POST', body });
  })();
  renewal = minting;
  return minting.finally(() => {
    if (renewal === minting) renewal = null;
  });
}

/**
 * Clears the cookie at sign-out (before the SDK forgets the user); offline, it lapses or is refused later.
 * A cookie still being minted (a sign-out right after the page loaded) is waited for first: its answer
 * would otherwise set the cookie again after the clearing one.
 */
export async function clearSessionCookie(): Promise<void> {
  await renewal?.catch(() => undefined);
  return apiFetch<null>('/session-cookie', { method: 'DELETE' }).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * The session check of a page load (admin e-mails get their role; docs/requirements.md, "Roles and
 * access"), then the cookie, without waiting for it: the page goes on with the check's answer.
 */
export async function startServerSession<T>(): Promise<T> {
  const answer = await apiFetch<T>('/session', { method: 'POST', body: {} });
  void renewSessionCookie().catch(() => undefined);
  return answer;
}
