/**
 * The invariants of the admin lists that span documents (docs/requirements.md, "Validation messages"), as pure functions: the API
 * calls them inside its write transaction with the rows it read there, the forms with the rows they show,
 * and the threshold screen lists what older saved records break (thresholdConflicts).
 *
 * Each check answers the `ConflictDetails` of a refused write (admin-lists.ts), or null. A candidate is
 * never compared with itself: a row of the same id is the row it replaces.
 */
import type { ConflictDetails } from './admin-lists';
import { rowsHoldingIp, type CmtsFields } from './network';
import { type DefinitionFields, type RuleFields, type VariantFields } from './threshold';
import { rangesOverlap, ruleConflict } from './threshold-ranges';

/** What the CMTS check reads of a row. */
export type CmtsLike = Pick<CmtsFields, 'cmtsId' | 'ipLookup' | 'ipManage' | 'overrideIpChecks'>;

/**
 * 'ipInUse' when the candidate's IP Lookup, then its IP Management address, is held (as either) by
 * another row; `with` names the lowest such id. A candidate with overrideIpChecks shares its addresses
 * freely; another row's own override does not free the addresses it holds (as the CMTS form does).
 */
export function cmtsConflict(candidate: CmtsLike, others: ReadonlyArray<CmtsLike>): ConflictDetails | null {
  if (candidate.overrideIpChecks) return null;
  for (const field of ['ipLookup', 'ipManage'] as const) {
    const value = candidate[field];
    const holders = rowsHoldingIp(others, value, candidate.cmtsId).sort();
    if (holders.length > 0) return { reason: 'ipInUse', field, with: holders[0]!, value };
  }
  return null;
}

/** What the rule checks read of a rule. */
export type RuleLike = Pick<
  RuleFields,
  'tdId' | 'definitionName' | 'technology' | 'variantName' | 'rangeMin' | 'rangeMax' | 'alphaValue'
>;

/**
 * 'technologyMismatch' when the rule names a variant of another technology (`variant`: the variant it
 * names, null for a default rule); else 'duplicate' when another rule of the same definition, technology
 * and variant maps the same alpha value, 'rangeOverlap' when its range overlaps one of theirs (touching
 * at a bound is allowed).
 */
export function ruleConflictOf(
  candidate: RuleLike,
  others: readonly RuleLike[],
  variant: Pick<VariantFields, 'technology'> | null,
): ConflictDetails | null {
  if (variant && variant.technology !== candidate.technology)
    return {
      reason: 'technologyMismatch',
      field: 'technology',
      ...(candidate.variantName ? { with: candidate.variantName } : {}),
      value: variant.technology,
    };
  const conflict = ruleConflict(candidate, others);
  if (!conflict) return null;
  return conflict.message.key === 'duplicate'
    ? { reason: 'duplicate', field: 'alphaValue', with: conflict.with, value: candidate.alphaValue ?? '' }
    : { reason: 'rangeOverlap', field: 'rangeMin', with: conflict.with };
}

/** What the definition check reads of a definition. */
export type DefinitionLike = Pick<DefinitionFields, 'tdId'> & { parameter: string };

/** 'parameterTaken' when another definition grades the same parameter (`with`: the lowest such id). */
export function definitionConflict(
  candidate: DefinitionLike,
  others: readonly DefinitionLike[],
): ConflictDetails | null {
  const taken = others
    .filter((other) => other.tdId !== candidate.tdId && other.parameter === candidate.parameter)
    .map((other) => other.tdId)
    .sort();
  return taken.length > 0
    ? { reason: 'parameterTaken', field: 'parameter', with: taken[0]!, value: candidate.parameter }
    : null;
}

/** What the variant check reads of a variant. */
export type VariantLike = Pick<VariantFields, 'tdId' | 'technology' | 'variants'>;

/** A model as variants are compared: trimmed, any case. */
export const modelKey = (model: string) => model.trim().toLowerCase();

/**
 * 'modelTaken' when a model of the candidate (trimmed, any case) is listed in another variant of the
 * same technology: `value` is the candidate's first such model (trimmed), `with` the lowest such variant.
 */
export function variantConflict(
  candidate: VariantLike,
  others: readonly VariantLike[],
): ConflictDetails | null {
  const holders = new Map<string, string>();
  for (const other of others) {
    if (other.tdId === candidate.tdId || other.technology !== candidate.technology) continue;
    for (const model of other.variants) {
      const key = modelKey(model);
      const holder = holders.get(key);
      if (holder === undefined || other.tdId < holder) holders.set(key, other.tdId);
    }
  }
  for (const model of candidate.variants) {
    const holder = holders.get(modelKey(model));
    if (holder !== undefined)
      return { reason: 'modelTaken', field: 'variants', with: holder, value: model.trim() };
  }
  return null;
}

// ---- conflicts among saved records --------------------------------------------------------------

export interface ThresholdConflict {
  reason: 'rangeOverlap' | 'duplicate' | 'parameterTaken' | 'modelTaken' | 'technologyMismatch';
  /**
   * The records involved: two rules (rangeOverlap, duplicate), two definitions (parameterTaken), two
   * variants (modelTaken), each pair in id order; a rule then its variant (technologyMismatch).
   */
  ids: string[];
  /**
   * duplicate: the alpha value (as the first rule of the pair spells it); parameterTaken: the parameter; modelTaken:
   * the shared models (as the first variant spells them, trimmed, joined by ', '); technologyMismatch:
   * the variant's technology.
   */
  value?: string;
}

const REASON_ORDER: ReadonlyArray<ThresholdConflict['reason']> = [
  'rangeOverlap',
  'duplicate',
  'parameterTaken',
  'modelTaken',
  'technologyMismatch',
];
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byId = (a: { tdId: string }, b: { tdId: string }) => compareText(a.tdId, b.tdId);

function group<T>(entries: Iterable<T>, key: (entry: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const entry of entries) {
    const list = groups.get(key(entry));
    if (list) list.push(entry);
    else groups.set(key(entry), [entry]);
  }
  return groups;
}

/** Every pair of distinct ids of a list, each once, in id order. */
function pairs(ids: readonly string[]): Array<[string, string]> {
  const sorted = [...new Set(ids)].sort(compareText);
  const out: Array<[string, string]> = [];
  for (let i = 0; i < sorted.length; i++)
    for (let j = i + 1; j < sorted.length; j++) out.push([sorted[i]!, sorted[j]!]);
  return out;
}

type RuleRecord = RuleLike;
type VariantRecord = VariantLike;

/** Overlapping ranges of one group (one definition, technology and variant), each pair once. */
function overlaps(rules: readonly RuleRecord[], out: ThresholdConflict[]) {
  const low = (rule: RuleRecord) => rule.rangeMin ?? -Infinity;
  const high = (rule: RuleRecord) => rule.rangeMax ?? Infinity;
  const sorted = [...rules].sort((a, b) => low(a) - low(b) || byId(a, b));
  for (let i = 0; i < sorted.length; i++) {
    const rule = sorted[i]!;
    // Sorted by low bound: the rules after it that can overlap it are those starting below its high
    // bound, a run right after it. Well-formed ranges in that run all overlap it (the scan costs what it
    // finds); rangesOverlap still decides, for inverted ranges of old records.
    for (let j = i + 1; j < sorted.length && low(sorted[j]!) < high(rule); j++) {
      const other = sorted[j]!;
      if (other.tdId !== rule.tdId && rangesOverlap(rule, other))
        out.push({ reason: 'rangeOverlap', ids: [rule.tdId, other.tdId].sort(compareText) });
    }
  }
}

/**
 * Every conflict among saved threshold records, for the threshold screen (records written before the
 * API checked the invariants): overlapping ranges and duplicated alpha values among the rules of one
 * definition, technology and variant; definitions of the same parameter; variants of one technology
 * listing the same model; rules of another technology than their variant's. Each pair once; sorted by
 * reason (in the order above), then ids. Grouped by key, so it stays fast on thousands of rules.
 */
export function thresholdConflicts(
  rules: readonly RuleRecord[],
  variants: readonly VariantRecord[],
  definitions: readonly DefinitionLike[],
): ThresholdConflict[] {
  const out: ThresholdConflict[] = [];
  const ruleGroups = group(
    rules,
    (rule) => `${rule.definitionName}|${rule.technology}|${rule.variantName ?? ''}`,
  );
  for (const members of ruleGroups.values()) {
    overlaps(
      members.filter((rule) => rule.alphaValue === null),
      out,
    );
    const alphas = group(members.filter((rule) => rule.alphaValue !== null).sort(byId), (rule) =>
      (rule.alphaValue ?? '').toLowerCase(),
    );
    for (const same of alphas.values())
      for (let i = 0; i < same.length; i++)
        for (let j = i + 1; j < same.length; j++)
          if (same[i]!.tdId !== same[j]!.tdId)
            out.push({
              reason: 'duplicate',
              ids: [same[i]!.tdId, same[j]!.tdId],
              value: same[i]!.alphaValue ?? '',
            });
  }

  for (const [parameter, same] of group(definitions, (definition) => definition.parameter))
    for (const ids of pairs(same.map((definition) => definition.tdId)))
      out.push({ reason: 'parameterTaken', ids, value: parameter });

  // Per pair of variants: the models they share.
  const variantById = new Map(variants.map((variant) => [variant.tdId, variant]));
  const shared = new Map<string, [string, string]>();
  const holders = group(
    variants.flatMap((variant) =>
      [...new Set(variant.variants.map(modelKey))].map((model) => ({ variant, model })),
    ),
    ({ variant, model }) => `${variant.technology}|${model}`,
  );
  for (const same of holders.values())
    for (const ids of pairs(same.map(({ variant }) => variant.tdId))) shared.set(ids.join('\u0000'), ids);
  for (const ids of shared.values()) {
    const [first, second] = ids.map((id) => variantById.get(id)?.variants ?? []);
    const theirs = new Set(second!.map(modelKey));
    // Each shared model once, as the first variant spells it first.
    const models = new Map<string, string>();
    for (const model of first!)
      if (theirs.has(modelKey(model)) && !models.has(modelKey(model)))
        models.set(modelKey(model), model.trim());
    out.push({ reason: 'modelTaken', ids, value: [...models.values()].join(', ') });
  }

  for (const rule of rules) {
    if (rule.variantName === null) continue;
    const variant = variantById.get(rule.variantName);
    if (variant && variant.technology !== rule.technology)
      out.push({ reason: 'technologyMismatch', ids: [rule.tdId, variant.tdId], value: variant.technology });
  }

  return out.sort(
    (a, b) =>
      REASON_ORDER.indexOf(a.reason) - REASON_ORDER.indexOf(b.reason) ||
      compareText(a.ids[0]!, b.ids[0]!) ||
      compareText(a.ids[1]!, b.ids[1]!),
  );
}
