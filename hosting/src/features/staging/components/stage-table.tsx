import { Box } from '@mui/material';
import { DataGrid, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { useGridLocaleText } from '../../../lib/grid-locale';

/**
 * A live staging table: virtualised rows (thousands of switches stay smooth), rows changed in the last
 * second flagged by colour and for screen readers.
 */
export function StageTable<R extends GridValidRowModel>({
  label,
  rows,
  columns,
  rowId,
  flagged,
  empty,
  testId,
}: {
  label: string;
  rows: readonly R[];
  columns: ReadonlyArray<GridColDef<R>>;
  rowId(row: R): string;
  flagged: ReadonlyMap<string, number>;
  empty: string;
  testId: string;
}) {
  const localeText = useGridLocaleText({ noRowsLabel: empty });
  return (
    <Box sx={{ height: 'max(420px, calc(100vh - 330px))', width: '100%' }} data-testid={testId}>
      <DataGrid
        rows={rows}
        columns={[...columns]}
        getRowId={rowId}
        getRowClassName={({ row }) => (flagged.has(rowId(row)) ? 'row-changed' : '')}
        density="compact"
        disableRowSelectionOnClick
        initialState={{ pagination: { paginationModel: { pageSize: 100 } } }}
        pageSizeOptions={[25, 100, 500]}
        showToolbar
        slotProps={{ toolbar: { showQuickFilter: true, printOptions: { disableToolbarButton: true } } }}
        localeText={localeText}
        aria-label={label}
        sx={{
          '& .row-changed': {
            bgcolor: (theme) =>
              theme.palette.mode === 'dark' ? 'rgba(255, 193, 7, 0.18)' : 'rgba(255, 193, 7, 0.28)',
            transition: 'background-color 150ms',
          },
        }}
      />
    </Box>
  );
}
