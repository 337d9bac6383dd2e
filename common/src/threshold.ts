/**
 * The threshold manager (SPEC.md sections 3, 4 and 5): definitions name a measurement, rules map a
 * range or an alpha value of one definition to a result for a technology (and optionally a variant),
 * variants name the device models they apply to. One source for the forms, the seed, the API's grading
 * and the rules tests (firestore.rules mirrors the shapes by hand; tests/rules holds the two together).
 *
 * Ranges are closed: a rule with min −25 and max −9 covers −25 ≤ x ≤ −9. Two ranges may touch (one's
 * max is the other's min) but not overlap; a value exactly on a shared bound takes the better result.
 * A missing min or max leaves that side open. Saved records that break these invariants (older records,
 * written before the API checked them) still grade the same whatever their order: see gradeValue.
 */
import { z } from 'zod';
import { THRESHOLD_OUTER_BOUND } from './constants';
import {
  alphanumericBrackets,
  alphanumericSpaces,
  decimal,
  encodeMessage,
  maxLength,
  minLength,
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
export const PARAMETERS = ['rxPower', 'txPower', 'oltRxPower', 'rssi', 'wifiHealth', 'firmware'] as const;
export type Parameter = (typeof PARAMETERS)[number];
export const DIRECTIONS = ['higherIsBetter', 'lowerIsBetter', 'window', 'alpha'] as const;
export const CATEGORIES = ['optical', 'wifi', 'firmware'] as const;

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

/** Results from best to worst: on a shared bound the better one wins. */
const RANK: Record<RuleResult, number> = { pass: 0, warn: 1, fail: 2 };

const text = validatedText;
function optionalText(...validators: Validator[]) {
  return z
    .union([z.literal(''), z.null(), z.undefined(), text(...validators)])
    .transform((value) => (value === '' || value === undefined ? null : value));
}
function choice<T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: encodeMessage({ key: 'required' }) });
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
        : Number(value),
  );

const idSchema = text(required, alphanumericBrackets, maxLength(THRESHOLD_LIMITS.id));
const nameSchema = text(required, minLength(2), maxLength(THRESHOLD_LIMITS.name), alphanumericSpaces);
const description = optionalText(maxLength(THRESHOLD_LIMITS.description));

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
  })
  .strict();
export type VariantFields = z.output<typeof variantFieldsSchema>;

/** A rule's own checks (SPEC.md section 5); overlap and duplicates need the other rules: ruleConflict. */
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
    variantName: optionalText(alphanumericBrackets, maxLength(THRESHOLD_LIMITS.id)),
    rangeMin: bound,
    rangeMax: bound,
    alphaValue: optionalText(maxLength(THRESHOLD_LIMITS.alpha)),
    result: choice(RESULTS),
    version: optionalText(alphanumericBrackets, maxLength(THRESHOLD_LIMITS.version)),
    description,
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

/** A Firestore timestamp as either SDK gives it, or a Date; read back as a Date (null when missing). */
const date = z
  .union([
    z.date(),
    z.custom<{ toDate(): Date }>((value) => typeof value === 'object' && value !== null && 'toDate' in value),
    z.null(),
  ])
  // Optional before the transform, so that a record without the field reads too.
  .optional()
  .transform((value) =>
    value === null || value === undefined ? null : value instanceof Date ? value : value.toDate(),
  );
const stored = {
  insertDate: date,
  updateDate: date,
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
  /** How many rules name the variant (kept by the triggers; no minimum, so a drifted count still reads). */
  ruleCount: z.number().int().default(0),
  ...stored,
});
export type VariantDocument = z.output<typeof variantDocumentSchema>;

type RangeRule = Pick<
  RuleFields,
  'tdId' | 'definitionName' | 'technology' | 'variantName' | 'rangeMin' | 'rangeMax' | 'alphaValue'
>;

/** True when two closed ranges share more than a bound (an open side reaches to infinity). */
export function rangesOverlap(
  a: { rangeMin: number | null; rangeMax: number | null },
  b: { rangeMin: number | null; rangeMax: number | null },
): boolean {
  const lowA = a.rangeMin ?? -Infinity;
  const highA = a.rangeMax ?? Infinity;
  const lowB = b.rangeMin ?? -Infinity;
  const highB = b.rangeMax ?? Infinity;
  return lowA < highB && lowB < highA;
}

/**
 * 'rangeOverlap' when the rule's range overlaps another rule's of the same definition, technology and
 * variant; 'duplicate' when another such rule has the same alpha value. The rule's own id is skipped
 * (an edit, or a save that updates an existing id).
 */
export function ruleConflict(
  rule: RangeRule,
  others: readonly RangeRule[],
): { message: ValidationMessage; with: string } | null {
  for (const other of others) {
    if (other.tdId === rule.tdId) continue;
    if (
      other.definitionName !== rule.definitionName ||
      other.technology !== rule.technology ||
      (other.variantName ?? null) !== (rule.variantName ?? null)
    )
      continue;
    if (rule.alphaValue !== null) {
      if (other.alphaValue !== null && other.alphaValue.toLowerCase() === rule.alphaValue.toLowerCase())
        return { message: { key: 'duplicate' }, with: other.tdId };
    } else if (other.alphaValue === null && rangesOverlap(rule, other)) {
      return { message: { key: 'rangeOverlap' }, with: other.tdId };
    }
  }
  return null;
}

/** One readable form of a rule's range: "−25 ≤ x ≤ −9 dBm", "x ≥ −25 dBm", "x = good". */
export function formatRange(
  rule: { rangeMin: number | null; rangeMax: number | null; alphaValue: string | null },
  unit: string | null,
  number: (value: number) => string = (value) => String(value).replace('-', '−'),
): string {
  const suffix = unit ? ` ${unit}` : '';
  if (rule.alphaValue !== null) return `x = ${rule.alphaValue}`;
  if (rule.rangeMin !== null && rule.rangeMax !== null)
    return `${number(rule.rangeMin)} ≤ x ≤ ${number(rule.rangeMax)}${suffix}`;
  if (rule.rangeMin !== null) return `x ≥ ${number(rule.rangeMin)}${suffix}`;
  if (rule.rangeMax !== null) return `x ≤ ${number(rule.rangeMax)}${suffix}`;
  return 'x';
}

// ---- grading --------------------------------------------------------------------------------------

export interface ThresholdSet {
  definitions: readonly DefinitionDocument[];
  rules: readonly RuleDocument[];
  variants: readonly VariantDocument[];
}

export type Grade = 'pass' | 'warn' | 'fail' | 'n/a';

/** Which rule graded a value, and why: shown on hover in the 360 view and in the "test a value" box. */
export interface GradeSource {
  /** 'variant' or 'default': a rule matched; 'fallback': none did; 'none': no definition or no value. */
  kind: 'variant' | 'default' | 'fallback' | 'none';
  definition: string | null;
  rule: string | null;
  /** The variant's id when the device matched one. */
  variant: string | null;
  range: { rangeMin: number | null; rangeMax: number | null; alphaValue: string | null } | null;
}

export interface Grading {
  grade: Grade;
  value: number | string | null;
  unit: string;
  source: GradeSource;
}

export interface DeviceContext {
  /** Null when the device's technology could not be read: its values are then left ungraded. */
  technology: Technology | null;
  /** The device model, matched against the variants' model lists (case-insensitive). */
  model: string | null;
}

function ruleMatches(rule: RuleDocument, value: number | string): boolean {
  if (rule.alphaValue !== null) return String(value).toLowerCase() === rule.alphaValue.toLowerCase();
  if (typeof value !== 'number') return false;
  return (
    (rule.rangeMin === null || value >= rule.rangeMin) && (rule.rangeMax === null || value <= rule.rangeMax)
  );
}

/** Ties between records go to the lowest id (plain string order, the same on every machine). */
const byId = (a: { tdId: string }, b: { tdId: string }) => (a.tdId < b.tdId ? -1 : a.tdId > b.tdId ? 1 : 0);

/** The rule of the worse result (fail, then warn, then pass); of equal results, the lowest id. */
function worst(rules: readonly RuleDocument[]): RuleDocument | null {
  return rules.reduce<RuleDocument | null>(
    (chosen, rule) =>
      !chosen ||
      RANK[rule.result] > RANK[chosen.result] ||
      (RANK[rule.result] === RANK[chosen.result] && byId(rule, chosen) < 0)
        ? rule
        : chosen,
    null,
  );
}

/** The rule of the better result; of equal results, the lowest id. */
function better(a: RuleDocument | null, b: RuleDocument | null): RuleDocument | null {
  if (!a || !b) return a ?? b;
  if (RANK[a.result] !== RANK[b.result]) return RANK[a.result] < RANK[b.result] ? a : b;
  return byId(a, b) <= 0 ? a : b;
}

/**
 * The rule that grades a value among rules of one definition, technology and variant, the same whatever
 * the rules' order:
 * - a value exactly on the bound two ranges share (one ends there, the other starts there) takes the
 *   better result: of the worst rule ending at the value and the worst rule starting at it, the better;
 * - otherwise, when several rules match (overlapping ranges or a duplicated alpha value, which the API
 *   refuses today but older records may hold), the worse result wins: fail, then warn, then pass.
 * Of rules with the same result, the lowest id is named as the deciding rule.
 */
function decidingRule(rules: readonly RuleDocument[], value: number | string): RuleDocument | null {
  const matching = rules.filter((rule) => ruleMatches(rule, value));
  if (matching.length <= 1) return matching[0] ?? null;
  const onBound = matching.every(
    (rule) => rule.alphaValue === null && (rule.rangeMin === value || rule.rangeMax === value),
  );
  if (!onBound) return worst(matching);
  return better(
    worst(matching.filter((rule) => rule.rangeMax === value)),
    worst(matching.filter((rule) => rule.rangeMin === value)),
  );
}

/** Grades from least to most severe: of several gradings of one value, the most severe one wins. */
const SEVERITY: Record<Grade, number> = { 'n/a': 0, pass: 1, warn: 2, fail: 3 };

/**
 * A set's definitions by parameter, its variants by technology and model, and its rules by definition,
 * technology and variant ('' = default). Definitions and variants are sorted by id.
 */
interface SetIndex {
  definitions: Map<string, DefinitionDocument[]>;
  variants: Map<string, VariantDocument[]>;
  rules: Map<string, RuleDocument[]>;
}
const indexes = new WeakMap<ThresholdSet, SetIndex>();
const modelKey = (technology: string, model: string) => `${technology}|${model.trim().toLowerCase()}`;
function push<T>(map: Map<string, T[]>, key: string, entry: T) {
  const list = map.get(key);
  if (list) list.push(entry);
  else map.set(key, [entry]);
}
/** Built once per set (the API keeps one set for a few seconds and grades many values with it). */
function indexOf(set: ThresholdSet): SetIndex {
  let index = indexes.get(set);
  if (!index) {
    index = { definitions: new Map(), variants: new Map(), rules: new Map() };
    for (const definition of [...set.definitions].sort(byId))
      push(index.definitions, definition.parameter, definition);
    for (const variant of [...set.variants].sort(byId))
      for (const key of new Set(variant.variants.map((model) => modelKey(variant.technology, model))))
        push(index.variants, key, variant);
    for (const rule of set.rules)
      push(index.rules, `${rule.definitionName}|${rule.technology}|${rule.variantName ?? ''}`, rule);
    indexes.set(set, index);
  }
  return index;
}

/** Every variant of the device's technology whose model list names its model (trimmed, any case), by id. */
function variantsOf(index: SetIndex, device: DeviceContext): VariantDocument[] {
  const model = device.model?.trim();
  if (!model || device.technology === null) return [];
  return index.variants.get(modelKey(device.technology, model)) ?? [];
}

/**
 * The device's variant for a technology: the variant whose model list names the device's model
 * (case-insensitive); if older records list the model in several variants, the lowest id.
 */
export function variantOf(set: ThresholdSet, device: DeviceContext): VariantDocument | null {
  return variantsOf(indexOf(set), device)[0] ?? null;
}

/** A value graded by one definition, for a device of one variant (or none). */
function gradeBy(
  index: SetIndex,
  definition: DefinitionDocument,
  variant: VariantDocument | null,
  technology: Technology,
  value: number | string,
): Grading {
  const unit = definition.format ?? '';
  const key = (variantId: string) => `${definition.tdId}|${technology}|${variantId}`;
  const steps: Array<['variant' | 'default', readonly RuleDocument[]]> = [];
  if (variant) steps.push(['variant', index.rules.get(key(variant.tdId)) ?? []]);
  steps.push(['default', index.rules.get(key('')) ?? []]);
  for (const [kind, rules] of steps) {
    const rule = decidingRule(rules, value);
    if (rule)
      return {
        grade: rule.result,
        value,
        unit,
        source: {
          kind,
          definition: definition.tdId,
          rule: rule.tdId,
          variant: variant?.tdId ?? null,
          range: { rangeMin: rule.rangeMin, rangeMax: rule.rangeMax, alphaValue: rule.alphaValue },
        },
      };
  }
  return {
    grade: definition.fallback,
    value,
    unit,
    source: {
      kind: 'fallback',
      definition: definition.tdId,
      rule: null,
      variant: variant?.tdId ?? null,
      range: null,
    },
  };
}

/**
 * Grades a value: the device's variant's rules first, then the default rules of its technology, then
 * the definition's fallback. Among matching rules, see decidingRule: on a bound two ranges share the
 * better result wins; where saved rules overlap, the worse.
 *
 * Where older records conflict, the grade stays the same whatever their order, and fails safe: if several
 * definitions grade the parameter, or the device's model is listed in several variants of its
 * technology, the value is graded by each (definition, variant) and the most severe grade wins (fail,
 * warn, pass, then n/a: a definition that grades beats one that leaves the value ungraded); of equal
 * grades, the lowest definition id, then the lowest variant id.
 */
export function gradeValue(
  set: ThresholdSet,
  parameter: Parameter,
  value: number | string | null | undefined,
  device: DeviceContext,
): Grading {
  const index = indexOf(set);
  const definitions = index.definitions.get(parameter) ?? [];
  const first = definitions[0] ?? null;
  const none: GradeSource = {
    kind: 'none',
    definition: first?.tdId ?? null,
    rule: null,
    variant: null,
    range: null,
  };
  const unit = first?.format ?? '';
  if (value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value)))
    return { grade: 'n/a', value: null, unit, source: none };
  const technology = device.technology;
  if (!first || technology === null) return { grade: 'n/a', value, unit, source: none };
  const variants = variantsOf(index, device);
  const gradings = definitions.flatMap((definition) =>
    (variants.length > 0 ? variants : [null]).map((variant) =>
      gradeBy(index, definition, variant, technology, value),
    ),
  );
  return gradings.reduce((chosen, grading) =>
    SEVERITY[grading.grade] > SEVERITY[chosen.grade] ? grading : chosen,
  );
}

/**
 * The range a value must stay in to pass, for a device (its variant's pass rule first, then the default
 * one), or null when no rule passes anything. The WAN charts draw its lower bound.
 */
export function passRange(
  set: ThresholdSet,
  parameter: Parameter,
  device: DeviceContext,
): { rangeMin: number | null; rangeMax: number | null } | null {
  // Where older records conflict, the lowest ids: of the parameter's definitions, of the device's
  // variants and of the pass rules.
  const definition = indexOf(set).definitions.get(parameter)?.[0];
  if (!definition || device.technology === null) return null;
  const variant = variantOf(set, device);
  const passing = set.rules.filter(
    (rule) =>
      rule.definitionName === definition.tdId &&
      rule.technology === device.technology &&
      rule.result === 'pass' &&
      rule.alphaValue === null,
  );
  passing.sort(byId);
  const rule =
    (variant && passing.find((entry) => entry.variantName === variant.tdId)) ||
    passing.find((entry) => entry.variantName === null);
  return rule ? { rangeMin: rule.rangeMin, rangeMax: rule.rangeMax } : null;
}

/** A value no rule graded (an answer without grades): shown as it is, n/a. */
export function ungraded(value: number | string | null | undefined, unit = ''): Grading {
  return {
    grade: 'n/a',
    value: value ?? null,
    unit,
    source: { kind: 'none', definition: null, rule: null, variant: null, range: null },
  };
}
