/**
 * A 360 view kept for field mode (lib/kept-views.ts, docs/field-mode.md): the answers of the view's reads,
 * by API path, as SWR held them once every section had answered; offline, the view's reads answer from it.
 */
import type { Middleware } from 'swr';
import { SECTIONS } from '@insight/common/constants';
import { isErrorCode } from '@insight/common/errors';
import { HttpError } from '../../../lib/http-client';
import type { KeptView } from '../../../lib/kept-views';
import { LINKS_PATH, PLAYBOOK_PATH, viewLooksPath } from './view-path';
import { sectionPath } from './sections';

type Answer = { data: unknown } | { error: { status: number; code: string; path?: string } };
export type KeptAnswers = Record<string, Answer>;

/** A read's path without the language: a view kept in one language opens in the other too. */
const withoutLanguage = (path: string) => path.replace(/[?&]language=[a-z]+$/, '');

/** The API paths whose answers make a device's view. */
export const keptPaths = (mac: string, language: string): string[] => [
  ...SECTIONS.map((section) => sectionPath(mac, section, language)),
  viewLooksPath(mac),
  PLAYBOOK_PATH,
  LINKS_PATH,
];

/** The answers of `paths` as `read` gives them (SWR's cache); null while a section has not answered. */
export function answersOf(
  mac: string,
  language: string,
  read: (path: string) => { data?: unknown; error?: unknown } | undefined,
): KeptAnswers | null {
  const answers: KeptAnswers = {};
  for (const path of keptPaths(mac, language)) {
    const state = read(path);
    if (state?.data !== undefined) answers[withoutLanguage(path)] = { data: state.data };
    else if (state?.error instanceof HttpError)
      answers[withoutLanguage(path)] = {
        error: {
          status: state.error.status,
          code: state.error.code,
          ...(state.error.path ? { path: state.error.path } : {}),
        },
      };
    else if (path.includes('?language=')) return null;
  }
  return answers;
}

/** Complete: every section answered, and the customer was found (a MAC without a customer is not kept). */
export const isCompleteView = (answers: KeptAnswers | null, mac: string, language: string): boolean =>
  answers !== null && 'data' in (answers[withoutLanguage(sectionPath(mac, 'customer', language))] ?? {});

const offline = (path: string) => new HttpError(0, 'offline', `${path} was not kept for offline use`, path);

/**
 * SWR middleware: the view's reads answer from the kept view, as they answered when it was taken (a
 * section that failed then fails the same way); a read of the device that was not kept says it is not
 * available offline. Every other read goes to its own fetcher.
 */
export const fromKeptView =
  (view: KeptView<KeptAnswers>): Middleware =>
  (useSWRNext) =>
  (key, fetcher, config) => {
    const path = typeof key === 'string' ? key : null;
    const own = path !== null && (path.startsWith(`/360/${view.mac}`) || path in view.content);
    const kept = own
      ? async () => {
          const answer = view.content[withoutLanguage(path)];
          if (!answer) throw offline(path);
          if ('data' in answer) return answer.data;
          const { status, code, path: where } = answer.error;
          throw new HttpError(
            status,
            isErrorCode(code) || code === 'network' || code === 'offline' ? code : 'internal',
            '',
            where,
          );
        }
      : fetcher;
    return useSWRNext(key, kept as typeof fetcher, config);
  };
