import { useState, type FormEvent } from 'react';
import { useSearch } from 'wouter';
import { TRACKED_COLLECTIONS } from '@insight/common/change-history';
import { Alert, Box, Button, Chip, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { OPERATIONS, type AuditOperation } from '@insight/common/customer360';
import { formatMac, normalizeMac } from '@insight/common/mac';
import { useFormatDateTime } from '../../../lib/date';
import { gridCsvOptions } from '../../../lib/grid-csv';
import { useGridLocaleText } from '../../../lib/grid-locale';
import { useAuditLog, type AuditFilters, type AuditRow } from '../api/use-audit-log';

const EMPTY_FORM = { mac: '', email: '', operation: '', from: '', to: '', collection: '', docId: '' };

/** Fields of an admin-list change whose before and after differ (the authorship stamps left out). */
function changedFields(parameters: Record<string, unknown>): string {
  const before = (parameters.before ?? {}) as Record<string, unknown>;
  const after = (parameters.after ?? {}) as Record<string, unknown>;
  const stamps = new Set(['updatedBy', 'updatedAt', 'lastUpdate', 'createdOn']);
  const show = (value: unknown) => (value === undefined || value === null ? '∅' : JSON.stringify(value));
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => !stamps.has(key) && JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => `${key}: ${show(before[key])} → ${show(after[key])}`)
    .join('; ');
}

/**
 * /audit: who did what, newest first; filter by MAC, user, operation, date, and for the admin lists by
 * collection and row (`?collection=cmts_source&docId=…` opens one row's history); CSV export.
 */
export default function AuditPage() {
  const { t } = useTranslation('admin');
  const formatDate = useFormatDateTime();
  const search = new URLSearchParams(useSearch());
  const initial = { collection: search.get('collection') ?? '', docId: search.get('docId') ?? '' };
  const [form, setForm] = useState({ ...EMPTY_FORM, ...initial });
  const [filters, setFilters] = useState<AuditFilters>(() => ({
    ...(initial.collection ? { collection: initial.collection } : {}),
    ...(initial.docId ? { docId: initial.docId } : {}),
  }));
  const [macError, setMacError] = useState(false);
  const log = useAuditLog(filters);
  const localeText = useGridLocaleText({ noRowsLabel: t('audit.empty') });

  function apply(event: FormEvent) {
    event.preventDefault();
    const mac = form.mac.trim() ? normalizeMac(form.mac) : null;
    if (form.mac.trim() && !mac) return setMacError(true);
    setMacError(false);
    setFilters({
      ...(mac ? { mac } : {}),
      ...(form.email.trim() ? { email: form.email.trim().toLowerCase() } : {}),
      ...(form.operation ? { operation: form.operation as AuditOperation } : {}),
      ...(form.from ? { from: new Date(`${form.from}T00:00:00`) } : {}),
      ...(form.to ? { to: new Date(`${form.to}T23:59:59.999`) } : {}),
      ...(form.collection ? { collection: form.collection } : {}),
      ...(form.docId.trim() ? { docId: form.docId.trim() } : {}),
    });
  }

  const columns: GridColDef<AuditRow>[] = [
    {
      field: 'at',
      headerName: t('audit.columns.at'),
      minWidth: 170,
      type: 'dateTime',
      valueFormatter: (value: Date | null) => (value ? formatDate(value) : '-'),
    },
    {
      field: 'email',
      headerName: t('audit.columns.user'),
      flex: 1,
      minWidth: 180,
      valueGetter: (_value, row) => row.email ?? row.uid,
    },
    {
      field: 'mac',
      headerName: t('audit.columns.mac'),
      minWidth: 160,
      valueFormatter: (value: string | null) => (value ? formatMac(value) : '-'),
    },
    { field: 'customerAccountNumber', headerName: t('audit.columns.customer'), minWidth: 120 },
    {
      field: 'operation',
      headerName: t('audit.columns.operation'),
      minWidth: 200,
      valueFormatter: (value: AuditOperation) => t(`audit.operations.${value}`),
    },
    {
      field: 'parameters',
      headerName: t('audit.columns.parameters'),
      flex: 1,
      minWidth: 220,
      sortable: false,
      valueGetter: (_value, row) =>
        row.collection
          ? `${row.collection} ${row.docId ?? ''}: ${changedFields(row.parameters) || '-'}`
          : JSON.stringify(row.parameters),
    },
    {
      field: 'outcome',
      headerName: t('audit.columns.outcome'),
      minWidth: 110,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          color={row.outcome === 'sent' ? 'success' : row.outcome === 'unknown' ? 'warning' : 'error'}
          variant="outlined"
          label={`${t(`audit.outcomes.${row.outcome}`)}${row.errorCode ? ` (${row.errorCode})` : ''}`}
        />
      ),
    },
  ];

  return (
    <Stack spacing={2} sx={{ maxWidth: 1400 }}>
      <Typography variant="h5" component="h1">
        {t('audit.title')}
      </Typography>
      <Paper
        variant="outlined"
        sx={{ p: 2 }}
        component="form"
        onSubmit={apply}
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
          <TextField
            size="small"
            label={t('audit.mac')}
            value={form.mac}
            error={macError}
            helperText={macError ? t('audit.invalidMac') : undefined}
            onChange={(event) => setForm({ ...form, mac: event.target.value })}
            slotProps={{ htmlInput: { 'data-testid': 'audit-mac' } }}
          />
          <TextField
            size="small"
            label={t('audit.user')}
            value={form.email}
            onChange={(event) => setForm({ ...form, email: event.target.value })}
            slotProps={{ htmlInput: { 'data-testid': 'audit-user' } }}
          />
          <TextField
            select
            size="small"
            label={t('audit.operation')}
            value={form.operation}
            onChange={(event) => setForm({ ...form, operation: event.target.value })}
            data-testid="audit-operation"
          >
            <MenuItem value="">{t('audit.anyOperation')}</MenuItem>
            {OPERATIONS.map((operation) => (
              <MenuItem key={operation} value={operation}>
                {t(`audit.operations.${operation}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('audit.collection')}
            value={form.collection}
            onChange={(event) => setForm({ ...form, collection: event.target.value })}
            data-testid="audit-collection"
          >
            <MenuItem value="">{t('audit.anyCollection')}</MenuItem>
            {TRACKED_COLLECTIONS.map((collection) => (
              <MenuItem key={collection} value={collection}>
                {t(`audit.collections.${collection}` as 'audit.collections.cmts_source')}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t('audit.docId')}
            value={form.docId}
            onChange={(event) => setForm({ ...form, docId: event.target.value })}
            slotProps={{ htmlInput: { 'data-testid': 'audit-doc-id' } }}
          />
          <TextField
            size="small"
            type="date"
            label={t('audit.from')}
            value={form.from}
            onChange={(event) => setForm({ ...form, from: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="date"
            label={t('audit.to')}
            value={form.to}
            onChange={(event) => setForm({ ...form, to: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" data-testid="audit-apply">
              {t('audit.apply')}
            </Button>
            <Button
              onClick={() => {
                setForm(EMPTY_FORM);
                setFilters({});
                setMacError(false);
              }}
            >
              {t('audit.clear')}
            </Button>
          </Stack>
        </Box>
      </Paper>
      {log.error ? (
        <Alert severity="error">{t('audit.loadFailed', { message: log.error })}</Alert>
      ) : (
        <Box data-testid="audit-grid">
          <DataGrid
            rows={log.rows}
            columns={columns}
            loading={log.loading}
            autoHeight
            showToolbar
            initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
            pageSizeOptions={[25, 50, 100]}
            disableRowSelectionOnClick
            localeText={localeText}
            slotProps={{
              toolbar: {
                csvOptions: gridCsvOptions({ fileName: 'insight-audit-log' }),
                printOptions: { disableToolbarButton: true },
              },
            }}
            aria-label={t('audit.title')}
          />
        </Box>
      )}
    </Stack>
  );
}
