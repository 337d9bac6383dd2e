/**
 * A date and time as typed and shown in forms: `2026-11-26 14:02` (docs/requirements.md, "Formats and
 * constants"), in both languages, never a browser picker's mm/dd/yyyy.
 */
import { formatDateTime } from '@insight/common/format';

/** The text of a stored date (local time), '' for none. */
export function dateTimeText(value: unknown): string {
  return value instanceof Date && !Number.isNaN(value.getTime()) ? formatDateTime(value) : '';
}

/** The date a text gives: null for an empty text, an invalid Date for one that is not `YYYY-MM-DD HH:mm`. */
export function parseDateTimeText(text: string): Date | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?$/.exec(trimmed);
  if (!match) return new Date(NaN);
  const [, year, month, day, hours = '00', minutes = '00'] = match;
  const date = new Date(Number(year), Number(month) - 1, Number(day), Number(hours), Number(minutes));
  // 2026-02-31 is not a day: the Date would roll over into March.
  return date.getMonth() === Number(month) - 1 && date.getDate() === Number(day) ? date : new Date(NaN);
}
