/** Formatters shared by the API and the web app (docs/requirements.md, "Formats and constants"). */

/** Phone: 10 digits as 3-3-4, otherwise digits only, '-' when empty. */
export function formatPhone(value: string | null | undefined): string {
  const onlyDigits = (value ?? '').replace(/\D/g, '');
  if (onlyDigits.length === 0) return '-';
  if (onlyDigits.length === 10)
    return `${onlyDigits.slice(0, 3)}-${onlyDigits.slice(3, 6)}-${onlyDigits.slice(6)}`;
  return onlyDigits;
}

export type Language = 'en' | 'fr';

const dateFormatters = new Map<Language, Intl.DateTimeFormat>();
/** Recent answers by language and time: live tables format the same few seconds again and again. */
const formatted = new Map<string, string>();
const FORMATTED_MAX = 5000;

/**
 * Date display MM/DD/YY, hh:mm AM/PM (docs/requirements.md, "Formats and constants"). French keeps the same order and uses the
 * day-period words that Intl gives for fr-CA ("a.m."/"p.m.").
 */
export function formatDateTime(value: Date | number | string, language: Language = 'en'): string {
  const date = value instanceof Date ? value : new Date(value);
  const time = date.getTime();
  if (Number.isNaN(time)) return '-';
  const key = `${language}${time}`;
  const known = formatted.get(key);
  if (known !== undefined) return known;
  let formatter = dateFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-US', {
      year: '2-digit',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    });
    dateFormatters.set(language, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(date).map((part) => [part.type, part.value]));
  const text = `${parts.month}/${parts.day}/${parts.year}, ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
  if (formatted.size >= FORMATTED_MAX) formatted.clear();
  formatted.set(key, text);
  return text;
}
