import { describe, expect, it } from 'vitest';
import { formatDateTime, formatPhone } from './format';

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
  it('shows MM/DD/YY, hh:mm AM/PM in English', () => {
    expect(formatDateTime(date, 'en')).toBe('11/21/26, 02:05 PM');
  });
  it('keeps the same order in French with French day-period words', () => {
    expect(formatDateTime(date, 'fr')).toMatch(/^11\/21\/26, 02:05 p\.\s?m\.$/);
  });
  it('shows - for an invalid date', () => {
    expect(formatDateTime('nope')).toBe('-');
  });
});
