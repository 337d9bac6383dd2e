import Cookies from 'js-cookie';
import { COOKIE_LIFETIME_DAYS, LANGUAGE_COOKIE, THEME_COOKIE } from '@insight/common/constants';
import type { Language } from '@insight/common/format';

export type ThemeMode = 'light' | 'dark';
const cookieOptions = { expires: COOKIE_LIFETIME_DAYS, sameSite: 'lax' as const, path: '/' };

export function readLanguageCookie(): Language | null {
  const value = Cookies.get(LANGUAGE_COOKIE);
  return value === 'en' || value === 'fr' ? value : null;
}
export function writeLanguageCookie(language: Language): void {
  Cookies.set(LANGUAGE_COOKIE, language, cookieOptions);
}
/** The same rule as the inline script of index.html, which applies it before the first paint. */
export function readThemeCookie(): ThemeMode {
  const value = Cookies.get(THEME_COOKIE);
  if (value === 'dark' || value === 'light') return value;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}
export function writeThemeCookie(mode: ThemeMode): void {
  Cookies.set(THEME_COOKIE, mode, cookieOptions);
}
