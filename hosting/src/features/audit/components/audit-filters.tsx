import { useMemo } from 'react';
import { Box, Button, MenuItem, Paper, Stack } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TRACKED_COLLECTIONS } from '@insight/common/change-history';
import { OPERATIONS } from '@insight/common/customer360';
import type { Language } from '@insight/common/format';
import { normalizeMac } from '@insight/common/mac';
import { parseDayText } from '../../../components/admin/date-time-text';
import { useDateLanguage } from '../../../lib/date';
import { FormTextField } from '../../../components/form-text-field';
import type { AuditFilters } from '../api/audit-query';

/**
 * The filters as typed, and the query filters they give: a MAC normalised, an e-mail lower-cased, whole
 * days as the portal writes them in `language` (11/26/26 in English; 2026-11-26 in both).
 */
const filtersForm = (language: Language) => {
  const day = z.string().transform((text, ctx) => {
    const days = parseDayText(text, language);
    if (days === undefined) ctx.addIssue({ code: 'custom', message: 'invalidDate' });
    return days ?? null;
  });
  return z
    .object({
      mac: z.string().refine((mac) => !mac.trim() || normalizeMac(mac) !== null, 'invalidMac'),
      email: z.string(),
      operation: z.union([z.literal(''), z.enum(OPERATIONS)]),
      from: day,
      to: day,
      collection: z.string(),
      docId: z.string(),
    })
    .transform((form): AuditFilters => ({
      ...(form.mac.trim() ? { mac: normalizeMac(form.mac)! } : {}),
      ...(form.email.trim() ? { email: form.email.trim().toLowerCase() } : {}),
      ...(form.operation ? { operation: form.operation } : {}),
      ...(form.from ? { from: form.from.start } : {}),
      ...(form.to ? { to: form.to.end } : {}),
      ...(form.collection ? { collection: form.collection } : {}),
      ...(form.docId.trim() ? { docId: form.docId.trim() } : {}),
    }));
};
type FiltersForm = z.input<ReturnType<typeof filtersForm>>;
const EMPTY: FiltersForm = { mac: '', email: '', operation: '', from: '', to: '', collection: '', docId: '' };

/** A select's choices: 'any' (no filter) first. */
const anyOr = (any: string, choices: ReadonlyArray<{ value: string; label: string }>) => [
  { value: '', label: any },
  ...choices,
];
const menuItem = (choice: { value: string; label: string }) => (
  <MenuItem key={choice.value} value={choice.value}>
    {choice.label}
  </MenuItem>
);

/**
 * The audit page's filters: MAC, user, operation, admin-list collection and row, dates. Apply sends
 * them to the query; a MAC that is not one is refused. `initial` comes from the URL (a row's history).
 */
export function AuditFiltersForm({
  initial,
  onApply,
}: {
  initial: { collection: string; docId: string };
  onApply(filters: AuditFilters): void;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const language = useDateLanguage();
  const resolver = useMemo(() => zodResolver(filtersForm(language)), [language]);
  const { control, handleSubmit, reset, formState } = useForm<FiltersForm, unknown, AuditFilters>({
    resolver,
    defaultValues: { ...EMPTY, ...initial },
  });
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="form"
      onSubmit={handleSubmit(onApply)}
      noValidate
      aria-label={t('audit.title')}
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
          alignItems: 'start',
        }}
      >
        <FormTextField
          control={control}
          name="mac"
          size="small"
          label={t('audit.mac')}
          error={Boolean(formState.errors.mac)}
          helperText={formState.errors.mac && t('audit.invalidMac')}
          slotProps={{ htmlInput: { 'data-testid': 'audit-mac' } }}
        />
        <FormTextField
          control={control}
          name="email"
          size="small"
          label={t('audit.user')}
          slotProps={{ htmlInput: { 'data-testid': 'audit-user' } }}
        />
        <FormTextField
          control={control}
          name="operation"
          select
          size="small"
          label={t('audit.operation')}
          data-testid="audit-operation"
        >
          {anyOr(
            t('audit.anyOperation'),
            OPERATIONS.map((operation) => ({ value: operation, label: t(`audit.operations.${operation}`) })),
          ).map(menuItem)}
        </FormTextField>
        <FormTextField
          control={control}
          name="collection"
          select
          size="small"
          label={t('audit.collection')}
          data-testid="audit-collection"
        >
          {anyOr(
            t('audit.anyCollection'),
            TRACKED_COLLECTIONS.map((collection) => ({
              value: collection,
              label: t(`audit.collections.${collection}` as 'audit.collections.cmts_source'),
            })),
          ).map(menuItem)}
        </FormTextField>
        <FormTextField
          control={control}
          name="docId"
          size="small"
          label={t('audit.docId')}
          slotProps={{ htmlInput: { 'data-testid': 'audit-doc-id' } }}
        />
        {(['from', 'to'] as const).map((name) => (
          <FormTextField
            key={name}
            control={control}
            name={name}
            size="small"
            label={t(`audit.${name}`)}
            placeholder={tc('dates.day')}
            error={Boolean(formState.errors[name])}
            helperText={formState.errors[name] ? t('audit.invalidDate') : tc('dates.day')}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { inputMode: 'numeric', 'data-testid': `audit-${name}` },
            }}
          />
        ))}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" data-testid="audit-apply">
            {t('audit.apply')}
          </Button>
          <Button
            onClick={() => {
              reset(EMPTY);
              onApply({});
            }}
          >
            {t('audit.clear')}
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}
