import { useState } from 'react';
import { useSearch } from 'wouter';
import { Alert, Box, Chip, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { formatMac } from '@insight/common/mac';
import { useDateCells } from '../../../lib/date';
import { gridCsvOptions } from '../../../lib/grid-csv';
import { useGridLocaleText } from '../../../lib/grid-locale';
import { useAuditLog, type AuditFilters, type AuditRow } from '../api/use-audit-log';
import { AuditFiltersForm } from './audit-filters';
import { PortalDataGrid } from '../../../components/portal-data-grid';

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
  const dateCells = useDateCells('-');
  const search = new URLSearchParams(useSearch());
  const initial = { collection: search.get('collection') ?? '', docId: search.get('docId') ?? '' };
  const [filters, setFilters] = useState<AuditFilters>(() => ({
    ...(initial.collection ? { collection: initial.collection } : {}),
    ...(initial.docId ? { docId: initial.docId } : {}),
  }));
  const log = useAuditLog(filters);
  const { t: tc } = useTranslation();
  const localeText = useGridLocaleText({ noRowsLabel: t('audit.empty') });

  const columns: GridColDef<AuditRow>[] = [
    {
      field: 'at',
      headerName: t('audit.columns.at'),
      minWidth: 170,
      type: 'dateTime',
      ...dateCells,
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
      // An operation this version does not know shows by its name.
      valueFormatter: (value: string) => t(`audit.operations.${value}` as 'audit.operations.mwiReset', value),
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
      <AuditFiltersForm initial={initial} onApply={setFilters} />
      {log.invalid > 0 && (
        <Alert severity="warning">{tc('adminKit.invalidRows', { count: log.invalid })}</Alert>
      )}
      {log.error ? (
        <Alert severity="error">{t('audit.loadFailed', { message: log.error })}</Alert>
      ) : (
        <Box data-testid="audit-grid">
          <PortalDataGrid
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
