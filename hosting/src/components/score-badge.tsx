import { Box } from '@mui/material';
import ErrorIcon from '@mui/icons-material/Error';
import WarningIcon from '@mui/icons-material/Warning';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useTranslation } from 'react-i18next';
import type { DeviceScore } from '../hooks/use-device-scores';
import { useFormatDateTime } from '../lib/date';

/**
 * A device's experience score at its last look, "2/5 · poor" with an icon (never colour alone) and, for screen
 * readers and on hover, what it is and when it was taken. Nothing for a device never looked at.
 */
export function ScoreBadge({
  score,
  testId,
  withTime = false,
}: {
  score: DeviceScore | undefined;
  testId?: string;
  /** Says when the look was taken beside the score (Home's recent lookups). */
  withTime?: boolean;
}) {
  const { t } = useTranslation('common');
  const formatDate = useFormatDateTime();
  if (!score || score.score === null) return null;
  const label = t('experience.label', { score: score.score, date: formatDate(score.at) });
  const Icon = score.score >= 5 ? CheckCircleIcon : score.score >= 3 ? WarningIcon : ErrorIcon;
  const color = score.score >= 5 ? 'success.main' : score.score >= 3 ? 'warning.main' : 'error.main';
  return (
    <Box
      component="span"
      title={label}
      aria-label={label}
      role="img"
      data-testid={testId}
      data-score={score.score}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, fontSize: '0.75rem', fontWeight: 700 }}
    >
      <Icon sx={{ fontSize: '1rem', color }} />
      <Box component="span" aria-hidden>
        {t('experience.shown', {
          score: score.score,
          word: t(`experience.word.${score.score}` as 'experience.word.1'),
        })}
        {withTime && ` · ${t('experience.lookedAt', { date: formatDate(score.at) })}`}
      </Box>
    </Box>
  );
}
