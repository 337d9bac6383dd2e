import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, type Language } from '@insight/common/format';

/** The one date formatter of the web app: MM/DD/YY, hh:mm AM/PM in the current language. */
export function useFormatDateTime(): (value: Date | number | string) => string {
  const { i18n } = useTranslation();
  const language = (i18n.language === 'fr' ? 'fr' : 'en') satisfies Language;
  // Stable per language: tables memoise their columns on it.
  return useCallback((value) => formatDateTime(value, language), [language]);
}
