import { memo, useEffect, useMemo } from 'react';
import { Box } from '@mui/material';
import {
  DataGrid,
  useGridApiRef,
  type GridColDef,
  type GridRowClassNameParams,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { gridCsvOptions } from '../../../lib/grid-csv';
import { useGridLocaleText } from '../../../lib/grid-locale';

/** A row as the grid holds it: the stream's row, and whether it changed in the last second. */
type Model<R> = R & { changing?: true };

const rowClassName = ({ row }: GridRowClassNameParams<Model<GridValidRowModel>>) =>
  row.changing ? 'row-changed' : '';
const NO_ROWS: never[] = [];
const sx = {
  '& .row-changed': {
    bgcolor: (theme: { palette: { mode: string } }) =>
      theme.palette.mode === 'dark' ? 'rgba(255, 193, 7, 0.18)' : 'rgba(255, 193, 7, 0.28)',
    transition: 'background-color 150ms',
  },
} as const;
const initialState = { pagination: { paginationModel: { pageSize: 100 } } };
const pageSizeOptions = [25, 50, 100];
const slotProps = {
  toolbar: {
    showQuickFilter: true,
    csvOptions: gridCsvOptions(),
    printOptions: { disableToolbarButton: true },
  },
};

/** Each stream row's flagged copy, kept while the row lives: a flagged row is the same object at each update. */
const changingCopies = new WeakMap<object, object>();
function changing<R extends GridValidRowModel>(row: R): Model<R> {
  let copy = changingCopies.get(row) as Model<R> | undefined;
  if (!copy) changingCopies.set(row, (copy = { ...row, changing: true }));
  return copy;
}

/**
 * A live staging table: virtualised rows (thousands of switches stay smooth), rows changed in the last
 * second flagged by colour. Rows reach the grid through its API rather than its `rows` prop: a new prop
 * would redraw every visible cell of the grid at each update, where the API redraws only the rows whose
 * object changed. `columns` and `rowId` must be stable (memoised by the page).
 */
function StageTableOf<R extends GridValidRowModel>({
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
  const apiRef = useGridApiRef();
  const localeText = useGridLocaleText({ noRowsLabel: empty });
  // A row keeps its object from update to update unless its data or its flag changed: the grid redraws
  // only those.
  const models = useMemo(
    () => rows.map((row) => (flagged.has(rowId(row)) ? changing(row) : row)),
    [rows, rowId, flagged],
  );
  useEffect(() => {
    apiRef.current?.setRows(models);
  }, [apiRef, models]);
  return (
    <Box sx={{ height: 'max(420px, calc(100vh - 330px))', width: '100%' }} data-testid={testId}>
      <DataGrid
        apiRef={apiRef}
        rows={NO_ROWS}
        columns={columns as Array<GridColDef<Model<R>>>}
        getRowId={rowId}
        getRowClassName={rowClassName}
        density="compact"
        disableRowSelectionOnClick
        initialState={initialState}
        pageSizeOptions={pageSizeOptions}
        showToolbar
        slotProps={slotProps}
        localeText={localeText}
        aria-label={label}
        sx={sx}
      />
    </Box>
  );
}

export const StageTable = memo(StageTableOf) as typeof StageTableOf;
