/**
 * The threshold forms: the common/ schemas plus the checks across records (docs/requirements.md, "Thresholds"): a range
 * that overlaps another rule's, an alpha value, parameter, variant name or model already taken.
 */
import { z } from 'zod';
import {
  definitionFieldsSchema,
  frenchRequired,
  ruleFieldsSchema,
  variantFieldsSchema,
  type DefinitionDocument,
  type RuleDocument,
  type ThresholdKind,
  type VariantDocument,
} from '@insight/common/threshold';
import { ruleConflict } from '@insight/common/threshold-ranges';
import { encodeMessage } from '@insight/common/validators';

const duplicate = encodeMessage({ key: 'duplicate' });

/** A stored value as a form's choice, when it is one (an old record may hold another: the form asks again). */
export function choiceOf<T extends string>(choices: readonly T[], value: string | null): T | undefined {
  return choices.find((choice) => choice === value);
}

/**
 * A new row (an id no stored row has) needs the French of each English text it has; an existing one may
 * still lack them (docs/requirements.md, "Thresholds"). The API checks the same on a create.
 */
function checkFrenchOfNewRow(
  kind: ThresholdKind,
  row: { tdId: string } & Record<string, unknown>,
  stored: ReadonlyArray<{ tdId: string }>,
  ctx: z.RefinementCtx,
) {
  if (stored.some((other) => other.tdId === row.tdId)) return;
  for (const { field, message } of frenchRequired(kind, row))
    ctx.addIssue({ code: 'custom', path: [field], message: encodeMessage(message) });
}

export function ruleFormSchema(rules: readonly RuleDocument[]) {
  return ruleFieldsSchema.superRefine((rule, ctx) => {
    checkFrenchOfNewRow('rules', rule, rules, ctx);
    const conflict = ruleConflict(rule, rules);
    if (conflict)
      ctx.addIssue({
        code: 'custom',
        path: [conflict.message.key === 'duplicate' ? 'alphaValue' : 'rangeMin'],
        message: encodeMessage(conflict.message),
      });
  });
}
export type RuleForm = z.input<typeof ruleFieldsSchema>;

export function definitionFormSchema(definitions: readonly DefinitionDocument[]) {
  return definitionFieldsSchema.superRefine((definition, ctx) => {
    checkFrenchOfNewRow('definitions', definition, definitions, ctx);
    if (
      definitions.some((other) => other.tdId !== definition.tdId && other.parameter === definition.parameter)
    )
      ctx.addIssue({ code: 'custom', path: ['parameter'], message: duplicate });
  });
}

/** The models typed as one line, separated by commas. */
export function variantFormSchema(variants: readonly VariantDocument[]) {
  return variantFieldsSchema
    .extend({
      variants: z
        .string()
        .transform((value) =>
          value
            .split(',')
            .map((model) => model.trim())
            .filter(Boolean),
        )
        .pipe(variantFieldsSchema.shape.variants),
    })
    .superRefine((variant, ctx) => {
      checkFrenchOfNewRow('variants', variant, variants, ctx);
      const others = variants.filter((other) => other.tdId !== variant.tdId);
      if (
        others.some((other) => other.variantName.toLowerCase() === variant.variantName.trim().toLowerCase())
      )
        ctx.addIssue({ code: 'custom', path: ['variantName'], message: duplicate });
      const taken = new Set(
        others
          .filter((other) => other.technology === variant.technology)
          .flatMap((other) => other.variants.map((model) => model.toLowerCase())),
      );
      if (variant.variants.some((model) => taken.has(model.toLowerCase())))
        ctx.addIssue({ code: 'custom', path: ['variants'], message: duplicate });
    });
}
