import type { Language } from '@insight/common/format';
import { languageOfPath } from '@insight/common/protected-pages';

/** The language of a path and the same-site check of `from=`: one code with the page-shell function. */
export { languageOfPath, safeReturnPath } from '@insight/common/protected-pages';

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
