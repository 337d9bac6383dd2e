/**
 * Where a 360 view's whole answer is asked for, and the view a page address opens. Small, without the
 * view's code: the early script (src/early-reads.ts), or the app's chunk when no valid token is kept,
 * asks for a directly opened view's answer while the view's code loads.
 */
import { normalizeMac } from '@insight/common/mac';
import { prefetchJson, prefetchStream } from '../../../lib/http-client';
import { languageOfPath, stripLanguage } from '../../../lib/language-path';

/** GET /api/360/{mac}?language=… (the API path, without /api). */
export const viewStreamPath = (mac: string, language: string) => `/360/${mac}?language=${language}`;

/** GET /api/360/{mac}/looks: the device's earlier looks. */
export const viewLooksPath = (mac: string) => `/360/${mac}/looks`;

/** GET /api/diagnosis/playbook: the findings' causes and next steps as engineering keeps them. */
export const PLAYBOOK_PATH = '/diagnosis/playbook';

/** GET /api/links: the other tools' and the CRM's link templates (the view's header). */
export const LINKS_PATH = '/links';

/**
 * What a page address that opens a device's view reads first: its whole answer (streamed), its looks, the
 * playbook and the tools' links (JSON); null for any other address.
 */
export function openedViewReads(pathname: string): { stream: string; json: string[] } | null {
  const mac = openedViewMac(pathname);
  return mac
    ? {
        stream: viewStreamPath(mac, languageOfPath(pathname)),
        json: [viewLooksPath(mac), PLAYBOOK_PATH, LINKS_PATH],
      }
    : null;
}

/**
 * A device's view opened directly (a link, a reload): its answer, its looks, the playbook and the links are
 * asked for now, beside the view's code, not once that code has loaded and rendered (the view's reads take
 * these answers; on a phone's connection, a read asked for after the first render is one more round trip
 * before the view is complete). Nothing for another address; asking twice asks once.
 */
export function prefetchOpenedView(pathname: string): void {
  const reads = openedViewReads(pathname);
  if (!reads) return;
  prefetchStream(reads.stream);
  reads.json.forEach(prefetchJson);
}

/**
 * Whether a view's sections come in its whole (streamed) answer: false once the path to the API was found
 * to buffer streamed answers (sections.ts), when each section asks on its own route instead.
 */
let wholeViewAnswers = true;
export const setWholeViewAnswers = (whole: boolean): void => {
  wholeViewAnswers = whole;
};

/**
 * An in-app navigation to a device's view (a MAC typed in a search field, a neighbour's or a recent
 * lookup's link): the view's answer and its looks are asked for before the page renders, not after the
 * view's first render (a view unmounting and the next one mounting take a long task on a busy phone).
 * The playbook and the links are the app's already. Nothing for another address.
 */
export function prefetchViewAnswer(pathname: string): boolean {
  const reads = openedViewReads(pathname);
  if (!reads || !wholeViewAnswers) return false;
  prefetchStream(reads.stream);
  prefetchJson(reads.json[0]!);
  return true;
}

/** The device a page address opens the view of (/i/mac/{mac}, /fr/…), its MAC normalised; else null. */
function openedViewMac(pathname: string): string | null {
  const match = /^\/i\/mac\/([^/]+)$/.exec(stripLanguage(pathname));
  if (!match || match[1] === 'enter-mac') return null;
  try {
    return normalizeMac(decodeURIComponent(match[1]!));
  } catch {
    return null;
  }
}
