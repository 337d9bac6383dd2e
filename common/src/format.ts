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

/** Recent answers by language and time: live tables format the same few seconds again and again. */
const formatted = new Map<string, string>();
const FORMATTED_MAX = 5000;

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Date display `2026-11-26 14:02` in both languages (docs/requirements.md, "Formats and constants"): Canada's
 * all-numeric date is year-month-day, and either order of day and month would be ambiguous here. Local
 * time, 24-hour clock. `language` is kept for the callers: the text is the same in French.
 */
export function formatDateTime(value: Date | number | string, language: Language = 'en'): string {
  const date = value instanceof Date ? value : new Date(value);
  const time = date.getTime();
  if (Number.isNaN(time)) return '-';
  const key = `${language}${time}`;
  const known = formatted.get(key);
  if (known !== undefined) return known;
  const text = `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
  if (formatted.size >= FORMATTED_MAX) formatted.clear();
  formatted.set(key, text);
  return text;
}

/** The date alone, `2026-11-26` (local time): file names, date filters and their pickers. */
export function formatDate(value: Date | number | string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
