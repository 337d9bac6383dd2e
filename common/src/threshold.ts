/**
 * The threshold manager (docs/requirements.md, "Thresholds"): definitions name a measurement, rules map a
 * range or an alpha value of one definition to a result for a technology (and optionally a variant),
 * variants name the device models they apply to. One source for the forms, the seed, the API's grading
 * and the rules tests (firestore.rules mirrors the shapes by hand; tests/rules holds the two together).
 *
 * Ranges are closed: a rule with min −25 and max −9 covers −25 ≤ x ≤ −9. Two ranges may touch (one's
 * max is the other's min) but not overlap; a value exactly on a shared bound takes the better result.
 * A missing min or max leaves that side open. Saved records that break these invariants (older records,
 * written before the API checked them) still grade the same whatever their order: see gradeValue (threshold-grading.ts).
 */
import { z } from 'zod';
import { THRESHOLD_OUTER_BOUND } from './constants';
import {
  alphanumericBrackets,
  storedTime,
  alphanumericSpaces,
  decimal,
  parseDecimal,
  encodeMessage,
  maxLength,
  minLength,
  notReserved,
  required,
  validatedText,
  type ValidationMessage,
  type Validator,
} from './validators';

export const THRESHOLD_COLLECTIONS = {
  definitions: 'threshold_manager/configuration/definitions',
  rules: 'threshold_manager/configuration/rules',
  variants: 'threshold_manager/configuration/variants',
} as const;
export type ThresholdKind = keyof typeof THRESHOLD_COLLECTIONS;

export const TECHNOLOGIES = ['GPON', 'EPON'] as const;
export type Technology = (typeof TECHNOLOGIES)[number];
export const RESULTS = ['pass', 'warn', 'fail'] as const;
export type RuleResult = (typeof RESULTS)[number];
export const FALLBACKS = ['pass', 'warn', 'fail', 'n/a'] as const;
/** The measurements the API grades, by the key it grades them under. */
export const PARAMETERS = [
  'rxPower',
  'txPower',
  'oltRxPower',
  'rssi',
  'wifiHealth',
  'firmware',
  // Measured over a device's week of history (common/src/history-measures.ts, docs/history.md).
  'losCount24h',
  'rxDrop7d',
  'dyingGaspDays',
  'eveningWifiDrop',
] as const;
export type Parameter = (typeof PARAMETERS)[number];
export const DIRECTIONS = ['higherIsBetter', 'lowerIsBetter', 'window', 'alpha'] as const;
export const CATEGORIES = ['optical', 'wifi', 'firmware', 'history'] as const;

/** Field limits, shared with firestore.rules (kept equal by the rules tests). */
export const THRESHOLD_LIMITS = {
  id: 40,
  name: 60,
  format: 20,
  alpha: 40,
  description: 500,
  version: 20,
  identifier: 60,
  models: 50,
  model: 60,
} as const;

const text = validatedText;
function optionalText(...validators: Validator[]) {
  return z
    .union([z.literal(''), z.null(), z.undefined(), text(...validators)])
    .transform((value) => (value === '' || value === undefined ? null : value));
}
/** One of `values`: an empty cell is 'required', another value names the choices. */
function choice<T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (issue) =>
      encodeMessage(
        issue.input === undefined || issue.input === null || issue.input === ''
          ? { key: 'required' }
          : { key: 'oneOf', row: values.join(', ') },
      ),
  });
}

/** A bound typed in a form ('' = none) or stored (a number or null). */
const bound = z
  .union([z.literal(''), z.null(), z.undefined(), z.number(), z.string()])
  .superRefine((value, ctx) => {
    if (typeof value === 'string' && value !== '' && decimal(value.trim()))
      ctx.addIssue({ code: 'custom', message: encodeMessage({ key: 'float' }) });
    if (typeof value === 'number' && !Number.isFinite(value))
      ctx.addIssue({ code: 'custom', message: encodeMessage({ key: 'float' }) });
  })
  .transform((value) =>
    value === '' || value === null || value === undefined
      ? null
      : typeof value === 'number'
        ? value
        : parseDecimal(value),
  );

const idSchema = text(required, alphanumericBrackets, notReserved, maxLength(THRESHOLD_LIMITS.id));
const nameSchema = text(required, minLength(2), maxLength(THRESHOLD_LIMITS.name), alphanumericSpaces);
const description = optionalText(maxLength(THRESHOLD_LIMITS.description));
/**
 * The French texts: optional on an existing row (shown in English, flagged), required on a new one
 * (frenchRequired); absent from a request that predates them, they read as none.
 */
const frenchNameSchema = optionalText(
  minLength(2),
  maxLength(THRESHOLD_LIMITS.name),
  alphanumericSpaces,
).default(null);
const frenchDescription = description.default(null);

export const definitionFieldsSchema = z
  .object({
    tdId: idSchema,
    name: nameSchema,
    parameter: choice(PARAMETERS),
    format: optionalText(maxLength(THRESHOLD_LIMITS.format)),
    direction: choice(DIRECTIONS),
    category: choice(CATEGORIES),
    fallback: choice(FALLBACKS),
    description,
    nameFr: frenchNameSchema,
    descriptionFr: frenchDescription,
  })
  .strict();
export type DefinitionFields = z.output<typeof definitionFieldsSchema>;

export const variantFieldsSchema = z
  .object({
    tdId: idSchema,
    variantName: nameSchema,
    technology: choice(TECHNOLOGIES),
    identifier: optionalText(alphanumericBrackets, maxLength(THRESHOLD_LIMITS.identifier)),
    /** The device models the variant applies to (as the WAN details and birth certificates name them). */
    variants: z
      .array(text(required, maxLength(THRESHOLD_LIMITS.model)))
      .min(1, encodeMessage({ key: 'required' }))
      .max(THRESHOLD_LIMITS.models, encodeMessage({ key: 'maxLength', num: THRESHOLD_LIMITS.models })),
    description,
    variantNameFr: frenchNameSchema,
    descriptionFr: frenchDescription,
  })
  .strict();
export type VariantFields = z.output<typeof variantFieldsSchema>;

/** A rule's own checks (docs/requirements.md, "Thresholds"); overlap and duplicates need the other rules: ruleConflict (threshold-ranges.ts). */
export function ruleRangeMessage(rule: {
  rangeMin: number | null;
  rangeMax: number | null;
  alphaValue: string | null;
}): { field: 'rangeMin' | 'rangeMax' | 'alphaValue'; message: ValidationMessage } | null {
  const { rangeMin: min, rangeMax: max, alphaValue: alpha } = rule;
  if (min === null && max === null && alpha === null)
    return { field: 'rangeMin', message: { key: 'oneOfMinMaxAlpha' } };
  if (alpha !== null && (min !== null || max !== null))
    return { field: 'alphaValue', message: { key: 'minMaxWithoutAlpha' } };
  for (const field of ['rangeMin', 'rangeMax'] as const) {
    const value = rule[field];
    if (value !== null && Math.abs(value) > THRESHOLD_OUTER_BOUND)
      return { field, message: { key: 'exceedsLimit' } };
  }
  if (min !== null && max !== null && !(min < max))
    return { field: 'rangeMax', message: { key: 'minLessThanMax' } };
  return null;
}

/** A rule's fields, each on its own (the form's shape; ruleFieldsSchema adds the checks across them). */
export const ruleShapeSchema = z
  .object({
    tdId: idSchema,
    /** The definition's document id. */
    definitionName: idSchema,
    technology: choice(TECHNOLOGIES),
    /** The variant's document id; none for the default rule of its definition and technology. */
    variantName: optionalText(alphanumericBrackets, notReserved, maxLength(THRESHOLD_LIMITS.id)),
    rangeMin: bound,
    rangeMax: bound,
    alphaValue: optionalText(maxLength(THRESHOLD_LIMITS.alpha)),
    result: choice(RESULTS),
    version: optionalText(alphanumericBrackets, maxLength(THRESHOLD_LIMITS.version)),
    description,
    descriptionFr: frenchDescription,
  })
  .strict();
export const ruleFieldsSchema = ruleShapeSchema
  .superRefine((rule, ctx) => {
    const problem = ruleRangeMessage(rule);
    if (problem)
      ctx.addIssue({ code: 'custom', path: [problem.field], message: encodeMessage(problem.message) });
  })
  .transform((rule) => ({ ...rule, isDefault: rule.variantName === null }));
export type RuleFields = z.output<typeof ruleFieldsSchema>;
export type RuleInput = z.input<typeof ruleFieldsSchema>;

const stored = {
  insertDate: storedTime,
  updateDate: storedTime,
  updatedBy: z.string().nullable().default(null),
};

/** As stored: lenient on what the forms would refuse, so a screen never breaks on an old record. */
export const definitionDocumentSchema = z.object({
  tdId: z.string(),
  name: z.string(),
  parameter: z.string(),
  format: z.string().nullable().default(null),
  direction: z.string().nullable().default(null),
  category: z.string().nullable().default(null),
  fallback: z.enum(FALLBACKS).catch('n/a'),
  description: z.string().nullable().default(null),
  nameFr: z.string().nullable().default(null),
  descriptionFr: z.string().nullable().default(null),
  /** How many rules name the definition (kept by the triggers; no minimum, so a drifted count still reads). */
  ruleCount: z.number().int().default(0),
  ...stored,
});
export type DefinitionDocument = z.output<typeof definitionDocumentSchema>;

export const ruleDocumentSchema = z.object({
  tdId: z.string(),
  definitionName: z.string(),
  technology: z.enum(TECHNOLOGIES),
  variantName: z.string().nullable().default(null),
  isDefault: z.boolean().default(true),
  rangeMin: z.number().nullable().default(null),
  rangeMax: z.number().nullable().default(null),
  alphaValue: z.string().nullable().default(null),
  result: z.enum(RESULTS),
  version: z.string().nullable().default(null),
  description: z.string().nullable().default(null),
  descriptionFr: z.string().nullable().default(null),
  ...stored,
});
export type RuleDocument = z.output<typeof ruleDocumentSchema>;

export const variantDocumentSchema = z.object({
  tdId: z.string(),
  variantName: z.string(),
  technology: z.enum(TECHNOLOGIES),
  identifier: z.string().nullable().default(null),
  variants: z.array(z.string()).default([]),
  description: z.string().nullable().default(null),
  variantNameFr: z.string().nullable().default(null),
  descriptionFr: z.string().nullable().default(null),
  /** How many rules name the variant (kept by the triggers; no minimum, so a drifted count still reads). */
  ruleCount: z.number().int().default(0),
  ...stored,
});
export type VariantDocument = z.output<typeof variantDocumentSchema>;

/**
 * The texts each list holds in both languages: the English field and its French one. A new row needs the
 * French of every English text it has (frenchRequired); an existing row without them shows the English
 * ones, flagged as untranslated to engineering (untranslatedFields).
 */
export const FRENCH_FIELDS = {
  definitions: [
    ['name', 'nameFr'],
    ['description', 'descriptionFr'],
  ],
  variants: [
    ['variantName', 'variantNameFr'],
    ['description', 'descriptionFr'],
  ],
  rules: [['description', 'descriptionFr']],
} as const satisfies Record<ThresholdKind, ReadonlyArray<readonly [string, string]>>;

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** The French fields of a row that lack the translation of an English text it has. */
export function untranslatedFields(kind: ThresholdKind, row: Readonly<Record<string, unknown>>): string[] {
  return FRENCH_FIELDS[kind]
    .filter(([english, french]) => filled(row[english]) && !filled(row[french]))
    .map(([, french]) => french);
}

/** What a save of a new row must also carry: 'frenchRequired' on each missing French text. */
export function frenchRequired(
  kind: ThresholdKind,
  row: Readonly<Record<string, unknown>>,
): Array<{ field: string; message: ValidationMessage }> {
  return untranslatedFields(kind, row).map((field) => ({ field, message: { key: 'frenchRequired' } }));
}

// The three record texts live beside the bilingual helpers (no schema): the 360 view grades without zod.
export { definitionName, descriptionOf, variantLabel } from './bilingual';
