import { useState } from 'react';
import { Alert, Box, Paper, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { RuleInput } from '@insight/common/threshold';
import type { ThresholdSet } from '@insight/common/threshold-grading';
import { GradeResult } from './grade-result';
import { draftOutcome } from './rule-draft';

/**
 * In the rule dialog: a value graded by the saved rules and by the saved rules with this draft applied,
 * side by side, so that engineers see what a change does before they save it. The value starts as the
 * one typed in the "test a value" box.
 */
export function DraftPreview({
  saved,
  form,
  replacing,
  initialValue,
}: {
  saved: ThresholdSet;
  form: RuleInput;
  replacing: string | null;
  initialValue: string;
}) {
  const { t } = useTranslation('admin');
  const [typed, setTyped] = useState(initialValue);
  const outcome = draftOutcome(saved, form, replacing, typed);
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mt: 2 }}
      component="section"
      aria-labelledby="draft-preview-title"
      data-testid="draft-preview"
    >
      <Typography id="draft-preview-title" variant="subtitle2" component="h3">
        {t('threshold.preview.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('threshold.preview.help')}
      </Typography>
      <TextField
        size="small"
        label={t('threshold.test.value')}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'draft-value' } }}
        sx={{ mb: 1.5, maxWidth: 240 }}
      />
      <Box aria-live="polite">
        {outcome.kind === 'graded' ? (
          <Stack spacing={1}>
            <GradeResult grading={outcome.saved} label={t('threshold.preview.saved')} testId="draft-saved" />
            <GradeResult grading={outcome.draft} label={t('threshold.preview.draft')} testId="draft-result" />
            <Typography variant="body2" color="text.secondary" data-testid="draft-change">
              {outcome.saved.grade === outcome.draft.grade
                ? t('threshold.preview.same')
                : t('threshold.preview.changed', {
                    from: t(`threshold.results.${outcome.saved.grade}`),
                    to: t(`threshold.results.${outcome.draft.grade}`),
                  })}
            </Typography>
          </Stack>
        ) : (
          <Alert severity="info" variant="outlined">
            {outcome.kind === 'noValue' ? t('threshold.test.noValue') : t('threshold.preview.incomplete')}
          </Alert>
        )}
      </Box>
    </Paper>
  );
}
