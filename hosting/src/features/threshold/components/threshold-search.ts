import type { DefinitionDocument, RuleDocument, VariantDocument } from '@insight/common/threshold';

/** Whether every word of the search occurs in one of the texts (case- and accent-insensitive). */
export function matchesSearch(search: string, texts: ReadonlyArray<string | null | undefined>): boolean {
  const fold = (value: string) =>
    value
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold(texts.filter(Boolean).join(' '));
  return words.every((word) => haystack.includes(word));
}

/** What one search looks through in each list: what its table shows, its texts in both languages. */
export const searchTexts = {
  rules: (rule: RuleDocument, extra: { definition?: string; variant?: string; range: string }) => [
    rule.tdId,
    rule.definitionName,
    extra.definition,
    rule.technology,
    rule.variantName,
    extra.variant,
    extra.range,
    rule.result,
    rule.version,
    rule.description,
    rule.descriptionFr,
  ],
  definitions: (definition: DefinitionDocument, parameter: string) => [
    definition.tdId,
    definition.name,
    definition.nameFr,
    definition.parameter,
    parameter,
    definition.format,
    definition.category,
    definition.description,
    definition.descriptionFr,
  ],
  variants: (variant: VariantDocument) => [
    variant.tdId,
    variant.variantName,
    variant.variantNameFr,
    variant.technology,
    variant.identifier,
    ...variant.variants,
    variant.description,
    variant.descriptionFr,
  ],
};
