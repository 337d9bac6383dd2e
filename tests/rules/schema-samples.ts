/**
 * Documents generated from a zod object schema of common/ (cmtsFieldsSchema, areaFieldsSchema) for the
 * rules tests. Each candidate value is put into one field of an otherwise valid document and sorted by the
 * schema's own verdict: the rules must refuse every sample the schema refuses, and accept every sample it
 * accepts (as the schema outputs it: '' becomes null). The candidates know nothing of the fields, so a
 * field added to a schema is covered without touching the tests.
 */
import { Timestamp } from 'firebase/firestore';
import { LIMITS } from '@insight/common/network';

/** What the generator needs of a zod object schema. */
export interface ObjectSchema {
  readonly shape: object;
  safeParse(value: unknown): { success: boolean; data?: unknown };
}

export interface Sample {
  /** Which field, and what was put there. */
  label: string;
  /** The field the sample is about, or null for a whole-document fault (an unknown field). */
  key: string | null;
  /** The value put there; undefined for a missing field. */
  value: unknown;
  /** The form-level document (as the schema sees it): the schema's output when it accepts. */
  fields: Record<string, unknown>;
}

const sizes = [...new Set(Object.values(LIMITS))].flatMap((limit) => [limit, limit + 1]);

/** Candidate values: wrong types, sizes around every limit of LIMITS, hostile and borderline text. */
export const CANDIDATES: ReadonlyArray<readonly [string, unknown]> = [
  ['a number', 42],
  ['a decimal', -1.5],
  ['true', true],
  ['false', false],
  ['null', null],
  ['a map', { nested: 'map' }],
  ['a list', ['a', 'list']],
  ['an empty list', []],
  ['a date', new Date('2026-11-01T10:00:00Z')],
  ['an empty string', ''],
  ['one space', ' '],
  ['only spaces', '   '],
  ['one letter', 'x'],
  ...sizes.map((size) => [`${size} letters`, 'x'.repeat(size)] as const),
  ['900 KB of text', 'x'.repeat(900_000)],
  ['SQL', 'OTT; DROP TABLE cmts'],
  ['a quote', "O'Brien"],
  ['markup', '<script>alert(1)</script>'],
  ['a slash', 'OTT/01'],
  ['a dot', 'ott.01'],
  ['a space inside', 'OTT 01'],
  ['brackets, dash and underscore', '[OTT]-01_a'],
  ['French accents and spaces', 'Île Bizard Sainte Anne'],
  ['an accent and a dash', 'Île-Bizard'],
  ['a multiplication sign', 'a×b'],
  ['an emoji', 'OTT 🚀'],
  ['a tab', 'OTT\t01'],
  ['a line break', 'OTT\n01'],
  ['leading and trailing spaces', ' OTT '],
  ['an IPv4 address', '10.1.2.3'],
  ['an IPv4 address with a space', '10.1.2.3 '],
  ['three octets', '10.1.2'],
  ['five octets', '10.1.2.3.4'],
  ['an octet over 255', '10.1.2.256'],
  ['a leading zero', '10.01.2.3'],
  ['an IPv6 address', '::1'],
];

function shown(value: unknown): string {
  if (typeof value === 'string' && value.length > 24) return `${value.length} chars`;
  if (value instanceof Date) return 'a Date';
  return JSON.stringify(value) ?? String(value);
}

/**
 * Every candidate in every field of `valid`, each field missing, and an unknown field, sorted by
 * `schema.safeParse`.
 */
export function schemaSamples(
  schema: ObjectSchema,
  valid: Record<string, unknown>,
): { refused: Sample[]; accepted: Sample[] } {
  const refused: Sample[] = [];
  const accepted: Sample[] = [];
  const sort = (label: string, key: string | null, value: unknown, fields: Record<string, unknown>) => {
    const result = schema.safeParse(fields);
    if (result.success) accepted.push({ label, key, value, fields: result.data as Record<string, unknown> });
    else refused.push({ label, key, value, fields });
  };
  for (const key of Object.keys(schema.shape)) {
    for (const [name, value] of CANDIDATES)
      sort(`${key} = ${name} (${shown(value)})`, key, value, { ...valid, [key]: value });
    const { [key]: _dropped, ...missing } = valid;
    sort(`${key} missing`, key, undefined, missing);
  }
  sort('an unknown field', null, 'x', { ...valid, extra: 'x' });
  return { refused, accepted };
}

/** A form-level value as the web SDK stores it: a JS Date becomes a Firestore timestamp. */
export function toStored(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      value instanceof Date ? Timestamp.fromDate(value) : value,
    ]),
  );
}

/**
 * Whether `value` can be a Firestore document id, so that a sample can be written under it (an id field
 * equal to its document id, a reference to a document that exists): the shape is then the only fault.
 */
export function usableDocumentId(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length > 0 &&
    new TextEncoder().encode(value).length <= 1500 &&
    !value.includes('/') &&
    value !== '.' &&
    value !== '..' &&
    !/^__.*__$/.test(value)
  );
}
