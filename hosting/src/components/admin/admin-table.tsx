import type { ReactNode } from 'react';
import { Alert, Box, Button, Stack, useMediaQuery, useTheme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/History';
import { useLocation } from 'wouter';
import { usePreferences } from '../../providers/preferences-provider';
import {
  GridActionsCellItem,
  type GridColDef,
  type GridFilterModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { FoldedNotice } from '../folded-notice';
import { gridCsvOptions } from '../../lib/grid-csv';
import { useGridLocaleText } from '../../lib/grid-locale';
import { PortalDataGrid } from '../portal-data-grid';

export const PAGE_SIZES = [25, 50, 100];

/** A phone column's narrowest width: its values wrap within it. */
const PHONE_MIN_WIDTH = 72;
/**
 * A phone's grid: rows as tall as their wrapped values, headings on two lines, and no column menu in the
 * headings (its two 44 px targets would leave a heading no room; the toolbar's Columns button stays).
 */
const PHONE_GRID = {
  getRowHeight: () => 'auto' as const,
  columnHeaderHeight: 56,
  disableColumnMenu: true,
};
const PHONE_SX = {
  '& .MuiDataGrid-cell': { whiteSpace: 'normal', overflowWrap: 'anywhere', py: 0.5, lineHeight: 1.4 },
  '& .MuiDataGrid-columnHeaderTitle': { whiteSpace: 'normal', lineHeight: 1.2, overflowWrap: 'anywhere' },
  '& .MuiDataGrid-columnHeaderTitleContainer': { whiteSpace: 'normal' },
} as const;

export interface AdminTableProps<R extends GridValidRowModel & { id: string }> {
  /** The table's accessible name. */
  label: string;
  rows: readonly R[];
  columns: ReadonlyArray<GridColDef<R>>;
  loading: boolean;
  /** The database's message when the list could not be read. */
  error: string | null;
  /** Documents left out because they do not match the schema. */
  invalid?: number;
  /** Whether the rows are the server's (not only the local cache's). */
  synced?: boolean;
  /** Shows add, edit and delete (the UI follows the role matrix; the rules enforce it). */
  canWrite: boolean;
  addLabel?: string;
  onAdd?(): void;
  onEdit?(row: R): void;
  onDelete?(row: R): void;
  /** The app path of a row's change history (shown to every reader). */
  historyPath?(row: R): string;
  /** Buttons beside Add (import, export). */
  actions?: ReactNode;
  /** A filter applied on open, e.g. from the URL; the user can clear it. */
  filterModel?: GridFilterModel;
  onFilterModelChange?(model: GridFilterModel): void;
  /** File name of the toolbar's CSV export; `false` hides it (the screen exports its own CSV). */
  csvFileName: string | false;
  /** The toolbar's quick search; off when the screen searches its rows itself (one search, many tables). */
  quickSearch?: boolean;
  /** A click (or Enter) on a row selects it, e.g. to show what it holds; the selected row is marked. */
  onRowClick?(row: R): void;
  selectedId?: string | null;
  /** Rows changed a moment ago (live lists), by id: marked for as long as they are in the map. */
  flagged?: ReadonlyMap<string, number>;
  /** The table's height; by default it fills the screen. */
  height?: number | string;
  /** Columns hidden at first (the CSV export carries them; the columns menu shows them). */
  hiddenColumns?: readonly string[];
  /**
   * The columns a phone shows at first, beside the actions (the row's name, its state, the key value):
   * the others stay in the columns menu and the CSV export.
   */
  phoneColumns?: readonly string[];
  testId: string;
}

/**
 * The table of every admin list on MUI DataGrid: sorting, column filters, quick search across columns,
 * 'Rows per page', CSV export and live rows (the caller passes rows from a snapshot listener).
 */
export function AdminTable<R extends GridValidRowModel & { id: string }>({
  label,
  rows,
  columns,
  loading,
  error,
  invalid = 0,
  synced,
  canWrite,
  addLabel,
  onAdd,
  onEdit,
  onDelete,
  historyPath,
  actions,
  filterModel,
  onFilterModelChange,
  csvFileName,
  quickSearch = true,
  onRowClick,
  selectedId,
  flagged,
  height = 'max(420px, calc(100vh - 300px))',
  hiddenColumns,
  phoneColumns,
  testId,
}: AdminTableProps<R>) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const phoneLayout = phone && Boolean(phoneColumns);
  const hidden = phoneLayout
    ? columns.map((column) => column.field).filter((field) => !phoneColumns!.includes(field))
    : hiddenColumns;
  // On a phone the chosen columns share the width beside the actions, and their values wrap, never cut.
  const shown = phoneLayout
    ? columns.map((column) =>
        phoneColumns!.includes(column.field)
          ? { ...column, flex: column.minWidth ?? 100, minWidth: PHONE_MIN_WIDTH }
          : column,
      )
    : columns;
  const { t } = useTranslation();
  const localeText = useGridLocaleText({ noRowsLabel: t('adminKit.empty') });
  const [, navigate] = useLocation();
  const { href } = usePreferences();
  const editable = canWrite && Boolean(onEdit || onDelete);
  const actionCount = [historyPath, canWrite && onEdit, canWrite && onDelete].filter(Boolean).length;
  const actionColumn: GridColDef<R> = {
    field: 'actions',
    type: 'actions',
    headerName: t('adminKit.actions'),
    // On a phone's chosen columns the actions are one menu; on a touch screen each is a 44 px target.
    width: phoneLayout ? 84 : phone ? 16 + 44 * actionCount : editable ? 130 : 70,
    getActions: ({ row }) => [
      ...(historyPath
        ? [
            <GridActionsCellItem
              key="history"
              icon={<HistoryIcon />}
              label={t('adminKit.history', { id: row.id })}
              onClick={() => navigate(href(historyPath(row)))}
              data-testid="row-history"
              showInMenu={phoneLayout}
            />,
          ]
        : []),
      ...(canWrite && onEdit
        ? [
            <GridActionsCellItem
              key="edit"
              icon={<EditIcon />}
              label={t('adminKit.editRow', { id: row.id })}
              onClick={() => onEdit(row)}
              data-testid="row-edit"
              showInMenu={phoneLayout}
            />,
          ]
        : []),
      ...(canWrite && onDelete
        ? [
            <GridActionsCellItem
              key="delete"
              icon={<DeleteIcon />}
              label={t('adminKit.deleteRow', { id: row.id })}
              onClick={() => onDelete(row)}
              data-testid="row-delete"
              showInMenu={phoneLayout}
            />,
          ]
        : []),
    ],
  };

  return (
    <Stack spacing={1.5} data-testid={testId} data-synced={synced === undefined ? undefined : String(synced)}>
      {(canWrite || actions) && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          {canWrite && onAdd && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd} data-testid={`${testId}-add`}>
              {addLabel ?? t('adminKit.add')}
            </Button>
          )}
          {actions}
        </Stack>
      )}
      {!canWrite && <FoldedNotice testId={`${testId}-read-only`}>{t('adminKit.readOnly')}</FoldedNotice>}
      {invalid > 0 && <Alert severity="warning">{t('adminKit.invalidRows', { count: invalid })}</Alert>}
      {error ? (
        <Alert severity="error" data-testid={`${testId}-error`}>
          {t('adminKit.loadFailed', { message: error })}
        </Alert>
      ) : (
        <Box sx={{ height, width: '100%' }}>
          <PortalDataGrid
            // A phone's columns are the grid's first state: it starts again when the width crosses over.
            key={phone && phoneColumns ? 'phone' : 'wide'}
            rows={rows}
            // Actions first: with many columns the grid scrolls sideways, and they must stay in reach.
            columns={editable || historyPath ? [actionColumn, ...shown] : [...shown]}
            {...(phoneLayout ? PHONE_GRID : {})}
            loading={loading}
            showToolbar
            initialState={{
              pagination: { paginationModel: { pageSize: PAGE_SIZES[0]! } },
              ...(hidden && {
                columns: { columnVisibilityModel: Object.fromEntries(hidden.map((field) => [field, false])) },
              }),
            }}
            pageSizeOptions={PAGE_SIZES}
            {...(filterModel ? { filterModel } : {})}
            onFilterModelChange={onFilterModelChange}
            disableRowSelectionOnClick
            getRowClassName={({ id }) =>
              [id === selectedId ? 'row-selected' : '', flagged?.has(String(id)) ? 'row-changed' : '']
                .join(' ')
                .trim()
            }
            {...(onRowClick
              ? {
                  onRowClick: ({ row }: { row: R }) => onRowClick(row),
                  onCellKeyDown: ({ row }: { row: R }, event: { key: string }) => {
                    if (event.key === 'Enter') onRowClick(row);
                  },
                }
              : {})}
            sx={{
              ...(phoneLayout ? PHONE_SX : {}),
              ...(onRowClick ? { '& .MuiDataGrid-row': { cursor: 'pointer' } } : {}),
              '& .row-selected': { bgcolor: 'action.selected', fontWeight: 500 },
              '& .row-changed': {
                bgcolor: (theme) =>
                  theme.palette.mode === 'dark' ? 'rgba(255, 193, 7, 0.18)' : 'rgba(255, 193, 7, 0.28)',
                transition: 'background-color 150ms',
              },
            }}
            density="compact"
            localeText={localeText}
            slotProps={{
              // Rows already in (a first page, the cache) stay visible under a thin bar while the rest loads.
              loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' },
              toolbar: {
                showQuickFilter: quickSearch,
                quickFilterProps: { debounceMs: 0 },
                csvOptions: csvFileName
                  ? gridCsvOptions({ fileName: csvFileName, allColumns: true })
                  : { disableToolbarButton: true },
                printOptions: { disableToolbarButton: true },
              },
            }}
            aria-label={label}
          />
        </Box>
      )}
    </Stack>
  );
}
