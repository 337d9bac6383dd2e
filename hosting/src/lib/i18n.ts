import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@insight/common/format';

export const NAMESPACES = ['common', 'errors', 'home', 'insight360', 'admin', 'staging', 'outages'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const defaultNS = 'common';

/** What the shell shows (menus, error pages): loaded before the first render; a page loads its own. */
const SHELL_NAMESPACES: readonly Namespace[] = ['common', 'errors'];

// One chunk per language and namespace, so that the first load carries only the shell's texts, in its language.
const bundles = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { import: 'default' });

const backend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = bundles[`../locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`No texts for ${language}/${namespace}`), false);
    load().then(
      (texts) => callback(null, texts),
      (error: Error) => callback(error, false),
    );
  },
};

export function initI18n(language: Language, namespaces: readonly Namespace[] = SHELL_NAMESPACES) {
  return i18n
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: ['en', 'fr'],
      // Both languages have every key (locales.test.ts): no fallback, so French loads no English texts.
      fallbackLng: false,
      defaultNS,
      ns: [...namespaces],
      interpolation: { escapeValue: false },
      returnNull: false,
    });
}

/** Loads namespaces in the current language (and in any language already loaded). */
export const loadNamespaces = (namespaces: readonly Namespace[]) =>
  namespaces.length ? i18n.loadNamespaces([...namespaces]) : Promise.resolve();

export { i18n };
