import type { Language } from '@insight/common/format';

/** English has no prefix, French has /fr (docs/requirements.md, "Layout and navigation"). */
export function languageOfPath(pathname: string): Language {
  return pathname === '/fr' || pathname.startsWith('/fr/') ? 'fr' : 'en';
}

/** The path without its language prefix: '/fr/threshold' -> '/threshold', '/fr' -> '/'. */
export function stripLanguage(pathname: string): string {
  if (languageOfPath(pathname) === 'en') return pathname;
  const rest = pathname.slice(3);
  return rest === '' ? '/' : rest;
}

export function withLanguage(pathname: string, language: Language): string {
  const bare = stripLanguage(pathname);
  if (language === 'en') return bare;
  return bare === '/' ? '/fr' : `/fr${bare}`;
}

/** Only same-site paths are honoured as a post-sign-in destination. */
export function safeReturnPath(from: string | null | undefined): string | null {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return null;
  try {
    const url = new URL(from, 'http://same.site');
    return url.origin === 'http://same.site' ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}
