import 'i18next';
import type { defaultNS } from './lib/i18n';
import type { resources } from './locales/resources';

// Typed keys: a key missing from the English resources fails the type check.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    resources: (typeof resources)['en'];
  }
}
