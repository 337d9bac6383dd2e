import { screen } from '@testing-library/react';
import type { GridColDef } from '@mui/x-data-grid';
import { describe, expect, it } from 'vitest';
import { useDateCells } from '../../lib/date';
import { exportGridCsv, FORMULA_CELLS } from '../../testing/grid-csv-export';
import { renderApp } from '../../testing/render-app';
import { AdminTable } from './admin-table';

/** A loaded admin table the user may not edit, whose export is `<testId>.csv`. */
function Table<R extends { id: string }>(props: {
  testId: string;
  rows: readonly R[];
  columns: ReadonlyArray<GridColDef<R>>;
}) {
  return (
    <AdminTable
      label={props.testId}
      {...props}
      loading={false}
      error={null}
      canWrite={false}
      csvFileName={props.testId}
    />
  );
}

describe('AdminTable CSV export', () => {
  it('when a cell begins with = + - @ tab or carriage return, then the export writes it as text', async () => {
    const rows = FORMULA_CELLS.map((name, index) => ({ id: `ROW-${index}`, name }));
    await renderApp(
      <Table
        testId="areas"
        rows={rows}
        columns={[
          { field: 'id', headerName: 'Code' },
          { field: 'name', headerName: 'Name', flex: 1 },
        ]}
      />,
    );
    await screen.findByText('ROW-0');
    const csv = await exportGridCsv(screen.getByTestId('areas'));
    for (const [index, cell] of FORMULA_CELLS.entries()) expect(csv).toContain(`ROW-${index},"'${cell}"`);
  });
});

/** A table with a date column as the admin lists have one. */
function DatedTable({ rows }: { rows: Array<{ id: string; at: Date | null }> }) {
  const dateCells = useDateCells();
  return (
    <Table
      testId="dated"
      rows={rows}
      columns={[
        { field: 'id', headerName: 'Code' },
        { field: 'at', headerName: 'When', type: 'dateTime', minWidth: 200, ...dateCells },
      ]}
    />
  );
}

describe('AdminTable dates', () => {
  // Local times: the texts do not depend on the machine's zone.
  const rows = [
    { id: 'ROW-1', at: new Date(2026, 10, 26, 14, 2) },
    { id: 'ROW-2', at: null },
  ];

  it('when a row has a date, then the cell shows MM/DD/YY, hh:mm AM/PM and the CSV export keeps ISO 8601', async () => {
    await renderApp(<DatedTable rows={rows} />);
    expect(await screen.findByText('11/26/26, 02:02 PM')).toBeTruthy();
    const csv = await exportGridCsv(screen.getByTestId('dated'));
    expect(csv).toContain('ROW-1,2026-11-26 14:02');
    expect(csv).toMatch(/ROW-2,(\r?\n|$)/);
    expect(csv).not.toContain('PM');
  });

  it('when the table is shown in French, then the cell shows year-month-day and 14 h 02', async () => {
    await renderApp(<DatedTable rows={rows} />, { path: '/fr' });
    expect(await screen.findByText('2026-11-26 14 h 02')).toBeTruthy();
  });
});
