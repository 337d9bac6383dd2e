/**
 * The grading engine of the threshold manager (the records' shapes are in threshold.ts) and its types: a
 * value graded by a set of definitions, rules and variants for a device (a grade and the rule that gave
 * it), the pass range the WAN charts draw, and one readable form of a rule's range. Used by the API's grading, the 360 view and the "test a value" box.
 */
import { definitionName, descriptionOf, variantLabel, type BilingualText } from './bilingual';
import type {
  DefinitionDocument,
  Parameter,
  RuleDocument,
  RuleResult,
  Technology,
  VariantDocument,
} from './threshold';

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
  /**
   * What the data calls the definition, the rule (its description) and the variant, in both languages
   * (the screens show the user's: textIn). Absent from a grading made without records (ungraded).
   */
  texts?: GradeTexts;
}

export interface GradeTexts {
  definition: BilingualText | null;
  rule: BilingualText | null;
  variant: BilingualText | null;
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

/** Results from best to worst: on a shared bound the better one wins. */
const RANK: Record<RuleResult, number> = { pass: 0, warn: 1, fail: 2 };

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
  let only: RuleDocument | null = null;
  let count = 0;
  for (const rule of rules)
    if (ruleMatches(rule, value)) {
      only = rule;
      count += 1;
    }
  // One match or none, as saved rules are (the API refuses overlaps): no list built.
  if (count <= 1) return only;
  const matching = rules.filter((rule) => ruleMatches(rule, value));
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
  /** The gradings' sources by kind, definition, rule and variant (sourceOf). */
  sources: Map<string, GradeSource>;
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
    index = { definitions: new Map(), variants: new Map(), rules: new Map(), sources: new Map() };
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

/**
 * The source of a grading by one definition, rule (null: the fallback) and variant: the same for every value
 * they grade, so it is built once per set (in its index, like the lookups) and shared: a view grades hundreds
 * of values with a few rules.
 */
function sourceOf(
  index: SetIndex,
  kind: 'variant' | 'default' | 'fallback',
  definition: DefinitionDocument,
  rule: RuleDocument | null,
  variant: VariantDocument | null,
): GradeSource {
  const key = `${kind}|${definition.tdId}|${rule?.tdId ?? ''}|${variant?.tdId ?? ''}`;
  let source = index.sources.get(key);
  if (!source) {
    source = {
      kind,
      definition: definition.tdId,
      rule: rule?.tdId ?? null,
      variant: variant?.tdId ?? null,
      range: rule ? { rangeMin: rule.rangeMin, rangeMax: rule.rangeMax, alphaValue: rule.alphaValue } : null,
      texts: {
        definition: definitionName(definition),
        rule: rule ? descriptionOf(rule) : null,
        variant: variant ? variantLabel(variant) : null,
      },
    };
    index.sources.set(key, source);
  }
  return source;
}

const NO_RULES: readonly RuleDocument[] = [];

/** A value graded by one definition, for a device of one variant (or none). */
function gradeBy(
  index: SetIndex,
  definition: DefinitionDocument,
  variant: VariantDocument | null,
  technology: Technology,
  value: number | string,
): Grading {
  const unit = definition.format ?? '';
  const prefix = `${definition.tdId}|${technology}|`;
  if (variant) {
    const rule = decidingRule(index.rules.get(prefix + variant.tdId) ?? NO_RULES, value);
    if (rule)
      return {
        grade: rule.result,
        value,
        unit,
        source: sourceOf(index, 'variant', definition, rule, variant),
      };
  }
  const rule = decidingRule(index.rules.get(prefix) ?? NO_RULES, value);
  if (rule)
    return { grade: rule.result, value, unit, source: sourceOf(index, 'default', definition, rule, variant) };
  return {
    grade: definition.fallback,
    value,
    unit,
    source: sourceOf(index, 'fallback', definition, null, variant),
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
  const none = (): GradeSource => ({
    kind: 'none',
    definition: first?.tdId ?? null,
    rule: null,
    variant: null,
    range: null,
  });
  const unit = first?.format ?? '';
  if (value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value)))
    return { grade: 'n/a', value: null, unit, source: none() };
  const technology = device.technology;
  if (!first || technology === null) return { grade: 'n/a', value, unit, source: none() };
  const variants = variantsOf(index, device);
  // One definition and at most one variant, as the records mostly are: one grading.
  if (definitions.length === 1 && variants.length <= 1)
    return gradeBy(index, first, variants[0] ?? null, technology, value);
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
  // Where older records conflict, the lowest ids: of the parameter's definitions (passing over one that
  // grades nothing, with no rule for the technology and no fallback grade: gradeValue passes over it too),
  // of the device's variants and of the pass rules.
  if (device.technology === null) return null;
  const variant = variantOf(set, device);
  for (const definition of indexOf(set).definitions.get(parameter) ?? []) {
    if (
      definition.fallback === 'n/a' &&
      !set.rules.some(
        (rule) => rule.definitionName === definition.tdId && rule.technology === device.technology,
      )
    )
      continue;
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
  return null;
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
