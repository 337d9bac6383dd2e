import type { ReactNode } from 'react';
import { Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Grading } from '@insight/common/threshold-grading';
import { StatusChip, useGradeReason } from '../../../components/grade-chip';

/** A tested value's result and the rule that decided it (the test box, the rule dialog's preview). */
export function GradeResult({
  grading,
  label,
  testId,
}: {
  grading: Grading;
  /** Names whose rules graded it, e.g. 'Saved rules'. */
  label?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('admin');
  const reason = useGradeReason();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      {label && (
        <Typography variant="body2" sx={{ minWidth: 150, fontWeight: 500 }}>
          {label}
        </Typography>
      )}
      <StatusChip
        grade={grading.grade}
        label={t('threshold.test.result', { result: t(`threshold.results.${grading.grade}`) })}
      />
      <Typography
        variant="body2"
        data-testid={testId}
        data-grade={grading.grade}
        data-rule={grading.source.rule ?? ''}
      >
        {reason(grading)}
      </Typography>
    </Stack>
  );
}
