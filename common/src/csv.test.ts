import { describe, expect, it } from 'vitest';
import { escapeCsvCell, FORMULA_STARTS, unescapeCsvCell } from './csv';

describe('CSV cells', () => {
  it.each(FORMULA_STARTS.map((start) => [JSON.stringify(start), start]))(
    'when a cell begins with %s, then it is written with a leading quote and read back as it was',
    (_name, start) => {
      const value = `${start}HYPERLINK("http://evil.test")`;
      expect(escapeCsvCell(value)).toBe(`'${value}`);
      expect(unescapeCsvCell(escapeCsvCell(value))).toBe(value);
    },
  );

  it('when a cell begins otherwise, then it is written and read as it is', () => {
    for (const value of ['', 'OLT-OTT-1', '10.0.0.1', "'quoted", ' =spaced', 'a=b'])
      expect([escapeCsvCell(value), unescapeCsvCell(value)]).toEqual([value, value]);
  });
});
