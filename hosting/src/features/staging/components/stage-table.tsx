import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import SearchIcon from '@mui/icons-material/Search';
import { Box, InputAdornment, MenuItem, TextField, useMediaQuery, useTheme } from '@mui/material';
import {
  useGridApiRef,
  type GridColDef,
  type GridPaginationModel,
  type GridRowClassNameParams,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { escapeCsvCell } from '@insight/common/csv';
import { useGridLocaleText } from '../../../lib/grid-locale';
import type { TableQuery } from '../api/use-staging-stream';
import { PortalDataGrid } from '../../../components/portal-data-grid';
import { PHONE_GRID, PHONE_MIN_WIDTH, PHONE_SX } from '../../../lib/grid-phone';

/** A row as the engine posts it: the stream's row, its version and whether it changed in the last second. */
type Model<R> = R & { changing?: true; version?: number };

const rowClassName = ({ row }: GridRowClassNameParams<Model<GridValidRowModel>>) =>
  row.changing ? 'row-changed' : '';
const NO_ROWS: never[] = [];
const sx = {
  // A light tint (the chips' text keeps its contrast on it) and a stripe at the row's start.
  '& .row-changed': {
    bgcolor: (theme: { palette: { mode: string } }) =>
      theme.palette.mode === 'dark' ? 'rgba(255, 193, 7, 0.08)' : 'rgba(255, 193, 7, 0.12)',
    transition: 'background-color 150ms',
  },
  '& .row-changed > [data-colindex="0"]': { boxShadow: 'inset 4px 0 0 #f9a825' },
} as const;
const pageSizeOptions = [25, 50, 100];

/** The rows as the grid's own CSV export writes them (formulas escaped), from the columns' getters. */
export function rowsToCsv<R extends GridValidRowModel>(
  rows: readonly R[],
  columns: ReadonlyArray<GridColDef<R>>,
) {
  const cell = (text: string) => {
    const escaped = escapeCsvCell(text);
    return escaped !== text || /[",\n\r]/.test(escaped) ? `"${escaped.replace(/"/g, '""')}"` : escaped;
  };
  const lines = [columns.map((column) => cell(column.headerName ?? column.field)).join(',')];
  for (const row of rows)
    lines.push(
      columns
        .map((column) => {
          const raw = (row as Record<string, unknown>)[column.field];
          const value = column.valueGetter
            ? (column.valueGetter as (...args: unknown[]) => unknown)(raw, row, column)
            : raw;
          const shown = column.valueFormatter
            ? (column.valueFormatter as (...args: unknown[]) => unknown)(value, row, column)
            : value;
          return cell(shown === null || shown === undefined ? '' : String(shown));
        })
        .join(','),
    );
  return `\uFEFF${lines.join('\r\n')}`;
}

function download(csv: string, name: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url));
}

/**
 * The table's quick search: its own text, each key sent at once as words to the engine (through
 * `onSearch`), so that typing redraws this field only; the rows that answer arrive later.
 */
const StageSearch = memo(function StageSearch({
  label,
  initial,
  onSearch,
}: {
  label: string;
  initial: string;
  onSearch(words: string[]): void;
}) {
  const [text, setText] = useState(initial);
  return (
    <TextField
      size="small"
      type="search"
      value={text}
      placeholder={label}
      onChange={(event) => {
        setText(event.target.value);
        onSearch(event.target.value.split(/\s+/).filter(Boolean));
      }}
      slotProps={{
        htmlInput: { 'aria-label': label, 'data-testid': 'stage-search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ width: { xs: '100%', sm: 320 }, mb: 1 }}
    />
  );
});

/**
 * A live staging table: the engine (in a Web Worker) holds every row, searches and sorts them, and posts
 * the page shown here; the grid pages, sorts and searches through it (server modes), so that thousands
 * of rows changing hundreds of times a second never cost the page a pass over all of them. Rows changed
 * in the last second are flagged by colour. Rows reach the grid through its API: a row whose data and
 * flag did not change keeps its object and is not redrawn. The CSV export writes every row that matches
 * the search. `columns` and `rowId` must be stable (memoised by the page).
 */
function StageTableOf<R extends GridValidRowModel>({
  label,
  rows,
  rowCount,
  answered,
  query,
  onQuery,
  onSearch,
  matching,
  columns,
  rowId,
  empty,
  testId,
  phoneFields,
}: {
  label: string;
  /** The page's rows, as the engine posts them. */
  rows: ReadonlyArray<Model<R>>;
  /** How many rows match the search. */
  rowCount: number;
  /** The search the rows answer. */
  answered: string;
  query: TableQuery;
  onQuery(query: TableQuery): void;
  onSearch(words: readonly string[]): void;
  /** Every row that matches the search (the CSV export). */
  matching(): Promise<R[]>;
  columns: ReadonlyArray<GridColDef<R>>;
  rowId(row: R): string;
  empty: string;
  testId: string;
  /** The columns a phone shows (the device, its state, the key value), wide enough for their values. */
  phoneFields?: readonly string[];
}) {
  const { t } = useTranslation('staging');
  const apiRef = useGridApiRef();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const columnVisibilityModel = useMemo(
    () =>
      phone && phoneFields
        ? Object.fromEntries(columns.map((column) => [column.field, phoneFields.includes(column.field)]))
        : undefined,
    [phone, phoneFields, columns],
  );
  // On a phone the device's column keeps its width and the others share the rest of it; values wrap
  // (a long state, "en provisionnement", takes two lines) instead of being cut.
  const phoneLayout = phone && Boolean(phoneFields);
  const shownColumns = useMemo(
    () =>
      phoneLayout
        ? columns.map((column) =>
            phoneFields!.indexOf(column.field) > 0
              ? { ...column, flex: 1, minWidth: PHONE_MIN_WIDTH }
              : column,
          )
        : columns,
    [phoneLayout, phoneFields, columns],
  );
  const localeText = useGridLocaleText({ noRowsLabel: empty, noResultsOverlayLabel: empty });
  // A row keeps its object while its version is the same: the grid redraws only the rows that changed.
  useEffect(() => {
    const api = apiRef.current;
    if (!api) return;
    const previous = new Map<string, Model<R>>();
    for (const row of api.getRowModels().values()) previous.set(rowId(row as R), row as Model<R>);
    api.setRows(
      rows.map((row) => {
        const before = previous.get(rowId(row));
        return before && before.version === row.version && before.changing === row.changing ? before : row;
      }),
    );
  }, [apiRef, rows, rowId]);

  const paginationModel = useMemo(
    () => ({ page: query.page, pageSize: query.pageSize }),
    [query.page, query.pageSize],
  );
  const sortModel = query.sort as GridSortModel;
  const onPagination = useCallback(
    (model: GridPaginationModel) => onQuery({ ...query, page: model.page, pageSize: model.pageSize }),
    [onQuery, query],
  );
  const onSort = useCallback(
    (model: GridSortModel) => onQuery({ ...query, sort: model, page: 0 }),
    [onQuery, query],
  );
  const exportCsv = useCallback(
    async (close: () => void) => {
      close();
      download(rowsToCsv(await matching(), columns), `${testId}.csv`);
    },
    [matching, columns, testId],
  );
  const slotProps = useMemo(
    () => ({
      toolbar: {
        // The quick search is the table's own field above the grid (StageSearch).
        showQuickFilter: false,
        csvOptions: { disableToolbarButton: true },
        printOptions: { disableToolbarButton: true },
        additionalExportMenuItems: (close: () => void) => (
          <MenuItem onClick={() => void exportCsv(close)}>
            {apiRef.current?.getLocaleText('toolbarExportCSV') ?? 'CSV'}
          </MenuItem>
        ),
      },
    }),
    [exportCsv, apiRef],
  );
  return (
    <Box
      sx={{
        height: 'max(470px, calc(100vh - 280px))',
        width: '100%',
        display: 'flex',
        flexDirection: 'column',
      }}
      data-testid={testId}
      data-search={answered}
    >
      <StageSearch label={t('search')} initial={query.search.join(' ')} onSearch={onSearch} />
      <Box sx={{ flex: 1, minHeight: 0 }}>
        <PortalDataGrid
          apiRef={apiRef}
          rows={NO_ROWS}
          rowCount={rowCount}
          columns={shownColumns as Array<GridColDef<Model<R>>>}
          {...(phoneLayout ? PHONE_GRID : {})}
          columnVisibilityModel={columnVisibilityModel}
          getRowId={rowId}
          getRowClassName={rowClassName}
          density="compact"
          disableRowSelectionOnClick
          disableColumnFilter
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          paginationModel={paginationModel}
          onPaginationModelChange={onPagination}
          sortModel={sortModel}
          onSortModelChange={onSort}
          pageSizeOptions={pageSizeOptions}
          showToolbar
          slotProps={slotProps}
          localeText={localeText}
          aria-label={label}
          sx={phoneLayout ? { ...sx, ...PHONE_SX } : sx}
        />
      </Box>
    </Box>
  );
}

export const StageTable = memo(StageTableOf) as typeof StageTableOf;
