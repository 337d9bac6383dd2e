import { Box, Button, MenuItem, Paper, Stack, TextField } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TRACKED_COLLECTIONS } from '@insight/common/change-history';
import { OPERATIONS, type AuditOperation } from '@insight/common/customer360';
import { normalizeMac } from '@insight/common/mac';
import type { AuditFilters } from '../api/audit-query';

/** The filters as typed, and the query filters they give: a MAC normalised, an e-mail lower-cased, whole days. */
const filtersForm = z
  .object({
    mac: z.string().refine((mac) => !mac.trim() || normalizeMac(mac) !== null, 'invalidMac'),
    email: z.string(),
    operation: z.union([z.literal(''), z.enum(OPERATIONS)]),
    from: z.string(),
    to: z.string(),
    collection: z.string(),
    docId: z.string(),
  })
  .transform((form): AuditFilters => ({
    ...(form.mac.trim() ? { mac: normalizeMac(form.mac)! } : {}),
    ...(form.email.trim() ? { email: form.email.trim().toLowerCase() } : {}),
    ...(form.operation ? { operation: form.operation } : {}),
    ...(form.from ? { from: new Date(`${form.from}T00:00:00`) } : {}),
    ...(form.to ? { to: new Date(`${form.to}T23:59:59.999`) } : {}),
    ...(form.collection ? { collection: form.collection } : {}),
    ...(form.docId.trim() ? { docId: form.docId.trim() } : {}),
  }));
type FiltersForm = z.input<typeof filtersForm>;
const EMPTY: FiltersForm = { mac: '', email: '', operation: '', from: '', to: '', collection: '', docId: '' };

/** One text, date or select field of the form. */
function Field({
  control,
  name,
  label,
  type,
  options,
  error,
  testId,
}: {
  control: Control<FiltersForm, unknown, AuditFilters>;
  name: keyof FiltersForm;
  label: string;
  type?: 'date';
  options?: ReadonlyArray<{ value: string; label: string }>;
  error?: string;
  testId?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          {...field}
          inputRef={field.ref}
          size="small"
          select={Boolean(options)}
          type={type}
          label={label}
          error={Boolean(error)}
          helperText={error}
          // A select's test id is on the field (the menu opens from it), a text's on its input.
          data-testid={options ? testId : undefined}
          slotProps={{
            htmlInput: options || !testId ? undefined : { 'data-testid': testId },
            inputLabel: type === 'date' ? { shrink: true } : undefined,
          }}
        >
          {options?.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

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
  const { control, handleSubmit, reset, formState } = useForm<FiltersForm, unknown, AuditFilters>({
    resolver: zodResolver(filtersForm),
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
        <Field
          control={control}
          name="mac"
          label={t('audit.mac')}
          error={formState.errors.mac && t('audit.invalidMac')}
          testId="audit-mac"
        />
        <Field control={control} name="email" label={t('audit.user')} testId="audit-user" />
        <Field
          control={control}
          name="operation"
          label={t('audit.operation')}
          options={[
            { value: '', label: t('audit.anyOperation') },
            ...OPERATIONS.map((operation: AuditOperation) => ({
              value: operation,
              label: t(`audit.operations.${operation}`),
            })),
          ]}
          testId="audit-operation"
        />
        <Field
          control={control}
          name="collection"
          label={t('audit.collection')}
          options={[
            { value: '', label: t('audit.anyCollection') },
            ...TRACKED_COLLECTIONS.map((collection) => ({
              value: collection,
              label: t(`audit.collections.${collection}` as 'audit.collections.cmts_source'),
            })),
          ]}
          testId="audit-collection"
        />
        <Field control={control} name="docId" label={t('audit.docId')} testId="audit-doc-id" />
        <Field control={control} name="from" label={t('audit.from')} type="date" />
        <Field control={control} name="to" label={t('audit.to')} type="date" />
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
