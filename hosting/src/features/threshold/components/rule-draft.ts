/**
 * What a rule being edited would do before it is saved: the saved rules with the draft applied, graded
 * by the same matcher as the API (common/src/threshold-grading.ts).
 */
import {
  ruleFieldsSchema,
  type DefinitionDocument,
  type Parameter,
  type RuleDocument,
  type RuleInput,
} from '@insight/common/threshold';
import { type Grading, type ThresholdSet, gradeValue } from '@insight/common/threshold-grading';
import { parseDecimal } from '@insight/common/validators';

/** A typed test value as the matcher reads it: a number, unless the definition grades words only. */
export function typedValue(typed: string, definition: Pick<DefinitionDocument, 'direction'> | null) {
  const trimmed = typed.trim();
  if (trimmed === '') return null;
  if (definition?.direction === 'alpha') return trimmed;
  return parseDecimal(trimmed) ?? trimmed;
}

/** The saved rules with the draft in place of the record it replaces (its id: an edit, or a save over it). */
export function withDraft(saved: ThresholdSet, draft: RuleDocument, replacing: string | null): ThresholdSet {
  return {
    ...saved,
    rules: [...saved.rules.filter((rule) => rule.tdId !== draft.tdId && rule.tdId !== replacing), draft],
  };
}

export type DraftOutcome =
  { kind: 'incomplete' } | { kind: 'noValue' } | { kind: 'graded'; saved: Grading; draft: Grading };

/**
 * The value graded by the saved rules and by the saved rules with the draft applied, for the draft's
 * definition, technology and variant (a default rule: a device of no variant). 'incomplete' while the
 * draft is not a rule yet (a form error of its own, no definition).
 */
export function draftOutcome(
  saved: ThresholdSet,
  form: RuleInput,
  replacing: string | null,
  typed: string,
): DraftOutcome {
  const parsed = ruleFieldsSchema.safeParse(form);
  const definition = parsed.success
    ? saved.definitions.find((entry) => entry.tdId === parsed.data.definitionName)
    : undefined;
  if (!parsed.success || !definition) return { kind: 'incomplete' };
  const value = typedValue(typed, definition);
  if (value === null) return { kind: 'noValue' };
  const draft: RuleDocument = { ...parsed.data, insertDate: null, updateDate: null, updatedBy: null };
  const variant = saved.variants.find((entry) => entry.tdId === draft.variantName);
  const device = { technology: draft.technology, model: variant?.variants[0] ?? null };
  const parameter = definition.parameter as Parameter;
  return {
    kind: 'graded',
    saved: gradeValue(saved, parameter, value, device),
    draft: gradeValue(withDraft(saved, draft, replacing), parameter, value, device),
  };
}
