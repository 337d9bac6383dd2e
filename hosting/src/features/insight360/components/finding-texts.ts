/**
 * A finding in words, from its playbook entry in the page's language: the one place the summary strip, the
 * findings, the score's reasons and the ticket note take their wording from.
 */
import { useTranslation } from 'react-i18next';
import type { ConfidenceGap, Finding } from '@insight/common/diagnosis';
import type { Playbook, PlaybookEntry } from '@insight/common/diagnosis-playbook';
import { fillPlaybookText } from '@insight/common/diagnosis-playbook-defaults';
import { spokenDuration } from '@insight/common/duration';
import { useFormatDateTime, useFormatWhen } from '../../../lib/date';

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
  // "{hours} h" in a text written before durations were spoken: the duration brings its own unit.
  const fill = (text: string) => fillPlaybookText(text.replace(/\{hours\} h\b/g, '{hours}'), values);
  return language === 'fr'
    ? { title: fill(entry.titleFr), cause: fill(entry.causeFr), step: fill(entry.stepFr) }
    : { title: fill(entry.titleEn), cause: fill(entry.causeEn), step: fill(entry.stepEn) };
}

/** The page's language as the playbook has it. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language === 'fr' ? 'fr' : 'en';
}

/**
 * A finding's values as its texts say them: a section's error code in words (never 'upstream_error' in a
 * title), a number of hours as a spoken duration ("about 280 days", not "6728 h"), a history finding's
 * times as the page's dates, a known outage's start, ticket and time back as the banner says them.
 */
export function useCodeWords() {
  const { t } = useTranslation('insight360');
  const language = useLanguage();
  const formatDate = useFormatDateTime();
  const formatWhen = useFormatWhen();
  return (values: Finding['values']): Finding['values'] => ({
    ...values,
    ...(typeof values.code === 'string'
      ? {
          code: t(`diagnosis.codeWords.${values.code}` as 'diagnosis.codeWords.other', {
            defaultValue: t('diagnosis.codeWords.other'),
          }),
        }
      : {}),
    ...(typeof values.hours === 'number'
      ? { hours: spokenDuration(values.hours * 3_600_000, language) }
      : {}),
    // The times behind a history finding (ISO, comma-separated) as the page's dates read.
    ...(typeof values.times === 'string' && values.times
      ? {
          times: values.times
            .split(', ')
            .map((time) => formatDate(new Date(time)))
            .join(', '),
        }
      : {}),
    // A known outage's (ISO times; '' where the note has none yet).
    ...(typeof values.since === 'string' ? { since: formatWhen(values.since) } : {}),
    ...(typeof values.backAbout === 'string'
      ? {
          backAbout: values.backAbout
            ? t('outage.backAbout', { time: formatWhen(values.backAbout) })
            : t('outage.noEstimate'),
        }
      : {}),
    ...(values.ticket === '' ? { ticket: t('outage.noTicket') } : {}),
  });
}

/** A finding's texts in the page's language (its key while the playbook has no entry for it). */
export function useFindingTexts(playbook: Playbook) {
  const language = useLanguage();
  const withCodeWords = useCodeWords();
  return (finding: Finding): FindingTexts =>
    textsOf(playbook[finding.key], language, withCodeWords(finding.values)) ?? {
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
