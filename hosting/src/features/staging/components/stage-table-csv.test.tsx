import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { exportGridCsv, FORMULA_CELLS } from '../../../testing/grid-csv-export';
import { renderApp } from '../../../testing/render-app';
import { FIRST_QUERY } from '../api/use-staging-stream';
import { StageTable } from './stage-table';

type Row = { serial: string; model: string };
const columns = [
  { field: 'serial', headerName: 'Serial' },
  { field: 'model', headerName: 'Model' },
];
const rowId = (row: Row) => row.serial;

type TableProps = Parameters<typeof StageTable<Row>>[0];

/** The table with one row on its page, the given props over the defaults, in the app at `path`. */
async function renderTable(props: Partial<TableProps> = {}, path?: string) {
  await renderApp(
    <StageTable<Row>
      label="Switches"
      rows={[{ serial: 'SN-0', model: 'A' }]}
      rowCount={1}
      answered=""
      query={FIRST_QUERY}
      onQuery={() => undefined}
      onSearch={() => undefined}
      matching={() => Promise.resolve([])}
      columns={columns}
      rowId={rowId}
      empty="None"
      testId="stage"
      {...props}
    />,
    path ? { path } : {},
  );
  await screen.findByText('SN-0');
}

describe('StageTable CSV export', () => {
  it('when a cell begins with = + - @ tab or carriage return, then the export writes it as text', async () => {
    const rows = FORMULA_CELLS.map((model, index) => ({ serial: `SN-${index}`, model }));
    // The engine gives every matching row, not only the page's.
    await renderTable({
      rows: rows.slice(0, 2),
      rowCount: rows.length,
      matching: () => Promise.resolve(rows),
    });
    const csv = await exportGridCsv(screen.getByTestId('stage'));
    for (const [index, cell] of FORMULA_CELLS.entries()) expect(csv).toContain(`SN-${index},"'${cell}"`);
  });

  it('when words are typed in the quick search, then each change sends the words at once and the table keeps its rows', async () => {
    const onSearch = vi.fn();
    const onQuery = vi.fn();
    await renderTable({ onQuery, onSearch });
    fireEvent.change(screen.getByTestId('stage-search'), { target: { value: ' on  sw01 ' } });
    expect(onSearch).toHaveBeenLastCalledWith(['on', 'sw01']);
    expect(onQuery).not.toHaveBeenCalled();
    expect(screen.getByText('SN-0')).toBeTruthy();
  });

  it('when the table is shown in French, then its search field is labelled in French', async () => {
    await renderTable({ label: 'Commutateurs', empty: 'Aucun' }, '/fr/staging/generic');
    expect(screen.getByLabelText('Rechercher…')).toBe(screen.getByTestId('stage-search'));
    expect(screen.queryByLabelText('Search…')).toBeNull();
  });
});
