/**
 * What the in-app guard and the page-shell function share about the protected pages (docs/features.md,
 * "Security"): the switch that skips the signed-in check, the language of a path, and the same-site check
 * of a post-sign-in destination. No dependency: the landing's first load carries this module.
 */
import type { Language } from './format';

/**
 * The switch of the specification that skips the signed-in check of the protected pages. Off, and it
 * stays off (docs/requirements.md, "Sign-in and sessions"); the in-app guard and the page-shell function
 * both read it.
 */
export const SKIP_AUTH_CHECK: boolean = false;

/** The session cookie: the one cookie Firebase Hosting passes to a function behind a rewrite. */
export const SESSION_COOKIE = '__session';

/** English has no prefix, French has /fr (docs/requirements.md, "Layout and navigation"). */
export function languageOfPath(pathname: string): Language {
  return pathname === '/fr' || pathname.startsWith('/fr/') ? 'fr' : 'en';
}

const SAME_SITE = 'http://same.site';

/**
 * A post-sign-in destination (`from=`) is honoured only as a path of this site: it starts with a single
 * `/` (not `//` nor `/\`, which browsers read as another host), carries no scheme, and resolves to this
 * origin (a tab or a newline, which URL parsing drops, cannot turn it into `//host`). Returns the path
 * with its query and fragment, or null.
 */
export function safeReturnPath(from: string | null | undefined): string | null {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return null;
  try {
    const url = new URL(from, SAME_SITE);
    return url.origin === SAME_SITE ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/**
 * Where a signed-out request for `pathWithQuery` is sent: the login page of its language, with `from=` the
 * path and query when they form a same-site path (else no `from=`).
 */
export function loginRedirect(pathWithQuery: string): string {
  const login = languageOfPath(pathWithQuery.split('?')[0]!) === 'fr' ? '/fr/login' : '/login';
  const from = safeReturnPath(pathWithQuery);
  return from ? `${login}?from=${encodeURIComponent(from)}` : login;
}
