import { describe, expect, it } from 'vitest';
import { formatMac, isValidMac, normalizeMac } from './mac';

describe('normalizeMac', () => {
  it.each([
    ['aabbccddeeff', 'AABBCCDDEEFF'],
    ['AA:BB:CC:DD:EE:FF', 'AABBCCDDEEFF'],
    ['aa-bb-cc-dd-ee-0f', 'AABBCCDDEE0F'],
    ['aabb.ccdd.eeff', 'AABBCCDDEEFF'],
    ['  aabbccddeeff ', 'AABBCCDDEEFF'],
  ])('when given %s, then answers %s', (input, expected) => {
    expect(normalizeMac(input)).toBe(expected);
  });

  it.each([
    [''],
    ['aabbccddeef'],
    ['aabbccddeeff0'],
    ['gabbccddeeff'],
    ['../etc/passwd'],
    ['aa%2Fbbccddeeff'],
    ['aa:bb-cc:dd:ee:ff'],
    ['a'.repeat(5000)],
  ])('when given %j, then rejects it', (input) => {
    expect(normalizeMac(input)).toBeNull();
    expect(isValidMac(input)).toBe(false);
  });

  it('formats for display with colons', () => {
    expect(formatMac('aabbccddeeff')).toBe('AA:BB:CC:DD:EE:FF');
  });
});
