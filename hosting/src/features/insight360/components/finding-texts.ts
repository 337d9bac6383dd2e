/**
 * A finding in words, from its playbook entry in the page's language: the one place the summary strip, the
 * findings, the score's reasons and the ticket note take their wording from.
 */
import { useTranslation } from 'react-i18next';
import type { ConfidenceGap, Finding } from '@insight/common/diagnosis';
import type { Playbook, PlaybookEntry } from '@insight/common/diagnosis-playbook';
import { fillPlaybookText } from '@insight/common/diagnosis-playbook-defaults';

export type Language = 'en' | 'fr';
export interface FindingTexts {
  title: string;
  cause: string;
  step: string;
}

export function textsOf(
  entry: PlaybookEntry | undefined,
  language: Language,
  values: Finding['values'],
): FindingTexts | null {
  if (!entry) return null;
  const fill = (text: string) => fillPlaybookText(text, values);
  return language === 'fr'
    ? { title: fill(entry.titleFr), cause: fill(entry.causeFr), step: fill(entry.stepFr) }
    : { title: fill(entry.titleEn), cause: fill(entry.causeEn), step: fill(entry.stepEn) };
}

/** The page's language as the playbook has it. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language === 'fr' ? 'fr' : 'en';
}

/** A finding's texts in the page's language (its key while the playbook has no entry for it). */
export function useFindingTexts(playbook: Playbook) {
  const language = useLanguage();
  return (finding: Finding): FindingTexts =>
    textsOf(playbook[finding.key], language, finding.values) ?? {
      title: finding.key,
      cause: '',
      step: '',
    };
}

/** What lowered the confidence, in words: "voice not checked", "no birth certificate". */
export function useGapText() {
  const { t } = useTranslation('insight360');
  return (gap: ConfidenceGap) =>
    gap.kind === 'unchecked'
      ? t('diagnosis.gap.unchecked', { section: t(`diagnosis.sections.${gap.section}`) })
      : t(`diagnosis.gap.${gap.key.split('.')[0]}` as 'diagnosis.gap.bcMissing');
}
