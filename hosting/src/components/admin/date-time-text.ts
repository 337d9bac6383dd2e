/**
 * A date and time as typed and shown in forms, as the portal shows dates (docs/requirements.md, "Formats and
 * constants"): English `11/26/26, 02:02 PM`, French `2026-11-26 14 h 02`, never a browser picker's own
 * order. ISO 8601 (`2026-11-26 14:02`) is read in both languages too; an English-only form (11/26/26) is
 * refused in French, where it would be read day/month.
 */
import { formatDateTime, type Language } from '@insight/common/format';

/** The text of a stored date (local time), '' for none. */
export function dateTimeText(value: unknown, language: Language): string {
  return value instanceof Date && !Number.isNaN(value.getTime()) ? formatDateTime(value, language) : '';
}

interface Typed {
  year: number;
  month: number;
  day: number;
  /** 0–23, or undefined for a day alone. */
  hour?: number;
  minute?: number;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?$/;
const FRENCH = /^(\d{4})-(\d{2})-(\d{2})\s+(\d{1,2})\s*h\s*(\d{2})$/i;
const ENGLISH = /^(\d{2})\/(\d{2})\/(\d{2}|\d{4})(?:,?\s+(\d{1,2}):(\d{2})\s*([ap])\.?m\.?)?$/i;

/** The parts a text gives in one of the forms read in `language`, or null. */
function typedParts(text: string, language: Language): Typed | null {
  const iso = ISO.exec(text) ?? (language === 'fr' ? FRENCH.exec(text) : null);
  if (iso) {
    const [, year, month, day, hour, minute] = iso;
    return {
      year: Number(year),
      month: Number(month),
      day: Number(day),
      ...(hour === undefined ? {} : { hour: Number(hour), minute: Number(minute) }),
    };
  }
  const english = language === 'en' ? ENGLISH.exec(text) : null;
  if (!english) return null;
  const [, month, day, year, hour, minute, half] = english;
  const fullYear = year!.length === 2 ? 2000 + Number(year) : Number(year);
  const parts = { year: fullYear, month: Number(month), day: Number(day) };
  if (hour === undefined) return parts;
  const twelve = Number(hour);
  if (twelve < 1 || twelve > 12) return null;
  return { ...parts, hour: (twelve % 12) + (half!.toLowerCase() === 'p' ? 12 : 0), minute: Number(minute) };
}

/** The local date of typed parts, or an invalid Date when they name no moment (2026-02-31, 25 h 00). */
function dateOf({ year, month, day, hour = 0, minute = 0 }: Typed): Date {
  if (hour > 23 || minute > 59) return new Date(NaN);
  const date = new Date(year, month - 1, day, hour, minute);
  // 2026-02-31 is not a day: the Date would roll over into March.
  return date.getMonth() === month - 1 && date.getDate() === day ? date : new Date(NaN);
}

/** The date a text gives: null for an empty text, an invalid Date for one that is not a date (and time). */
export function parseDateTimeText(text: string, language: Language): Date | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const parts = typedParts(trimmed, language);
  return parts ? dateOf(parts) : new Date(NaN);
}

/**
 * A whole day typed (`11/26/26` in English, `2026-11-26` in both languages): its first moment and its
 * last, in local time; null for an empty text; undefined for a text that is not a day.
 */
export function parseDayText(
  text: string,
  language: Language,
): { start: Date; end: Date } | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const parts = typedParts(trimmed, language);
  if (!parts || parts.hour !== undefined) return undefined;
  const start = dateOf(parts);
  if (Number.isNaN(start.getTime())) return undefined;
  return { start, end: new Date(parts.year, parts.month - 1, parts.day, 23, 59, 59, 999) };
}
