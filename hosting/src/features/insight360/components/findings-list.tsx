/**
 * The findings at the top of the 360 view: what is wrong in plain words, ranked, each with its severity
 * (word and icon, never colour alone), the value and the threshold rule that decided, the likely cause,
 * the next step with the operation's button when there is one, and a link to the tab with the detail.
 * The experience score sits in the header with its reasons. Fills in as the sections arrive.
 */
import { useState } from 'react';
import { Alert, Box, Button, Chip, LinearProgress, Link, Paper, Stack, Typography } from '@mui/material';
import ErrorIcon from '@mui/icons-material/Error';
import WarningIcon from '@mui/icons-material/Warning';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useTranslation } from 'react-i18next';
import { formatMac } from '@insight/common/mac';
import { can, type RoleKey } from '@insight/common/roles';
import { INPUT_SECTIONS, type Diagnosis, type Finding, type Severity } from '@insight/common/diagnosis';
import type { Playbook, PlaybookEntry } from '@insight/common/diagnosis-playbook';
import { OperationDialogOnDemand as OperationDialog } from '../../../components/on-demand';
import { useGradeReason } from '../../../components/grade-chip';
import { Hint } from '../../../components/hint';
import { useOperation } from '../../../hooks/use-operation';
import { useRegenerateCertificate } from '../api/birth-certificates';
import type { ViewSections } from '../api/sections';
import { useRecordDone } from '../hooks/use-operations-done';
import { ResetAction } from './reset-action';
import { FINDINGS_ID } from './skip-links';
import type { TabKey } from './tab-keys';
import { textsOf, useCodeWords, useGapText, useLanguage, type Language } from './finding-texts';
import { CopyTicketButton, useTicketNote } from './ticket-note';

const ICONS: Record<Severity, React.ReactNode> = {
  fail: <ErrorIcon color="error" fontSize="small" />,
  warn: <WarningIcon color="warning" fontSize="small" />,
  unknown: <HelpOutlineIcon color="action" fontSize="small" />,
};
const BORDER: Record<Severity, string> = {
  fail: 'error.main',
  warn: 'warning.main',
  unknown: 'text.secondary',
};

/**
 * The score as a number and a word, with the confidence beside it ("4/5 · voice not checked"), and its
 * reasons (what took points off, what was not checked) on hover and focus.
 */
export function ExperienceScore({
  diagnosis,
  playbook,
}: {
  diagnosis: Pick<Diagnosis, 'score' | 'findings' | 'confidence'>;
  playbook: Playbook;
}) {
  const { t } = useTranslation('insight360');
  const language = useLanguage();
  const gapText = useGapText();
  const withCodeWords = useCodeWords();
  const { score, findings, confidence } = diagnosis;
  if (score === null) return null;
  const title = (finding: Finding) =>
    textsOf(playbook[finding.key], language, withCodeWords(finding.values))?.title ?? finding.key;
  const reasons = [
    ...findings
      .filter((finding) => finding.penalty > 0)
      .map((finding) => `−${finding.penalty} ${title(finding)}`),
    ...confidence.gaps.map((gap) => t('diagnosis.confidenceReason', { gap: gapText(gap) })),
  ];
  const label = t('diagnosis.score', { score });
  const gaps = confidence.gaps.map(gapText);
  const reasonText = reasons.length > 0 ? reasons.join(' · ') : t('diagnosis.scorePerfect');
  return (
    <Hint title={reasonText}>
      <Chip
        data-testid="experience-score"
        data-score={score}
        data-confidence={confidence.level}
        tabIndex={0}
        label={[`${label} — ${t(`diagnosis.scoreWord.${score}` as 'diagnosis.scoreWord.5')}`, ...gaps].join(
          ' · ',
        )}
        aria-label={`${label}. ${t(`diagnosis.confidence.${confidence.level}`)}. ${reasonText}`}
        color={score >= 5 ? 'success' : score >= 4 ? 'default' : score >= 3 ? 'warning' : 'error'}
        // On a phone the score and its confidence wrap rather than run out of the card.
        sx={{
          maxWidth: '100%',
          height: 'auto',
          minHeight: 32,
          '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 },
        }}
        variant={score >= 4 ? 'outlined' : 'filled'}
        icon={score >= 5 ? <CheckCircleIcon /> : score >= 3 ? <WarningIcon /> : <ErrorIcon />}
      />
    </Hint>
  );
}

function FindingAction({
  mac,
  finding,
  action,
  roles,
  sections,
}: {
  mac: string;
  finding: Finding;
  action: PlaybookEntry['action'];
  roles: readonly RoleKey[];
  sections: ViewSections;
}) {
  const { t } = useTranslation('insight360');
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  const regenerate = useOperation(useRegenerateCertificate(mac, language));
  const recordDone = useRecordDone(mac);
  // The neighbourhood says that a reset would not help (the port is dark, the ONU has no power…).
  if (action === 'reset' && finding.actionHeldBy && can(roles, 'deviceReset'))
    return (
      <Typography variant="body2" color="text.secondary" data-testid={`finding-action-held-${finding.id}`}>
        {t(`diagnosis.actionHeld.${finding.actionHeldBy}`)}
      </Typography>
    );
  if (action === 'reset' && can(roles, 'deviceReset'))
    return (
      <ResetAction
        mac={mac}
        label={t('wan.reset')}
        testId={`finding-action-${finding.id}`}
        dialogTestId="finding-reset-dialog"
        // The finding follows the device: its sections are read again, bypassing the cache.
        onSent={() => Object.values(sections).forEach((section) => void section.refresh())}
      />
    );
  if (action === 'regenerateBc' && can(roles, 'regenerateBc'))
    return (
      <>
        <Button
          size="small"
          variant="outlined"
          onClick={() => (regenerate.reset(), setOpen(true))}
          data-testid={`finding-action-${finding.id}`}
        >
          {finding.key === 'bcMissing' ? t('bc.generate') : t('bc.regenerate')}
        </Button>
        <OperationDialog
          open={open}
          message={t('bc.confirmRegenerateNone', { mac: formatMac(mac) })}
          state={regenerate.state}
          sentMessage={
            regenerate.state.status === 'sent'
              ? t('bc.regenerated', { method: regenerate.state.result.method })
              : ''
          }
          onConfirm={() =>
            void regenerate
              .submit()
              .then((result) => result && recordDone('regenerateBc', { method: result.method }))
          }
          onClose={() => setOpen(false)}
          testId="finding-regenerate-dialog"
        />
      </>
    );
  return null;
}

export interface FindingsListProps {
  mac: string;
  roles: readonly RoleKey[];
  sections: ViewSections;
  diagnosis: Diagnosis;
  playbook: Playbook;
  onOpenTab(tab: TabKey): void;
}

export function FindingsList({ mac, roles, sections, diagnosis, playbook, onOpenTab }: FindingsListProps) {
  const { t } = useTranslation('insight360');
  const language: Language = useLanguage();
  const gradeReason = useGradeReason();
  const ticketNote = useTicketNote(playbook);
  const withCodeWords = useCodeWords();
  const { findings, pending } = diagnosis;
  const total = Object.keys(INPUT_SECTIONS).length;
  const loading = pending.length === total;
  const healthy = pending.length === 0 && findings.length === 0;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="findings-title"
      id={FINDINGS_ID}
      tabIndex={-1}
      data-testid="findings"
      data-state={loading ? 'loading' : pending.length > 0 ? 'partial' : healthy ? 'healthy' : 'complete'}
      sx={{ p: { xs: 1.5, sm: 2 } }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}
      >
        <Typography id="findings-title" variant="h6" component="h2">
          {t('diagnosis.title')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <ExperienceScore diagnosis={diagnosis} playbook={playbook} />
          {!loading && (
            <CopyTicketButton
              note={() =>
                ticketNote({
                  mac,
                  account: sections.customer.data?.data.customerAccount ?? null,
                  at: new Date(),
                  diagnosis,
                  neighbourhood: sections.neighbourhood.data?.data ?? null,
                })
              }
            />
          )}
        </Stack>
      </Stack>
      {healthy && (
        <Alert
          severity="success"
          data-testid="findings-healthy"
          icon={<CheckCircleIcon fontSize="inherit" />}
        >
          {t('diagnosis.healthy')}
        </Alert>
      )}
      {!loading && !healthy && findings.length === 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="findings-none-yet">
          {t('diagnosis.noneYet')}
        </Typography>
      )}
      {findings.length > 0 && (
        <Box
          component="ol"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
          aria-live="polite"
        >
          {findings.map((finding) => {
            const entry = playbook[finding.key];
            const texts = textsOf(entry, language, withCodeWords(finding.values));
            const tab = (entry?.tab ?? 'overview') as TabKey;
            return (
              <Box
                component="li"
                key={finding.id}
                data-testid={`finding-${finding.id}`}
                data-key={finding.key}
                data-severity={finding.severity}
                sx={{ borderLeft: 4, borderColor: BORDER[finding.severity], pl: 1.5, py: 0.5 }}
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  {ICONS[finding.severity]}
                  <Typography variant="caption" sx={{ fontWeight: 700, textTransform: 'uppercase' }}>
                    {t(`diagnosis.severity.${finding.severity}`)}
                  </Typography>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                    {texts?.title ?? finding.key}
                  </Typography>
                </Stack>
                {finding.grading && (
                  <Typography variant="body2" data-testid="finding-rule">
                    <strong>{t('diagnosis.measured')}</strong> {gradeReason(finding.grading)}
                  </Typography>
                )}
                {texts && (
                  <>
                    <Typography variant="body2">
                      <strong>{t('diagnosis.cause')}</strong> {texts.cause}
                    </Typography>
                    <Typography variant="body2">
                      <strong>{t('diagnosis.nextStep')}</strong> {texts.step}
                    </Typography>
                  </>
                )}
                <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
                  <FindingAction
                    mac={mac}
                    finding={finding}
                    action={entry?.action ?? null}
                    roles={roles}
                    sections={sections}
                  />
                  <Link
                    component="button"
                    type="button"
                    variant="body2"
                    onClick={() => onOpenTab(tab)}
                    data-testid={`finding-details-${finding.id}`}
                  >
                    {t('diagnosis.details', { tab: t(`tabs.${tab}`, { networkType: 'EPON/GPON' }) })}
                  </Link>
                </Stack>
              </Box>
            );
          })}
        </Box>
      )}
      {/* Below what is found so far: when the last answer comes, nothing above the findings moves. */}
      {pending.length > 0 && (
        <Box
          role="status"
          aria-live="polite"
          data-testid="findings-pending"
          sx={{ mt: findings.length > 0 ? 1 : 0 }}
        >
          <Typography variant="body2" color="text.secondary">
            {loading
              ? t('diagnosis.loading')
              : t('diagnosis.partial', {
                  sections: pending.map((key) => t(`diagnosis.sections.${key}`)).join(', '),
                })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={((total - pending.length) / total) * 100}
            aria-label={t('diagnosis.progress', { done: total - pending.length, total })}
            sx={{ mt: 0.5 }}
          />
        </Box>
      )}
    </Paper>
  );
}
