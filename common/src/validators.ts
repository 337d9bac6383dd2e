/**
 * Reusable validators (docs/requirements.md, "Validation messages"). Each returns a message (key + params, translated by the web app)
 * when the value is invalid, or null when it is valid.
 */
import { z } from 'zod';
import { isValidMac } from './mac';

export type ValidationMessage =
  | { key: 'required' }
  | { key: 'integer' }
  | { key: 'float' }
  | { key: 'ipAddress' }
  | { key: 'exactLength'; num: number }
  | { key: 'maxLength'; num: number }
  | { key: 'minLength'; num: number }
  | { key: 'alphanumericSpaces' }
  | { key: 'alphanumericUnderscore' }
  | { key: 'alphanumericBrackets' }
  | { key: 'digits' }
  | { key: 'mac' }
  | { key: 'oneOfMinMaxAlpha' }
  | { key: 'minLessThanMax' }
  | { key: 'minMaxWithoutAlpha' }
  | { key: 'exceedsLimit' }
  | { key: 'rangeOverlap' }
  | { key: 'duplicate' }
  | { key: 'idExists' }
  /** Beyond the fifteen historical messages of docs/requirements.md, "Validation messages": a date, a yes/no value, an IP address another row already holds (named). */
  | { key: 'date' }
  | { key: 'boolean' }
  | { key: 'ipInUse'; row: string }
  /** A document id Firestore refuses: `.`, `..` or `__…__`. */
  | { key: 'reservedId' }
  /** A head end or market area code (the value typed) that is not in its list. */
  | { key: 'unknownHeadEnd'; row: string }
  | { key: 'unknownMarketArea'; row: string }
  /** A threshold row's French text, required when the row is new (frenchRequired, threshold.ts). */
  | { key: 'frenchRequired' }
  /** A value not among the choices: `row` lists them. */
  | { key: 'oneOf'; row: string };

export type Validator = (value: string) => ValidationMessage | null;

const test =
  (pattern: RegExp, message: ValidationMessage): Validator =>
  (value) =>
    pattern.test(value) ? null : message;

export const alphanumericSpaces = test(/^[0-9A-Za-zÀ-ÖØ-öø-ÿ ]*$/, { key: 'alphanumericSpaces' });
export const alphanumericUnderscore = test(/^\w*$/, { key: 'alphanumericUnderscore' });
export const alphanumericBrackets = test(/^[\w[\]-]*$/, { key: 'alphanumericBrackets' });
export const exactLength =
  (num: number): Validator =>
  (value) =>
    value.length === num ? null : { key: 'exactLength', num };
export const ipv4 = test(/^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/, {
  key: 'ipAddress',
});
export const maxLength =
  (num = 6): Validator =>
  (value) =>
    value.length <= num ? null : { key: 'maxLength', num };
export const minLength =
  (num = 2): Validator =>
  (value) =>
    value.length >= num ? null : { key: 'minLength', num };
export const digits = test(/^\d*$/, { key: 'digits' });
export const integer = test(/^-?\d+$/, { key: 'integer' });
/**
 * A decimal number as staff type it in either language: a decimal point or a decimal comma ("-28,5", as
 * the portal shows numbers in French), a typographic minus ("−28,5"), spaces around and between
 * thousands. Null when the text is not one number.
 */
export function parseDecimal(text: string): number | null {
  const plain = text
    .trim()
    .replace(/[\u2212\u2013]/g, '-')
    .replace(/[\s\u00a0\u202f]/g, '');
  const point = /^-?\d+,\d+$/.test(plain) ? plain.replace(',', '.') : plain;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(point) ? Number(point) : null;
}
export const decimal: Validator = (value) => (parseDecimal(value) === null ? { key: 'float' } : null);
export const optionalNumber: Validator = (value) =>
  value === '' || parseDecimal(value) !== null ? null : { key: 'float' };
/** Ids Firestore refuses (they pass the emulator and fail once deployed): `.`, `..` and `__…__`. */
export const notReserved: Validator = (value) =>
  value === '.' || value === '..' || /^__.*__$/.test(value) ? { key: 'reservedId' } : null;
export const required: Validator = (value) => (value.trim() === '' ? { key: 'required' } : null);
export const mac: Validator = (value) => (isValidMac(value) ? null : { key: 'mac' });

/** Runs validators in order and returns the first message. */
export function validate(value: string, validators: readonly Validator[]): ValidationMessage | null {
  for (const validator of validators) {
    const message = validator(value);
    if (message) return message;
  }
  return null;
}

/**
 * A message as one string, so that it can travel as a zod issue message: 'maxLength:6', 'required',
 * 'ipInUse:CMTS-01'. The web app turns it back into a translated text.
 */
export function encodeMessage(message: ValidationMessage): string {
  if ('num' in message) return `${message.key}:${message.num}`;
  if ('row' in message) return `${message.key}:${message.row}`;
  return message.key;
}

const WITH_NUM = new Set(['exactLength', 'maxLength', 'minLength']);
const WITH_ROW = new Set(['ipInUse', 'unknownHeadEnd', 'unknownMarketArea', 'oneOf']);

export function decodeMessage(text: string): ValidationMessage {
  const colon = text.indexOf(':');
  const key = colon === -1 ? text : text.slice(0, colon);
  const rest = colon === -1 ? '' : text.slice(colon + 1);
  if (WITH_NUM.has(key)) return { key, num: Number(rest) } as ValidationMessage;
  if (WITH_ROW.has(key)) return { key, row: rest } as ValidationMessage;
  return { key } as ValidationMessage;
}

/** A string field checked by `validators` in order; the first failure is the issue, as an encoded message. */
export function validatedText(...validators: Validator[]) {
  return z.string().superRefine((value, ctx) => {
    for (const validator of validators) {
      const message = validator(value);
      if (message) {
        ctx.addIssue({ code: 'custom', message: encodeMessage(message) });
        return;
      }
    }
  });
}

/**
 * A stored time as either Firestore SDK reads it (a Timestamp, web or admin), a Date, or missing; read
 * back as a Date, or null when missing (a record without the field reads too).
 */
export const storedTime = z
  .union([
    z.date(),
    z.custom<{ toDate(): Date }>(
      (value) => typeof value === 'object' && value !== null && 'toDate' in value,
      'timestamp',
    ),
    z.null(),
  ])
  .optional()
  .transform((value) =>
    value === null || value === undefined ? null : value instanceof Date ? value : value.toDate(),
  );
