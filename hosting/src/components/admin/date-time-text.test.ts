import { describe, expect, it } from 'vitest';
import { dateTimeText, parseDateTimeText, parseDayText } from './date-time-text';

const local = (...parts: [number, number, number, number?, number?]) =>
  new Date(parts[0], parts[1] - 1, parts[2], parts[3] ?? 0, parts[4] ?? 0);
const invalid = (date: Date | null) => date !== null && Number.isNaN(date.getTime());

describe('dateTimeText', () => {
  it('writes a stored date as the portal shows it in each language, and nothing for none', () => {
    expect(dateTimeText(local(2026, 11, 26, 14, 2), 'en')).toBe('11/26/26, 02:02 PM');
    expect(dateTimeText(local(2026, 11, 26, 14, 2), 'fr')).toBe('2026-11-26 14 h 02');
    expect(dateTimeText(null, 'en')).toBe('');
    expect(dateTimeText(new Date(NaN), 'fr')).toBe('');
  });
});

describe('parseDateTimeText', () => {
  it('reads back what dateTimeText wrote, in both languages', () => {
    const date = local(2026, 1, 2, 0, 7);
    expect(parseDateTimeText(dateTimeText(date, 'en'), 'en')).toEqual(date);
    expect(parseDateTimeText(dateTimeText(date, 'fr'), 'fr')).toEqual(date);
  });

  it('reads English as MM/DD/YY with a 12-hour time, noon and midnight included', () => {
    expect(parseDateTimeText('11/26/26, 02:02 PM', 'en')).toEqual(local(2026, 11, 26, 14, 2));
    expect(parseDateTimeText('11/26/2026 2:02 pm', 'en')).toEqual(local(2026, 11, 26, 14, 2));
    expect(parseDateTimeText('11/26/26, 12:00 PM', 'en')).toEqual(local(2026, 11, 26, 12, 0));
    expect(parseDateTimeText('11/26/26, 12:30 AM', 'en')).toEqual(local(2026, 11, 26, 0, 30));
    expect(parseDateTimeText('11/26/26', 'en')).toEqual(local(2026, 11, 26));
  });

  it('reads French as year-month-day and hours h minutes', () => {
    expect(parseDateTimeText('2026-11-26 14 h 02', 'fr')).toEqual(local(2026, 11, 26, 14, 2));
    expect(parseDateTimeText('2026-11-26 9h05', 'fr')).toEqual(local(2026, 11, 26, 9, 5));
  });

  it('reads ISO 8601 in both languages', () => {
    expect(parseDateTimeText('2026-11-26 14:02', 'en')).toEqual(local(2026, 11, 26, 14, 2));
    expect(parseDateTimeText('2026-11-26T14:02', 'fr')).toEqual(local(2026, 11, 26, 14, 2));
  });

  it('refuses MM/DD/YY in French (read day/month there), days and times that do not exist, and other text', () => {
    expect(invalid(parseDateTimeText('11/26/26, 02:02 PM', 'fr'))).toBe(true);
    expect(invalid(parseDateTimeText('2026-11-26 14 h 02', 'en'))).toBe(true);
    expect(invalid(parseDateTimeText('02/31/26', 'en'))).toBe(true);
    expect(invalid(parseDateTimeText('11/26/26, 13:00 PM', 'en'))).toBe(true);
    expect(invalid(parseDateTimeText('2026-11-26 24 h 00', 'fr'))).toBe(true);
    expect(invalid(parseDateTimeText('2026-11-26 14 h 60', 'fr'))).toBe(true);
    expect(invalid(parseDateTimeText('soon', 'en'))).toBe(true);
  });

  it('gives null for an empty text', () => {
    expect(parseDateTimeText('  ', 'en')).toBeNull();
  });
});

describe('parseDayText', () => {
  it('gives the first and last moment of a day typed in the language’s order or in ISO 8601', () => {
    const day = { start: local(2026, 11, 26), end: new Date(2026, 10, 26, 23, 59, 59, 999) };
    expect(parseDayText('11/26/26', 'en')).toEqual(day);
    expect(parseDayText('2026-11-26', 'en')).toEqual(day);
    expect(parseDayText('2026-11-26', 'fr')).toEqual(day);
  });

  it('refuses a day with a time, MM/DD/YY in French and a day that does not exist; null for nothing', () => {
    expect(parseDayText('11/26/26, 02:02 PM', 'en')).toBeUndefined();
    expect(parseDayText('11/26/2026', 'fr')).toBeUndefined();
    expect(parseDayText('2026-02-30', 'fr')).toBeUndefined();
    expect(parseDayText('', 'fr')).toBeNull();
  });
});
