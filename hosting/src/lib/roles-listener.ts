import { readFirestoreDocument } from './firestore-rest';

/** How often a signed-in page reads the user's roles document while the page is visible. */
export const ROLES_POLL_MS = 10_000;

/**
 * Calls `onRoles` with the user's roles document (user_roles/{uid}, written by the functions when the
 * roles change): every ROLES_POLL_MS while the page is visible, and at once when it is shown again.
 * A read of one small document, instead of a live listener: the listener would put the Firestore SDK on
 * every signed-in page. Returns what stops it.
 */
export function listenToRoles(uid: string, onRoles: (roles: string[]) => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const read = () => {
    clearTimeout(timer);
    if (stopped || document.visibilityState === 'hidden') return;
    readFirestoreDocument(`user_roles/${uid}`)
      .then((document) => {
        const roles = document?.roles;
        if (!stopped && Array.isArray(roles)) onRoles(roles.filter((role) => typeof role === 'string'));
      })
      .catch(() => undefined)
      .finally(() => {
        if (!stopped) timer = setTimeout(read, ROLES_POLL_MS);
      });
  };
  const onVisible = () => document.visibilityState === 'visible' && read();
  document.addEventListener('visibilitychange', onVisible);
  timer = setTimeout(read, ROLES_POLL_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
