import { useTranslation } from 'react-i18next';
import { textIn, type BilingualText } from '@insight/common/bilingual';

/**
 * Picks, from a text the data holds in both languages (a threshold's name, a rule's description), the
 * one of the user's language, with the English one where the French is missing (common/src/bilingual.ts).
 */
export function useDataText(): (text: BilingualText | null | undefined) => string | null {
  const { i18n } = useTranslation();
  return (text) => textIn(text, i18n.language);
}
