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

/** Recent answers by language, zone and time: live tables format the same few seconds again and again. */
const formatted = new Map<string, string>();
const FORMATTED_MAX = 5000;

const pad = (value: number) => String(value).padStart(2, '0');

interface Clock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** One reader per zone: building an Intl.DateTimeFormat costs more than using one. */
const zoneReaders = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar date and 24-hour time of an instant: in `timeZone` (an IANA name, e.g. America/Toronto)
 * when given, else in the runtime's own zone (the browser's: the user's local time).
 */
function clockOf(date: Date, timeZone: string | undefined): Clock {
  if (timeZone === undefined)
    return {
      year: date.getFullYear(),
      month: date.getMonth() + 1,
      day: date.getDate(),
      hour: date.getHours(),
      minute: date.getMinutes(),
    };
  let reader = zoneReaders.get(timeZone);
  if (!reader) {
    reader = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    zoneReaders.set(timeZone, reader);
  }
  const parts = reader.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((one) => one.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour') % 24,
    minute: part('minute'),
  };
}

/**
 * The time of day: `02:02 PM` in English (the specification's hh:mm AM/PM), `14 h 02` in French (the
 * Office québécois de la langue française: 0 to 23 hours, the symbol h between spaces, two-digit minutes).
 */
function timeText(clock: Clock, language: Language): string {
  if (language === 'fr') return `${clock.hour} h ${pad(clock.minute)}`;
  return `${pad(clock.hour % 12 || 12)}:${pad(clock.minute)} ${clock.hour < 12 ? 'AM' : 'PM'}`;
}

const toDate = (value: Date | number | string) => (value instanceof Date ? value : new Date(value));

/**
 * Date display (docs/requirements.md, "Formats and constants"; docs/decisions/0013-dates-as-each-language-reads-them.md):
 * English as the specification gives it, MM/DD/YY, hh:mm AM/PM (`11/26/26, 02:02 PM`); French as Quebec
 * reads a numeric date and time, year-month-day and 24 hours (`2026-11-26 14 h 02`), since 11/26/26 would
 * be read day/month there. Local time (the runtime's zone) unless `timeZone` names one. '-' for no date.
 */
export function formatDateTime(
  value: Date | number | string,
  language: Language = 'en',
  timeZone?: string,
): string {
  const time = toDate(value).getTime();
  if (Number.isNaN(time)) return '-';
  const key = `${language}${timeZone ?? ''}${time}`;
  const known = formatted.get(key);
  if (known !== undefined) return known;
  const clock = clockOf(new Date(time), timeZone);
  const text =
    language === 'fr'
      ? `${clock.year}-${pad(clock.month)}-${pad(clock.day)} ${timeText(clock, language)}`
      : `${pad(clock.month)}/${pad(clock.day)}/${pad(clock.year % 100)}, ${timeText(clock, language)}`;
  if (formatted.size >= FORMATTED_MAX) formatted.clear();
  formatted.set(key, text);
  return text;
}

/** The time of day alone, as formatDateTime writes it: `02:02 PM`, `14 h 02`; '-' for no date. */
export function formatTime(
  value: Date | number | string,
  language: Language = 'en',
  timeZone?: string,
): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '-' : timeText(clockOf(date, timeZone), language);
}

/**
 * A date and time in ISO 8601, `2026-11-26 14:02` (local time unless `timeZone` names a zone), in both
 * languages: what exports write (CSV files of the tables), whatever the language shown. '-' for no date.
 */
export function formatIsoDateTime(value: Date | number | string, timeZone?: string): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '-';
  const clock = clockOf(date, timeZone);
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)} ${pad(clock.hour)}:${pad(clock.minute)}`;
}

/**
 * The date alone in ISO 8601, `2026-11-26` (local time), in both languages: file names of exports, which
 * keep ISO 8601 whatever the language.
 */
export function formatDate(value: Date | number | string): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '-';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
