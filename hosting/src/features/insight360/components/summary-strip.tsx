import { Box, ButtonBase, CircularProgress, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import WarningIcon from '@mui/icons-material/Warning';
import ErrorIcon from '@mui/icons-material/Error';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { textLanguage } from '@insight/common/bilingual';
import { sectionVerdicts, type Diagnosis, type DiagnosisInput } from '@insight/common/diagnosis';
import type { Playbook } from '@insight/common/diagnosis-playbook';
import { useFindingTexts } from './finding-texts';

type StripGrade = 'pass' | 'warn' | 'fail' | 'unknown' | 'n/a';
export interface StripEntry {
  key: 'wan' | 'lan' | 'voice' | 'bc';
  label: string;
  /** null while the section loads. */
  grade: StripGrade | null;
  /** Why: the deciding finding's title (the findings' own words), or what passed. */
  reason: string;
}

/**
 * One entry per summarised section, from the one diagnosis (common/src/diagnosis.ts, sectionVerdicts): a
 * section's grade is its worst finding's severity and its reason that finding's title, so the strip never
 * says other than the findings below it.
 */
export function useStripEntries(
  input: DiagnosisInput,
  diagnosis: Pick<Diagnosis, 'findings'>,
  playbook: Playbook,
): StripEntry[] {
  const { t } = useTranslation('insight360');
  const texts = useFindingTexts(playbook);
  const verdicts = sectionVerdicts(input, diagnosis);
  const passText = (key: StripEntry['key']): { grade: StripGrade; reason: string } => {
    const voice = input.voice.status === 'ok' ? input.voice.data.subscriber : null;
    if (key === 'voice' && !voice) return { grade: 'n/a', reason: t('summary.noVoice') };
    if (key === 'voice')
      return { grade: 'pass', reason: t('summary.linesActive', { count: voice!.ports.length }) };
    return { grade: 'pass', reason: t(`summary.ok.${key}`) };
  };
  return (['wan', 'lan', 'voice', 'bc'] as const).map((key) => {
    const verdict = verdicts[key];
    const label = t(`summary.${key}`);
    if (verdict.state === 'pending') return { key, label, grade: null, reason: t('summary.loading') };
    if (!verdict.finding) return { key, label, ...passText(key) };
    return { key, label, grade: verdict.grade, reason: texts(verdict.finding).title };
  });
}

const ICONS: Record<StripGrade, React.ReactNode> = {
  pass: <CheckCircleIcon color="success" fontSize="small" />,
  warn: <WarningIcon color="warning" fontSize="small" />,
  fail: <ErrorIcon color="error" fontSize="small" />,
  unknown: <HelpOutlineIcon color="action" fontSize="small" />,
  'n/a': <HelpOutlineIcon color="disabled" fontSize="small" />,
};
/**
 * On a phone (two tiles a row) a tile's head (icon and section) is the same while it loads and once
 * graded, and its reason keeps the lines that most reasons of the language take (French ones are longer:
 * five lines), so that the findings under the strip do not move down when the reasons arrive.
 */
const REASON_LINES = { en: { xs: '3lh', md: 0 }, fr: { xs: '5lh', md: 0 } } as const;
/** The grade's icon and the loading spinner take the same box (the section's name wraps alike). */
const ICON_BOX = {
  width: 20,
  height: 20,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
} as const;
/** A tile's texts wrap on a narrow screen, never cut (a value such as "−31.2 dBm" stays whole). */
const WRAP = { minWidth: 0, overflowWrap: 'anywhere' } as const;
const BORDER: Record<StripGrade, string> = {
  pass: 'success.main',
  warn: 'warning.main',
  fail: 'error.main',
  unknown: 'text.secondary',
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
  const { t, i18n } = useTranslation('insight360');
  const reasonLines = REASON_LINES[textLanguage(i18n.language)];
  // The same words as the findings' severities.
  const word = (grade: StripGrade) => (grade === 'n/a' ? t('grade.n/a') : t(`diagnosis.severity.${grade}`));
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
      {entries.map(({ key, label, grade, reason }) => {
        return (
          <ButtonBase
            key={key}
            onClick={() => onOpen(key)}
            data-testid={`summary-${key}`}
            data-grade={grade ?? 'loading'}
            aria-label={`${label}: ${grade ? word(grade) : ''} ${reason}`}
            title={reason}
            sx={{
              justifyContent: 'flex-start',
              // Each tile's section name on the same line as its neighbours', whatever their reasons' lengths.
              alignItems: 'flex-start',
              textAlign: 'left',
              border: 1,
              borderLeft: 4,
              borderColor: 'divider',
              borderLeftColor: BORDER[grade ?? 'n/a'],
              borderRadius: 1,
              px: 1.25,
              py: 0.75,
              minWidth: 0,
              '&:hover': { bgcolor: 'action.hover' },
              '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' },
            }}
          >
            <Stack sx={{ minWidth: 0, width: '100%' }}>
              <Stack direction="row" sx={{ alignItems: 'center', columnGap: 0.75 }}>
                <Box component="span" sx={ICON_BOX}>
                  {grade ? ICONS[grade] : <CircularProgress size={16} aria-hidden />}
                </Box>
                <Typography variant="subtitle2" component="span" sx={WRAP}>
                  {label}
                </Typography>
              </Stack>
              <Typography
                variant="caption"
                color="text.secondary"
                component="span"
                sx={{ ...WRAP, display: 'block', minHeight: reasonLines }}
              >
                {/* A new text once graded (not "Loading…" edited in place behind the grade's word: a shift). */}
                <span key={grade ?? 'loading'}>
                  {grade && (
                    <Box component="span" sx={{ fontWeight: 'fontWeightMedium', color: 'text.primary' }}>
                      {word(grade)}
                      {' · '}
                    </Box>
                  )}
                  {reason}
                </span>
              </Typography>
            </Stack>
          </ButtonBase>
        );
      })}
    </Box>
  );
}
