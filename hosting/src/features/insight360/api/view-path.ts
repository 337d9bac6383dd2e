/**
 * Where a 360 view's whole answer is asked for, and the view a page address opens. Small, without the
 * view's code: the app's chunk asks for a directly opened view's answer while the view's code loads.
 */
import { normalizeMac } from '@insight/common/mac';
import { languageOfPath, stripLanguage } from '../../../lib/language-path';

/** GET /api/360/{mac}?language=… (the API path, without /api). */
export const viewStreamPath = (mac: string, language: string) => `/360/${mac}?language=${language}`;

/** The whole answer's path for a page address that opens a device's view (/i/mac/{mac}, /fr/…), else null. */
export function openedViewStreamPath(pathname: string): string | null {
  const match = /^\/i\/mac\/([^/]+)$/.exec(stripLanguage(pathname));
  if (!match || match[1] === 'enter-mac') return null;
  let raw: string;
  try {
    raw = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  const mac = normalizeMac(raw);
  return mac ? viewStreamPath(mac, languageOfPath(pathname)) : null;
}
