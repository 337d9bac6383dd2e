import { Chip, Tooltip } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import WarningIcon from '@mui/icons-material/Warning';
import ErrorIcon from '@mui/icons-material/Error';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import { useTranslation } from 'react-i18next';
import type { Grade, Grading } from '@insight/common/grading';

const ICONS = {
  pass: <CheckCircleIcon />,
  warn: <WarningIcon />,
  fail: <ErrorIcon />,
  'n/a': <HelpOutlineIcon />,
} as const;
const COLORS = { pass: 'success', warn: 'warning', fail: 'error', 'n/a': 'default' } as const;

/** Formats a number the way people read it here: locale decimals and a true minus sign. */
export function useNumber() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language === 'fr' ? 'fr-CA' : 'en-CA', {
    maximumFractionDigits: 1,
  });
  return (value: number) => format.format(value).replace('-', '−');
}

/** The reason of a grade: "−25.9 dBm, warn below −25 dBm". */
export function useGradeReason() {
  const { t } = useTranslation('insight360');
  const number = useNumber();
  return (grading: Grading) => {
    if (grading.value === null) return t('grade.reasonNone');
    if (!grading.rule) return `${number(grading.value)} ${grading.unit}, ${t('grade.pass')}`;
    const params = {
      value: number(grading.value),
      unit: grading.unit,
      bound: number(grading.rule.bound),
      direction: t(`grade.${grading.rule.direction}`),
      grade: t(`grade.${grading.rule.grade}`),
    };
    return grading.grade === 'pass' ? t('grade.reasonPass', params) : t('grade.reason', params);
  };
}

/** A status word with colour and icon (never colour alone). */
export function StatusChip({ grade, label }: { grade: Grade; label?: string }) {
  const { t } = useTranslation('insight360');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[grade]}
      icon={ICONS[grade]}
      label={label ?? t(`grade.${grade}`)}
    />
  );
}

/** A measured value graded pass / warn / fail, with the reason on hover and for screen readers. */
export function GradeChip({ grading, testId }: { grading: Grading; testId?: string }) {
  const reason = useGradeReason();
  const number = useNumber();
  const text = reason(grading);
  return (
    <Tooltip title={text} arrow>
      <Chip
        size="small"
        variant="outlined"
        color={COLORS[grading.grade]}
        icon={ICONS[grading.grade]}
        label={grading.value === null ? '-' : `${number(grading.value)} ${grading.unit}`}
        aria-label={text}
        data-testid={testId}
        data-grade={grading.grade}
        tabIndex={0}
      />
    </Tooltip>
  );
}
