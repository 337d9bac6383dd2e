/**
 * A small read-only table of a dialog or a result (a recount's repairs, an import's refused rows): a header
 * row and one row per item, each cell given as it is shown. Long lists belong in a data grid.
 */
import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';

export interface SimpleRow {
  key: string;
  cells: ReactNode[];
  testId?: string;
}

export function SimpleTable({
  headers,
  rows,
  label,
  labelledBy,
  testId,
  stickyHeader,
}: {
  headers: ReactNode[];
  rows: SimpleRow[];
  /** The table's name for assistive tech, or the id of the heading that names it. */
  label?: string;
  labelledBy?: string;
  testId?: string;
  stickyHeader?: boolean;
}) {
  return (
    <Table
      size="small"
      stickyHeader={stickyHeader}
      aria-label={label}
      aria-labelledby={labelledBy}
      data-testid={testId}
    >
      <TableHead>
        <TableRow>
          {headers.map((header, index) => (
            <TableCell key={index}>{header}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key} data-testid={row.testId}>
            {row.cells.map((cell, index) => (
              <TableCell key={index}>{cell}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
