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
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useTranslation } from 'react-i18next';
import { formatMac } from '@insight/common/mac';
import { can, type RoleKey } from '@insight/common/roles';
import {
  INPUT_SECTIONS,
  storyOf,
  type Diagnosis,
  type Finding,
  type Severity,
  type StoryItem,
} from '@insight/common/diagnosis';
import type { Playbook } from '@insight/common/diagnosis-playbook';
import type { DeviceTest } from '@insight/common/device-tests';
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
import { useFindingTexts, useGapText, useLanguage } from './finding-texts';
import { CopyTicketButton, useTicketNote } from './ticket-note';

const ICONS: Record<Severity, React.ReactNode> = {
  fail: <ErrorIcon color="error" fontSize="small" />,
  warn: <WarningIcon color="warning" fontSize="small" />,
  unknown: <HelpOutlineIcon color="action" fontSize="small" />,
  info: <InfoOutlinedIcon color="info" fontSize="small" />,
};
const BORDER: Record<Severity, string> = {
  fail: 'error.main',
  warn: 'warning.main',
  unknown: 'text.secondary',
  info: 'info.main',
};

/**
 * The score as a number and a word, the finding that set it, and the confidence beside it ("2/5 — poor ·
 * set by: Outage… · voice not checked"), and its reasons (what took points off, what was not checked) on
 * hover and focus.
 */
export function ExperienceScore({
  diagnosis,
  playbook,
}: {
  diagnosis: Pick<Diagnosis, 'score' | 'findings' | 'confidence'> & Partial<Pick<Diagnosis, 'scoreSetBy'>>;
  playbook: Playbook;
}) {
  const { t } = useTranslation('insight360');
  const gapText = useGapText();
  const texts = useFindingTexts(playbook);
  const { score, findings, confidence } = diagnosis;
  if (score === null) return null;
  const title = (finding: Finding) => texts(finding).title;
  const setter = findings.find((finding) => finding.id === diagnosis.scoreSetBy);
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
        data-set-by={setter?.key}
        tabIndex={0}
        label={[
          `${label} — ${t(`diagnosis.scoreWord.${score}` as 'diagnosis.scoreWord.5')}`,
          ...(setter ? [t('diagnosis.scoreSetBy', { title: title(setter) })] : []),
          ...gaps,
        ].join(' · ')}
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
  item,
  roles,
  sections,
}: {
  mac: string;
  item: StoryItem;
  roles: readonly RoleKey[];
  sections: ViewSections;
}) {
  const { finding, action } = item;
  const heldBy = item.heldBy ?? item.holds;
  const { t } = useTranslation('insight360');
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  const regenerate = useOperation(useRegenerateCertificate(mac, language));
  const recordDone = useRecordDone(mac);
  // The root cause says that a reset would not help (the port is dark, the ONU has no power…).
  if (heldBy && can(roles, 'deviceReset'))
    return (
      <Typography variant="body2" color="text.secondary" data-testid={`finding-action-held-${finding.id}`}>
        {t(`diagnosis.actionHeld.${heldBy}`)}
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
  /** The tests from the device of the last hour, for the ticket note. */
  tests?: readonly DeviceTest[];
  onOpenTab(tab: TabKey): void;
}

export function FindingsList({
  mac,
  roles,
  sections,
  diagnosis,
  playbook,
  tests,
  onOpenTab,
}: FindingsListProps) {
  const { t } = useTranslation('insight360');
  const gradeReason = useGradeReason();
  const ticketNote = useTicketNote(playbook);
  const texts = useFindingTexts(playbook);
  const { findings, pending } = diagnosis;
  const story = storyOf(findings, texts, (finding) => playbook[finding.key]?.action ?? null);
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
                  tests,
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
          {story.map((item) => {
            const { finding, words } = item;
            const entry = playbook[finding.key];
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
                    {words.title}
                  </Typography>
                </Stack>
                {finding.grading && (
                  <Typography variant="body2" data-testid="finding-rule">
                    <strong>{t('diagnosis.measured')}</strong> {gradeReason(finding.grading)}
                  </Typography>
                )}
                {entry && (
                  <>
                    <Typography variant="body2">
                      <strong>{t('diagnosis.cause')}</strong> {words.cause}
                    </Typography>
                    <Typography variant="body2" data-testid="finding-step" data-when={item.stepWhen}>
                      <strong>
                        {t(item.stepWhen === 'now' ? 'diagnosis.nextStep' : 'diagnosis.laterStep')}
                      </strong>{' '}
                      {words.step}
                    </Typography>
                  </>
                )}
                {item.consequences.length > 0 && (
                  <Typography variant="body2" data-testid="finding-consequences">
                    <strong>{t('diagnosis.consequences')}</strong>{' '}
                    {item.consequences.map((consequence, index) => (
                      <span
                        key={consequence.finding.id}
                        data-testid={`finding-consequence-${consequence.finding.id}`}
                        data-key={consequence.finding.key}
                      >
                        {index > 0 ? '; ' : ''}
                        {consequence.title}
                      </span>
                    ))}
                  </Typography>
                )}
                <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
                  <FindingAction mac={mac} item={item} roles={roles} sections={sections} />
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
