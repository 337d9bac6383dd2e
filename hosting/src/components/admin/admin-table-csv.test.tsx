import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { exportGridCsv, FORMULA_CELLS } from '../../testing/grid-csv-export';
import { renderApp } from '../../testing/render-app';
import { AdminTable } from './admin-table';

describe('AdminTable CSV export', () => {
  it('when a cell begins with = + - @ tab or carriage return, then the export writes it as text', async () => {
    const rows = FORMULA_CELLS.map((name, index) => ({ id: `ROW-${index}`, name }));
    await renderApp(
      <AdminTable
        label="Areas"
        testId="areas"
        rows={rows}
        columns={[
          { field: 'id', headerName: 'Code' },
          { field: 'name', headerName: 'Name', flex: 1 },
        ]}
        loading={false}
        error={null}
        canWrite={false}
        csvFileName="areas"
      />,
    );
    await screen.findByText('ROW-0');
    const csv = await exportGridCsv(screen.getByTestId('areas'));
    for (const [index, cell] of FORMULA_CELLS.entries()) expect(csv).toContain(`ROW-${index},"'${cell}"`);
  });
});
