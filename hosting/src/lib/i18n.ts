import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@insight/common/format';
import enCommon from '../locales/en/common.json';
import enErrors from '../locales/en/errors.json';
import enHome from '../locales/en/home.json';
import enInsight360 from '../locales/en/insight360.json';
import enAdmin from '../locales/en/admin.json';
import enStaging from '../locales/en/staging.json';
import frCommon from '../locales/fr/common.json';
import frErrors from '../locales/fr/errors.json';
import frHome from '../locales/fr/home.json';
import frInsight360 from '../locales/fr/insight360.json';
import frAdmin from '../locales/fr/admin.json';
import frStaging from '../locales/fr/staging.json';

export const resources = {
  en: { common: enCommon, errors: enErrors, home: enHome, insight360: enInsight360, admin: enAdmin, staging: enStaging },
  fr: { common: frCommon, errors: frErrors, home: frHome, insight360: frInsight360, admin: frAdmin, staging: frStaging },
} as const;

export const defaultNS = 'common';

export function initI18n(language: Language) {
  return i18n.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    defaultNS,
    ns: Object.keys(resources.en),
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

export { i18n };
