import { useState } from 'react';
import { Alert, Box, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import {
  definitionName,
  TECHNOLOGIES,
  variantLabel,
  type Parameter,
  type Technology,
} from '@insight/common/threshold';
import { useDataText } from '../../../hooks/use-data-text';
import { gradeValue } from '@insight/common/threshold-grading';
import type { ThresholdLists } from '../api/threshold-lists';
import { GradeResult } from './grade-result';
import { typedValue } from './rule-draft';

/**
 * "Test a value": a definition, a technology, a variant and a value give the rule that applies and its
 * result, by the same matcher the API grades the 360 view with (common/src/threshold-grading.ts). The value
 * typed is the page's: the rule dialog shows what a draft would give for it.
 */
export function TestValueBox({
  lists,
  typed,
  onType,
}: {
  lists: ThresholdLists;
  typed: string;
  onType(value: string): void;
}) {
  const { t } = useTranslation('admin');
  const dataText = useDataText();
  const [definitionId, setDefinitionId] = useState('');
  const [technology, setTechnology] = useState<Technology>('GPON');
  const [variantId, setVariantId] = useState('');
  const definition =
    lists.definitions.rows.find((row) => row.id === definitionId) ?? lists.definitions.rows[0];
  const variants = lists.variants.rows.filter((row) => row.technology === technology);
  const variant = variants.find((row) => row.id === variantId) ?? null;
  const value = typedValue(typed, definition ?? null);
  // A numeric definition and a value that is not a number: said as such, never graded as a gap in the rules.
  const notANumber = typeof value === 'string' && definition?.direction !== 'alpha';
  const grading =
    definition && value !== null && !notANumber
      ? gradeValue(
          { definitions: [definition], rules: lists.rules.rows, variants: variant ? [variant] : [] },
          definition.parameter as Parameter,
          value,
          { technology, model: variant?.variants[0] ?? null },
        )
      : null;

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="test-value-title">
      <Typography id="test-value-title" variant="subtitle1" component="h2">
        {t('threshold.test.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('threshold.test.help')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        <TextField
          select
          size="small"
          label={t('threshold.fields.definitionName')}
          value={definition?.id ?? ''}
          onChange={(event) => setDefinitionId(event.target.value)}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'test-definition' } as object } }}
        >
          {lists.definitions.rows.map((row) => (
            <MenuItem key={row.id} value={row.id}>
              {dataText(definitionName(row))}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('threshold.fields.technology')}
          value={technology}
          onChange={(event) => {
            setTechnology(event.target.value as Technology);
            setVariantId('');
          }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'test-technology' } as object } }}
        >
          {TECHNOLOGIES.map((value) => (
            <MenuItem key={value} value={value}>
              {value}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('threshold.fields.variantName')}
          value={variant?.id ?? ''}
          onChange={(event) => setVariantId(event.target.value)}
        >
          <MenuItem value="">{t('threshold.test.variantAuto')}</MenuItem>
          {variants.map((row) => (
            <MenuItem key={row.id} value={row.id}>
              {dataText(variantLabel(row))}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('threshold.test.value')}
          value={typed}
          onChange={(event) => onType(event.target.value)}
          error={notANumber}
          slotProps={{
            htmlInput: {
              'data-testid': 'test-value',
              inputMode: definition?.direction === 'alpha' ? 'text' : 'decimal',
            },
          }}
        />
      </Box>
      <Box sx={{ mt: 1.5 }} aria-live="polite" data-testid="test-result">
        {notANumber ? (
          <Alert severity="error" variant="outlined" data-testid="test-not-a-number">
            {t('threshold.test.notANumber', { value: typed.trim() })}
          </Alert>
        ) : grading ? (
          <GradeResult grading={grading} testId="test-reason" />
        ) : (
          <Alert severity="info" variant="outlined">
            {t('threshold.test.noValue')}
          </Alert>
        )}
      </Box>
    </Paper>
  );
}
