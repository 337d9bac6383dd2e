import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import common from '../../locales/en/common.json';
import fr from '../../locales/fr/common.json';
import { renderApp } from '../../testing/render-app';
import { AdminTable } from './admin-table';

type Row = { id: string; name: string };
const ROWS: Row[] = [
  { id: 'ON-OTT-01', name: 'Ottawa Centre' },
  { id: 'QC-MTL-02', name: 'Montréal Plateau' },
];

function table(props: Partial<Parameters<typeof AdminTable<Row>>[0]> = {}) {
  return (
    <AdminTable<Row>
      label="Areas"
      testId="areas"
      rows={ROWS}
      columns={[
        { field: 'id', headerName: 'Code' },
        { field: 'name', headerName: 'Name', flex: 1 },
      ]}
      loading={false}
      error={null}
      canWrite
      csvFileName="areas"
      {...props}
    />
  );
}

describe('AdminTable', () => {
  it('when rows are given, then each is a grid row with edit and delete, and the pager says Rows per page', async () => {
    const onEdit = vi.fn();
    await renderApp(table({ onEdit, onDelete: vi.fn(), onAdd: vi.fn() }));
    const row = (await screen.findByText('QC-MTL-02')).closest<HTMLElement>('[role="row"]')!;
    await userEvent.click(within(row).getByTestId('row-edit'));
    expect(onEdit).toHaveBeenCalledWith(ROWS[1]);
    expect(screen.getByText(/^Rows per page/)).toBeTruthy();
  });

  it('when the list is empty in French, then it says it has no rows, with the French pager', async () => {
    await renderApp(table({ rows: [] }), { path: '/fr' });
    expect(await within(screen.getByTestId('areas')).findByText(fr.adminKit.empty)).toBeTruthy();
    expect(screen.getByText(/^Lignes par page/)).toBeTruthy();
  });

  it('when the database refused the list, then its message replaces the grid', async () => {
    await renderApp(table({ error: 'Missing or insufficient permissions.' }));
    expect(screen.getByTestId('areas-error').textContent).toBe(
      common.adminKit.loadFailed.replace('{{message}}', 'Missing or insufficient permissions.'),
    );
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('when the user may not write, then the list says it is read only and offers no add, edit or delete', async () => {
    await renderApp(table({ canWrite: false, onAdd: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() }));
    expect(screen.getByTestId('areas-read-only').textContent).toBe(common.adminKit.readOnly);
    expect(screen.queryByTestId('areas-add')).toBeNull();
    await screen.findByText('ON-OTT-01');
    expect(screen.queryByTestId('row-edit')).toBeNull();
  });

  it('when documents do not match the schema, then how many are left out is said', async () => {
    await renderApp(table({ invalid: 2 }));
    expect(screen.getByText(common.adminKit.invalidRows_other.replace('{{count}}', '2'))).toBeTruthy();
  });

  it('when a row has a history, then its button opens the change history in the current language', async () => {
    const { history } = await renderApp(table({ historyPath: (row) => `/audit?docId=${row.id}` }), {
      path: '/fr',
    });
    const row = (await screen.findByText('ON-OTT-01')).closest<HTMLElement>('[role="row"]')!;
    await userEvent.click(within(row).getByTestId('row-history'));
    expect(history.at(-1)).toBe('/fr/audit?docId=ON-OTT-01');
  });
});
