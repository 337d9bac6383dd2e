/**
 * Every text of both languages, bundled: for the types of the translation keys (i18next.d.ts) and the
 * locale tests only. The app loads each namespace of the current language on its own (lib/i18n.ts).
 */
import enCommon from './en/common.json';
import enErrors from './en/errors.json';
import enHome from './en/home.json';
import enInsight360 from './en/insight360.json';
import enAdmin from './en/admin.json';
import enStaging from './en/staging.json';
import enOutages from './en/outages.json';
import frCommon from './fr/common.json';
import frErrors from './fr/errors.json';
import frHome from './fr/home.json';
import frInsight360 from './fr/insight360.json';
import frAdmin from './fr/admin.json';
import frStaging from './fr/staging.json';
import frOutages from './fr/outages.json';

export const resources = {
  en: {
    common: enCommon,
    errors: enErrors,
    home: enHome,
    insight360: enInsight360,
    admin: enAdmin,
    staging: enStaging,
    outages: enOutages,
  },
  fr: {
    common: frCommon,
    errors: frErrors,
    home: frHome,
    insight360: frInsight360,
    admin: frAdmin,
    staging: frStaging,
    outages: frOutages,
  },
} as const;
