import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatIsoDateTime, formatPhone, formatTime } from './format';

describe('formatPhone', () => {
  it.each([
    ['6135551234', '613-555-1234'],
    ['(613) 555-1234', '613-555-1234'],
    ['613555123', '613555123'],
    ['', '-'],
    [null, '-'],
  ])('when given %j, then shows %s', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
});

describe('formatDateTime', () => {
  const date = new Date(2026, 10, 26, 14, 2);
  it('shows MM/DD/YY, hh:mm AM/PM in English, as the specification gives it', () => {
    expect(formatDateTime(date, 'en')).toBe('11/26/26, 02:02 PM');
    expect(formatDateTime(new Date(2026, 0, 2, 9, 7), 'en')).toBe('01/02/26, 09:07 AM');
  });
  it('shows midnight as 12 AM and noon as 12 PM in English', () => {
    expect(formatDateTime(new Date(2026, 10, 26, 0, 5), 'en')).toBe('11/26/26, 12:05 AM');
    expect(formatDateTime(new Date(2026, 10, 26, 12, 0), 'en')).toBe('11/26/26, 12:00 PM');
  });
  it('shows year-month-day and hours h minutes in French, as Quebec reads them (no zero before the hour)', () => {
    expect(formatDateTime(date, 'fr')).toBe('2026-11-26 14 h 02');
    expect(formatDateTime(new Date(2026, 0, 2, 9, 7), 'fr')).toBe('2026-01-02 9 h 07');
    expect(formatDateTime(new Date(2026, 0, 2, 0, 4), 'fr')).toBe('2026-01-02 0 h 04');
  });
  it('shows English by default', () => {
    expect(formatDateTime(date)).toBe('11/26/26, 02:02 PM');
  });
  it('reads an instant in the zone it is given, whatever the machine’s zone', () => {
    const instant = '2026-11-26T19:02:00Z';
    expect(formatDateTime(instant, 'en', 'America/Toronto')).toBe('11/26/26, 02:02 PM');
    expect(formatDateTime(instant, 'fr', 'America/Toronto')).toBe('2026-11-26 14 h 02');
    expect(formatDateTime(instant, 'en', 'America/Vancouver')).toBe('11/26/26, 11:02 AM');
    expect(formatDateTime('2026-11-27T04:30:00Z', 'fr', 'America/Toronto')).toBe('2026-11-26 23 h 30');
    expect(formatDateTime('2026-11-27T05:30:00Z', 'en', 'America/Toronto')).toBe('11/27/26, 12:30 AM');
  });
  it('gives the same text again for the same instant, language and zone', () => {
    const instant = Date.UTC(2026, 6, 1, 16, 45);
    expect(formatDateTime(instant, 'en', 'America/Toronto')).toBe('07/01/26, 12:45 PM');
    expect(formatDateTime(instant, 'fr', 'America/Toronto')).toBe('2026-07-01 12 h 45');
    expect(formatDateTime(instant, 'en', 'America/Toronto')).toBe('07/01/26, 12:45 PM');
  });
  it('shows - for an invalid date', () => {
    expect(formatDateTime('nope')).toBe('-');
    expect(formatDateTime('nope', 'fr')).toBe('-');
  });
});

describe('formatTime', () => {
  it('shows the time of day as formatDateTime does, in each language', () => {
    const date = new Date(2026, 10, 26, 14, 2);
    expect(formatTime(date, 'en')).toBe('02:02 PM');
    expect(formatTime(date, 'fr')).toBe('14 h 02');
    expect(formatTime('2026-11-26T13:05:00Z', 'fr', 'America/Toronto')).toBe('8 h 05');
    expect(formatTime('nope')).toBe('-');
  });
});

describe('formatIsoDateTime', () => {
  it('writes ISO 8601 year-month-day and a 24-hour time in local time, or in the zone given', () => {
    expect(formatIsoDateTime(new Date(2026, 0, 2, 9, 7))).toBe('2026-01-02 09:07');
    expect(formatIsoDateTime('2026-11-26T19:02:00Z', 'America/Toronto')).toBe('2026-11-26 14:02');
    expect(formatIsoDateTime('nope')).toBe('-');
  });
});

describe('formatDate', () => {
  it('shows the date alone in ISO 8601 (file names), in local time', () => {
    expect(formatDate(new Date(2026, 10, 21, 14, 5))).toBe('2026-11-21');
    expect(formatDate('nope')).toBe('-');
  });
});
