import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatPhone } from './format';

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
  const date = new Date(2026, 10, 21, 14, 5);
  it('shows year-month-day and a 24-hour time in English (the all-numeric date of Canada)', () => {
    expect(formatDateTime(date, 'en')).toBe('2026-11-21 14:05');
  });
  it('shows the same text in French', () => {
    expect(formatDateTime(date, 'fr')).toBe('2026-11-21 14:05');
    expect(formatDateTime(new Date(2026, 0, 2, 9, 7), 'fr')).toBe('2026-01-02 09:07');
  });
  it('shows the date alone as year-month-day', () => {
    expect(formatDate(date)).toBe('2026-11-21');
  });
  it('shows - for an invalid date', () => {
    expect(formatDateTime('nope')).toBe('-');
  });
});
