/**
 * The portal's data grid: MUI's DataGrid with what every table of the portal needs on a phone. Its first
 * column stays in view while the grid scrolls sideways: the theme makes the first column's cells and header
 * sticky (lib/grid-phone.ts), and the grid renders every column (column virtualisation off: a column
 * scrolled out of view is kept, so the sticky first one never leaves the page, even mid-swipe). Rows stay
 * virtualised. Takes every DataGrid prop.
 */
import { useEffect } from 'react';
import { DataGrid, useGridApiRef, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';

export function PortalDataGrid<R extends GridValidRowModel>({ apiRef: given, ...props }: DataGridProps<R>) {
  const own = useGridApiRef();
  const apiRef = given ?? own;
  useEffect(() => {
    apiRef.current?.unstable_setColumnVirtualization(false);
  }, [apiRef]);
  return <DataGrid<R> apiRef={apiRef} {...props} />;
}
