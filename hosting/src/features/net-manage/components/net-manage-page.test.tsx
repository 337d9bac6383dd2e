import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NETWORK_COLLECTIONS } from '@insight/common/network';
import common from '../../../locales/en/common.json';
import frCommon from '../../../locales/fr/common.json';
import { fakeWrites, Timestamp } from '../../../testing/fake-firebase';
import { renderApp } from '../../../testing/render-app';
import NetManagePage from './net-manage-page';

const at = Timestamp.fromDate(new Date('2026-11-20T14:00:00Z'));
const cmts = (id: string, headEnd = 'ON-OTT-01') => ({
  cmtsId: id,
  hostName: `${id.toLowerCase()}.net`,
  ipLookup: '10.1.1.1',
  ipManage: '10.1.1.2',
  headEnd,
  marketArea: 'MA-OTT',
  group: null,
  versionId: null,
  configLastUpdated: null,
  overrideIpChecks: false,
  createdOn: at,
  lastUpdate: at,
});
const lists = {
  [NETWORK_COLLECTIONS.cmts]: { 'CMTS-OTT-1': cmts('CMTS-OTT-1') },
  [NETWORK_COLLECTIONS.headEnd]: {
    'ON-OTT-01': { name: 'Ottawa Centre', cmtsCount: 1, createdOn: at, updatedAt: at },
  },
  [NETWORK_COLLECTIONS.marketArea]: {
    'MA-OTT': { name: 'Ottawa', cmtsCount: 1, createdOn: at, updatedAt: at },
  },
};

/** The grid row holding a cell with exactly this text. */
const rowOf = async (text: string) => (await screen.findByText(text)).closest<HTMLElement>('[role="row"]')!;

describe('NetManagePage', () => {
  it('when the CMTS list is still loading, then the table shows its loading overlay, not an empty list', async () => {
    await renderApp(<NetManagePage />, { firestore: { ...lists, [NETWORK_COLLECTIONS.cmts]: 'loading' } });
    const table = screen.getByTestId('cmts-table');
    expect(table.querySelector('.MuiDataGrid-overlayWrapper')).not.toBeNull();
    expect(within(table).queryByText(common.adminKit.empty)).toBeNull();
  });

  it('when the CMTS list is empty, then the table says it has no rows', async () => {
    await renderApp(<NetManagePage />, { firestore: { ...lists, [NETWORK_COLLECTIONS.cmts]: {} } });
    expect(await within(screen.getByTestId('cmts-table')).findByText(common.adminKit.empty)).toBeTruthy();
  });

  it('when the database refuses the list, then its message is shown in French', async () => {
    await renderApp(<NetManagePage />, {
      path: '/fr/net-manage',
      firestore: { ...lists, [NETWORK_COLLECTIONS.cmts]: { error: 'Missing or insufficient permissions.' } },
    });
    expect((await screen.findByTestId('cmts-table-error')).textContent).toBe(
      frCommon.adminKit.loadFailed.replace('{{message}}', 'Missing or insufficient permissions.'),
    );
  });

  it('when an operation user opens the list, then it is read only: no add, edit or delete', async () => {
    await renderApp(<NetManagePage />, { user: { roles: ['operation'] }, firestore: lists });
    expect((await screen.findByTestId('cmts-table-read-only')).textContent).toBe(common.adminKit.readOnly);
    expect(screen.queryByTestId('cmts-table-add')).toBeNull();
    expect(screen.queryByTestId('row-edit')).toBeNull();
  });

  it('when a row is shown, then its head end is named and engineering may edit it', async () => {
    await renderApp(<NetManagePage />, { firestore: lists });
    const row = await rowOf('CMTS-OTT-1');
    expect(row.textContent).toContain('Ottawa Centre');
    expect(within(row).getByTestId('row-edit')).toBeTruthy();
  });

  it('when a delete is refused by the database, then the write error modal shows its message and nothing is deleted', async () => {
    await renderApp(<NetManagePage />, { firestore: lists, failWrites: 'PERMISSION_DENIED: in use' });
    const row = await rowOf('CMTS-OTT-1');
    await userEvent.click(within(row).getByTestId('row-delete'));
    await userEvent.click(screen.getByTestId('confirm-delete-yes'));
    const modal = await screen.findByTestId('write-error');
    expect(modal.textContent).toContain(common.adminKit.writeError);
    expect(modal.textContent).toContain('PERMISSION_DENIED: in use');
    await waitFor(() => expect(screen.getByTestId('confirm-delete')).toBeTruthy());
    expect(fakeWrites).toEqual([]);
  });

  it('when the head-end child is opened, then the head ends are listed with how many CMTS rows use each', async () => {
    await renderApp(<NetManagePage child="head-end" />, { firestore: lists });
    const row = await rowOf('ON-OTT-01');
    expect(within(row).getByTestId('count-link').textContent).toBe('1');
  });
});
