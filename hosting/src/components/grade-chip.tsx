import { Chip } from '@mui/material';
import { Hint } from './hint';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import WarningIcon from '@mui/icons-material/Warning';
import ErrorIcon from '@mui/icons-material/Error';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { type Grade, type Grading, formatRange } from '@insight/common/threshold-grading';
import { useDataText } from '../hooks/use-data-text';

const ICONS = {
  pass: <CheckCircleIcon />,
  warn: <WarningIcon />,
  fail: <ErrorIcon />,
  'n/a': <HelpOutlineIcon />,
} as const;
const COLORS = { pass: 'success', warn: 'warning', fail: 'error', 'n/a': 'default' } as const;

/** One formatter per language: building one costs far more than using it, and a view shows many chips. */
const numberFormats = new Map<string, (value: number) => string>();
function numberFormat(language: string) {
  let format = numberFormats.get(language);
  if (!format) {
    const intl = new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : 'en-CA', { maximumFractionDigits: 1 });
    format = (value: number) => intl.format(value).replace('-', '−');
    numberFormats.set(language, format);
  }
  return format;
}

/** Formats a number the way people read it here: locale decimals and a true minus sign. */
export function useNumber() {
  const { i18n } = useTranslation();
  return numberFormat(i18n.language);
}

/**
 * Why a value has its grade, from the rule that decided (the threshold manager's rules, applied by the
 * API), with what the data calls the measurement and the rule in the user's language (the English where
 * the French is missing): "−25.9 dBm: warn, rule GPON-rxPower-WARN-LOW (default rule): −27 ≤ x ≤ −25 dBm
 * — ONU receive power".
 */
export function useGradeReason() {
  const { t } = useTranslation('insight360');
  const number = useNumber();
  const dataText = useDataText();
  return (grading: Grading) => {
    const { source } = grading;
    if (grading.value === null) return t('grade.reasonNone');
    const value =
      typeof grading.value === 'number' ? `${number(grading.value)} ${grading.unit}`.trim() : grading.value;
    const grade = t(`grade.${grading.grade}`);
    if (source.kind === 'none') return t('grade.reasonUngraded', { value });
    const definition = dataText(source.texts?.definition);
    if (source.kind === 'fallback')
      return t('grade.reasonFallback', { value, grade, definition: definition ?? source.definition });
    const kind =
      source.kind === 'variant'
        ? t('grade.variantRule', { variant: dataText(source.texts?.variant) ?? source.variant })
        : t('grade.defaultRule');
    const range = source.range ? formatRange(source.range, grading.unit || null, number) : '';
    const reason = t('grade.reasonRule', { value, grade, rule: source.rule, kind, range });
    const rule = dataText(source.texts?.rule);
    if (!definition) return reason;
    return `${reason} — ${rule ? t('grade.ruleText', { definition, rule }) : definition}`;
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

/**
 * A measured value graded pass / warn / fail, with the reason on hover and for screen readers. `label`
 * names the value in words (e.g. 'wrong firmware' for score 1); the reason then starts with it.
 */
export function GradeChip({ grading, label, testId }: { grading: Grading; label?: string; testId?: string }) {
  const reason = useGradeReason();
  const number = useNumber();
  const value =
    grading.value === null
      ? '-'
      : typeof grading.value === 'number'
        ? `${number(grading.value)} ${grading.unit}`.trim()
        : grading.value;
  const shown = label ?? value;
  const text = shown === value ? reason(grading) : `${shown} — ${reason(grading)}`;
  return (
    <Hint title={text} arrow>
      <Chip
        size="small"
        variant="outlined"
        color={COLORS[grading.grade]}
        icon={ICONS[grading.grade]}
        label={shown}
        aria-label={text}
        data-testid={testId}
        data-grade={grading.grade}
        data-rule={grading.source.rule ?? undefined}
        tabIndex={0}
      />
    </Hint>
  );
}
