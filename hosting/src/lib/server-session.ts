/**
 * The signed-in user's session with the server, loaded with the first session of a page (never by the
 * signed-out landing): the session check (POST /api/session) and the `__session` cookie that lets the
 * protected pages' requests through the page-shell function (docs/features.md, "Security").
 */
import type { SessionCookieRequest } from '@insight/common/session-cookie';
import { currentIdToken } from './auth-session';
import { apiFetch } from './http-client';

/**
 * Mints a new `__session` cookie from the current ID token. The sign-in persistence keeps a session until
 * sign-out, the cookie lives 14 days: a new one at each page load keeps the two together.
 */
export async function renewSessionCookie(): Promise<void> {
  const idToken = await currentIdToken();
  if (!idToken) return;
  const body: SessionCookieRequest = { idToken };
  await apiFetch<null>('/session-cookie', { method: 'POST', body });
}

/** Clears the cookie at sign-out (before the SDK forgets the user); offline, it lapses or is refused later. */
export function clearSessionCookie(): Promise<void> {
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
