import { Box, ButtonBase, CircularProgress, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import WarningIcon from '@mui/icons-material/Warning';
import ErrorIcon from '@mui/icons-material/Error';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import { useTranslation } from 'react-i18next';
import type { Grade } from '@insight/common/threshold';
import { useGradeReason } from '../../../components/grade-chip';
import type { ViewSections } from '../api/sections';
import {
  certificateSummary,
  lanSummary,
  voiceSummary,
  wanSummary,
  type Reason,
  type SectionSummary,
} from './section-summary';

export interface StripEntry {
  key: 'wan' | 'lan' | 'voice' | 'bc';
  label: string;
  /** The summary once the section answered; null while it loads. */
  summary: SectionSummary | null;
  /** The section's error message, when it failed. */
  error: string | null;
}

/** One entry per summarised section, in the strip's order: its summary, or why it has none. */
export function useStripEntries({ wan, lan, voice, bc }: ViewSections): StripEntry[] {
  const { t } = useTranslation('insight360');
  const { t: te } = useTranslation('errors');
  const entry = <T,>(
    key: StripEntry['key'],
    swr: { data?: { data: T }; error?: { code: string } },
    summarize: (data: T) => SectionSummary,
  ): StripEntry => ({
    key,
    label: t(`summary.${key}`),
    summary: swr.data ? summarize(swr.data.data) : null,
    error: swr.error ? te(`codes.${swr.error.code}` as 'codes.upstream_error') : null,
  });
  return [
    entry('wan', wan, wanSummary),
    entry('lan', lan, lanSummary),
    entry('voice', voice, voiceSummary),
    entry('bc', bc, certificateSummary),
  ];
}

const ICONS: Record<Grade, React.ReactNode> = {
  pass: <CheckCircleIcon color="success" fontSize="small" />,
  warn: <WarningIcon color="warning" fontSize="small" />,
  fail: <ErrorIcon color="error" fontSize="small" />,
  'n/a': <HelpOutlineIcon color="disabled" fontSize="small" />,
};
const BORDER: Record<Grade, string> = {
  pass: 'success.main',
  warn: 'warning.main',
  fail: 'error.main',
  'n/a': 'divider',
};

/**
 * The summary strip at the top of the 360 view: one graded chip per section with its worst grade and
 * the reason; a click opens that section's tab. Always within the first screen, on a phone as well.
 */
export function SummaryStrip({
  entries,
  onOpen,
}: {
  entries: StripEntry[];
  onOpen(key: StripEntry['key']): void;
}) {
  const { t } = useTranslation('insight360');
  const gradeReason = useGradeReason();
  const text = (reason: Reason) =>
    reason.kind === 'grading'
      ? `${t(reason.label as 'wan.rxPower', reason.label)}: ${gradeReason(reason.grading)}`
      : t(reason.key as 'summary.nothing', {
          ...reason.params,
          ...(reason.params?.status
            ? { status: t(`status.oper.${reason.params.status}` as 'status.oper.up') }
            : {}),
          ...(reason.params?.grade ? { grade: t(`grade.${reason.params.grade}` as 'grade.pass') } : {}),
        });
  return (
    <Box
      component="nav"
      aria-label={t('summary.title')}
      data-testid="summary-strip"
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {entries.map(({ key, label, summary, error }) => {
        const grade: Grade = summary?.grade ?? 'n/a';
        const reason = error
          ? t('summary.unavailable', { message: error })
          : summary
            ? text(summary.reason)
            : t('summary.loading');
        return (
          <ButtonBase
            key={key}
            onClick={() => onOpen(key)}
            data-testid={`summary-${key}`}
            data-grade={summary ? grade : error ? 'error' : 'loading'}
            aria-label={`${label}: ${summary ? t(`grade.${grade}`) : ''} ${reason}`}
            title={reason}
            sx={{
              justifyContent: 'flex-start',
              textAlign: 'left',
              border: 1,
              borderLeft: 4,
              borderColor: 'divider',
              borderLeftColor: BORDER[grade],
              borderRadius: 1,
              px: 1.25,
              py: 0.75,
              minWidth: 0,
              '&:hover': { bgcolor: 'action.hover' },
              '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' },
            }}
          >
            <Stack sx={{ minWidth: 0, width: '100%' }}>
              <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
                {summary || error ? ICONS[grade] : <CircularProgress size={16} aria-hidden />}
                <Typography variant="subtitle2" component="span" noWrap>
                  {label}
                </Typography>
                {summary && (
                  <Typography variant="caption" component="span" color="text.secondary" noWrap>
                    {t(`grade.${grade}`)}
                  </Typography>
                )}
              </Stack>
              <Typography
                variant="caption"
                color="text.secondary"
                noWrap
                component="span"
                sx={{ display: 'block' }}
              >
                {reason}
              </Typography>
            </Stack>
          </ButtonBase>
        );
      })}
    </Box>
  );
}
