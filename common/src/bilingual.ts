/**
 * Texts that the data holds in both languages (threshold names and descriptions, docs/requirements.md,
 * "Thresholds"): the English one always, the French one when it has been written. A screen shows the
 * text of the user's language, and the English one where the French is missing (engineering sees such a
 * row flagged as untranslated on the threshold pages).
 */
export type TextLanguage = 'en' | 'fr';

export interface BilingualText {
  en: string;
  fr: string | null;
}

/** The language a screen's texts are in, from i18next's language (`fr`, `fr-CA`…); English otherwise. */
export const textLanguage = (language: string | undefined): TextLanguage =>
  language?.startsWith('fr') ? 'fr' : 'en';

/** The text in `language`, with the English one where the French is missing or blank. */
export function textIn(text: BilingualText, language: string | undefined): string;
export function textIn(text: BilingualText | null | undefined, language: string | undefined): string | null;
export function textIn(text: BilingualText | null | undefined, language: string | undefined): string | null {
  if (!text) return null;
  return textLanguage(language) === 'fr' && text.fr?.trim() ? text.fr : text.en;
}

/** Both texts of a record's field pair (`name` / `nameFr`), or null when the English one is empty. */
export function bilingual(
  en: string | null | undefined,
  fr: string | null | undefined,
): BilingualText | null {
  return en ? { en, fr: fr?.trim() ? fr : null } : null;
}

/** A threshold definition's name in both languages. */
export const definitionName = (definition: { name: string; nameFr?: string | null }): BilingualText => ({
  en: definition.name,
  fr: bilingual(definition.name, definition.nameFr)?.fr ?? null,
});
/** A threshold variant's name in both languages. */
export const variantLabel = (variant: {
  variantName: string;
  variantNameFr?: string | null;
}): BilingualText => ({
  en: variant.variantName,
  fr: bilingual(variant.variantName, variant.variantNameFr)?.fr ?? null,
});
/** A threshold row's description in both languages, or null when it has none. */
export const descriptionOf = (row: {
  description: string | null;
  descriptionFr: string | null;
}): BilingualText | null => bilingual(row.description, row.descriptionFr);
