import 'i18next';
import type { defaultNS, resources } from './lib/i18n';

// Typed keys: a key missing from the English resources fails the type check.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    resources: (typeof resources)['en'];
  }
}
