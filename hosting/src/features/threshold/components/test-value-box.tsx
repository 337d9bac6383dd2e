import { useState } from 'react';
import { Alert, Box, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { gradeValue, TECHNOLOGIES, type Parameter, type Technology } from '@insight/common/threshold';
import { StatusChip, useGradeReason } from '../../../components/grade-chip';
import type { ThresholdLists } from '../api/threshold-lists';

/**
 * "Test a value": a definition, a technology, a variant and a value give the rule that applies and its
 * result, by the same matcher the API grades the 360 view with (common/src/threshold.ts).
 */
export function TestValueBox({ lists }: { lists: ThresholdLists }) {
  const { t } = useTranslation('admin');
  const reason = useGradeReason();
  const [definitionId, setDefinitionId] = useState('');
  const [technology, setTechnology] = useState<Technology>('GPON');
  const [variantId, setVariantId] = useState('');
  const [typed, setTyped] = useState('');
  const definition =
    lists.definitions.rows.find((row) => row.id === definitionId) ?? lists.definitions.rows[0];
  const variants = lists.variants.rows.filter((row) => row.technology === technology);
  const variant = variants.find((row) => row.id === variantId) ?? null;
  const trimmed = typed.trim();
  const numeric = trimmed !== '' && !Number.isNaN(Number(trimmed)) ? Number(trimmed) : null;
  const value = definition?.direction === 'alpha' ? trimmed || null : (numeric ?? (trimmed || null));
  const grading =
    definition && value !== null
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
              {row.name}
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
              {row.variantName}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('threshold.test.value')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          slotProps={{
            htmlInput: {
              'data-testid': 'test-value',
              inputMode: definition?.direction === 'alpha' ? 'text' : 'decimal',
            },
          }}
        />
      </Box>
      <Box sx={{ mt: 1.5 }} aria-live="polite" data-testid="test-result">
        {grading ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <StatusChip
              grade={grading.grade}
              label={t('threshold.test.result', { result: t(`threshold.results.${grading.grade}`) })}
            />
            <Typography variant="body2" data-testid="test-reason" data-rule={grading.source.rule ?? ''}>
              {reason(grading)}
            </Typography>
          </Stack>
        ) : (
          <Alert severity="info" variant="outlined">
            {t('threshold.test.noValue')}
          </Alert>
        )}
      </Box>
    </Paper>
  );
}
