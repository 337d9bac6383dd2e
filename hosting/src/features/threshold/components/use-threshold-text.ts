import { useTranslation } from 'react-i18next';
import { formatRange } from '@insight/common/threshold-grading';
import { useNumber } from '../../../components/grade-chip';

/** A rule's range in one readable form, with locale decimals: "−28 ≤ x ≤ −8 dBm". */
export function useRangeText() {
  const number = useNumber();
  return (
    rule: { rangeMin: number | null; rangeMax: number | null; alphaValue: string | null },
    unit: string | null,
  ) => formatRange(rule, unit, number);
}

/** Option lists of the threshold forms, translated. */
export function useOptions() {
  const { t } = useTranslation('admin');
  return <T extends string>(values: readonly T[], prefix: string) =>
    values.map((value) => ({ value, label: t(`${prefix}.${value}` as 'threshold.results.pass') }));
}
