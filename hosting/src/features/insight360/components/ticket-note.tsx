/**
 * "Copy for the ticket": the view's diagnosis as plain text in the agent's language, for pasting into a
 * CRM ticket — the MAC, the account and the time; the score with its confidence; each finding with its
 * value, rule and next step, a root cause with its consequences in one line under it; the neighbourhood
 * line; the tests from the device of the last hour (who ran each, when, its numbers and verdict); a permalink
 * to the view. The same diagnosis and words as the strip and the findings (finding-texts.ts), and as the
 * tests' card (device-test-texts.ts).
 */
import { useState } from 'react';
import { Button } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import type { NeighbourhoodSection } from '@insight/common/customer360';
import { storyOf, type Diagnosis } from '@insight/common/diagnosis';
import type { Playbook } from '@insight/common/diagnosis-playbook';
import type { DeviceTest } from '@insight/common/device-tests';
import { formatMac } from '@insight/common/mac';
import { useGradeReason } from '../../../components/grade-chip';
import { useFormatDateTime } from '../../../lib/date';
import { usePreferences } from '../../../providers/preferences-provider';
import { useTestTexts } from './device-test-texts';
import { useCodeWords, useFindingTexts, useGapText } from './finding-texts';

export interface TicketNoteInput {
  mac: string;
  account: string | null;
  at: Date;
  diagnosis: Pick<Diagnosis, 'score' | 'confidence' | 'findings'>;
  neighbourhood: NeighbourhoodSection | null;
  /** The complete tests from the device of the last hour (api/device-tests.ts `fresh`). */
  tests?: readonly DeviceTest[];
}

/** Builds the note in the page's language. */
export function useTicketNote(playbook: Playbook) {
  const { t } = useTranslation('insight360');
  const texts = useFindingTexts(playbook);
  const gradeReason = useGradeReason();
  const gapText = useGapText();
  const withCodeWords = useCodeWords();
  const formatDate = useFormatDateTime();
  const { href } = usePreferences();
  const testTexts = useTestTexts();
  return ({ mac, account, at, diagnosis, neighbourhood, tests = [] }: TicketNoteInput): string => {
    const { score, confidence, findings } = diagnosis;
    const lines = [
      t('ticket.heading', { mac: formatMac(mac) }),
      t('ticket.account', { account: account ?? t('ticket.unknown') }),
      t('ticket.time', { time: formatDate(at) }),
      score === null
        ? t('ticket.noScore')
        : [
            t('ticket.score', { score, word: t(`diagnosis.scoreWord.${score}` as 'diagnosis.scoreWord.5') }),
            t(`diagnosis.confidence.${confidence.level}`),
            ...confidence.gaps.map(gapText),
          ].join(' · '),
      '',
      findings.length === 0 ? t('ticket.noFinding') : t('ticket.findings'),
      ...storyOf(findings, texts, (finding) => playbook[finding.key]?.action ?? null).flatMap(
        ({ finding, words, stepWhen, consequences }, index) => [
          `${index + 1}. ${t(`diagnosis.severity.${finding.severity}`).toUpperCase()} — ${words.title}`,
          ...(finding.grading ? [`   ${t('diagnosis.measured')} ${gradeReason(finding.grading)}`] : []),
          // A history finding's times (the drops, the dying gasps), as the page writes dates.
          ...(finding.values.times
            ? [`   ${t('diagnosis.times')} ${withCodeWords(finding.values).times}`]
            : []),
          ...(words.step
            ? [`   ${t(stepWhen === 'now' ? 'diagnosis.nextStep' : 'diagnosis.laterStep')} ${words.step}`]
            : []),
          ...(consequences.length > 0
            ? [
                `   ${t('diagnosis.consequences')} ${consequences.map((consequence) => consequence.title).join('; ')}`,
              ]
            : []),
        ],
      ),
      '',
      ...(tests.length > 0
        ? [
            t('ticket.tests'),
            ...tests.flatMap((test) =>
              test.result
                ? [
                    t('ticket.testLine', {
                      ranBy: testTexts.ranBy(test, at.getTime()),
                      result: testTexts.result(test.result),
                    }),
                  ]
                : [],
            ),
            '',
          ]
        : []),
      neighbourhood
        ? `${t('ticket.neighbourhood')} ${t('neighbourhood.port', { olt: neighbourhood.olt, port: neighbourhood.port, split: neighbourhood.split })} — ${
            neighbourhood.counts.neighbours === 0
              ? t('neighbourhood.alone')
              : t('neighbourhood.counts', { ...neighbourhood.counts })
          }`
        : `${t('ticket.neighbourhood')} ${t('ticket.unknown')}`,
      `${t('ticket.link')} ${window.location.origin}${href(`/i/mac/${mac}`)}`,
    ];
    return lines.join('\n');
  };
}

/** The button: copies the note; says it did. */
export function CopyTicketButton({ note }: { note: () => string }) {
  const { t } = useTranslation('insight360');
  const [copied, setCopied] = useState(false);
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<ContentCopyIcon fontSize="small" />}
      data-testid="copy-ticket"
      data-copied={copied}
      onClick={() =>
        void navigator.clipboard
          ?.writeText(note())
          .then(() => setCopied(true))
          .catch(() => setCopied(false))
      }
    >
      {copied ? t('ticket.copied') : t('ticket.copy')}
    </Button>
  );
}
