import { describe, expect, it } from 'vitest';
import { rowIdSchema } from './admin-lists';
import { idSchema, referenceSchema } from './network';
import { rackFieldsSchema } from './staging-lists';
import { definitionFieldsSchema } from './threshold';
import * as v from './validators';

describe('validators (docs/requirements.md, "Validation messages")', () => {
  it('accepts French accents and spaces, refuses punctuation', () => {
    expect(v.alphanumericSpaces('Île Bizard École 2')).toBeNull();
    expect(v.alphanumericSpaces('a;b')).toEqual({ key: 'alphanumericSpaces' });
  });
  it('checks underscore and bracket variants', () => {
    expect(v.alphanumericUnderscore('a_b1')).toBeNull();
    expect(v.alphanumericUnderscore('a-b')).not.toBeNull();
    expect(v.alphanumericBrackets('a_[b]-1')).toBeNull();
    expect(v.alphanumericBrackets('a b')).not.toBeNull();
  });
  it('checks lengths with the spec defaults (max 6, min 2)', () => {
    expect(v.maxLength()('1234567')).toEqual({ key: 'maxLength', num: 6 });
    expect(v.maxLength()('123456')).toBeNull();
    expect(v.minLength()('1')).toEqual({ key: 'minLength', num: 2 });
    expect(v.exactLength(3)('12')).toEqual({ key: 'exactLength', num: 3 });
  });
  it('checks IPv4 dotted quads', () => {
    expect(v.ipv4('10.0.255.1')).toBeNull();
    expect(v.ipv4('256.1.1.1')).toEqual({ key: 'ipAddress' });
    expect(v.ipv4('1.2.3')).not.toBeNull();
  });
  it('checks numbers', () => {
    expect(v.integer('-12')).toBeNull();
    expect(v.integer('1.5')).toEqual({ key: 'integer' });
    expect(v.decimal('-1.5')).toBeNull();
    expect(v.decimal('abc')).toEqual({ key: 'float' });
    expect(v.optionalNumber('')).toBeNull();
    expect(v.optionalNumber('x')).toEqual({ key: 'float' });
    expect(v.digits('0123')).toBeNull();
    expect(v.digits('01a')).toEqual({ key: 'digits' });
  });
  it('requires non-empty and a valid MAC', () => {
    expect(v.required('  ')).toEqual({ key: 'required' });
    expect(v.mac('aa:bb:cc:dd:ee:ff')).toBeNull();
    expect(v.mac('aa:bb')).toEqual({ key: 'mac' });
  });
  it('returns the first failing message', () => {
    expect(v.validate('', [v.required, v.ipv4])).toEqual({ key: 'required' });
  });
  it('when an id is one Firestore refuses (., .., __…__), then every id schema says reservedId; ids that only contain them pass', () => {
    for (const id of ['.', '..', '__meta__', '____'])
      expect(rowIdSchema.safeParse(id).error?.issues[0]?.message, id).toBe('reservedId');
    for (const [schema, id] of [
      [idSchema, '__H__'],
      [referenceSchema, '__H__'],
      [definitionFieldsSchema.shape.tdId, '__D__'],
      [rackFieldsSchema.shape.warehouseId, '..'],
    ] as const)
      expect(schema.safeParse(id).error?.issues[0]?.message, id).toBe('reservedId');
    for (const id of ['__H', 'H__', 'a.b', '_x_']) expect(rowIdSchema.safeParse(id).success, id).toBe(true);
    expect(idSchema.safeParse('__H').success).toBe(true);
  });
});

describe('parseDecimal', () => {
  it.each([
    ['-28,5', -28.5],
    ['−28,5', -28.5],
    [' -28.5 ', -28.5],
    ['12', 12],
    ['1 234,5', 1234.5],
  ])('when %j is typed, then it reads %d', (text, value) => {
    expect(v.parseDecimal(text)).toBe(value);
  });
  it.each(['abc', '', '1,2,3', '--1', '1.2.3'])('when %j is typed, then it is not a number', (text) => {
    expect(v.parseDecimal(text)).toBeNull();
  });
});
