/**
 * The options of every grid's CSV export. `escapeFormulas` (the grid's own, on by default, set here so
 * that no screen turns it off) writes a cell beginning with `=`, `+`, `-`, `@`, a tab or a carriage return
 * as `'…`, like `escapeCsvCell` (common/src/csv.ts) does for the CSV files the portal writes itself.
 */
import type { GridCsvExportOptions } from '@mui/x-data-grid';

export function gridCsvOptions(options: GridCsvExportOptions = {}): GridCsvExportOptions {
  return { utf8WithBom: true, ...options, escapeFormulas: true };
}
