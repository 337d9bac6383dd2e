import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NETWORK_COLLECTIONS } from '@insight/common/network';
import admin from '../../../locales/en/admin.json';
import common from '../../../locales/en/common.json';
import frCommon from '../../../locales/fr/common.json';
import { fail, ok, type Reply } from '../../../testing/fake-api';
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

/** A 409 conflict answer of the admin API, with its details. */
const conflict = (details: Record<string, unknown>): Reply => ({
  status: 409,
  body: { error: { code: 'conflict', message: 'Conflict', details } },
});

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

  it('when a delete is refused by the server, then the write error modal shows its message and nothing is deleted', async () => {
    const { api } = await renderApp(<NetManagePage />, {
      firestore: lists,
      api: { 'DELETE /admin/cmts/CMTS-OTT-1': fail(403, 'forbidden', 'PERMISSION_DENIED: in use') },
    });
    const row = await rowOf('CMTS-OTT-1');
    await userEvent.click(within(row).getByTestId('row-delete'));
    await userEvent.click(screen.getByTestId('confirm-delete-yes'));
    const modal = await screen.findByTestId('write-error');
    expect(modal.textContent).toContain(common.adminKit.writeError);
    expect(modal.textContent).toContain('PERMISSION_DENIED: in use');
    await waitFor(() => expect(screen.getByTestId('confirm-delete')).toBeTruthy());
    // The delete went to the API, once; the browser wrote nothing to Firestore.
    expect(api.called('DELETE', '/admin/cmts/CMTS-OTT-1')).toHaveLength(1);
    expect(fakeWrites).toEqual([]);
  });

  it('when a row is saved, then the API gets only the user’s fields (the server stamps author and times)', async () => {
    const { api } = await renderApp(<NetManagePage />, {
      firestore: lists,
      api: { 'PUT /admin/cmts/CMTS-OTT-1': { status: 200, body: { id: 'CMTS-OTT-1' } } },
    });
    await userEvent.click(within(await rowOf('CMTS-OTT-1')).getByTestId('row-edit'));
    await userEvent.clear(screen.getByTestId('field-hostName'));
    await userEvent.type(screen.getByTestId('field-hostName'), 'ott-1b.net');
    await userEvent.click(screen.getByTestId('cmts-dialog-save'));
    await waitFor(() => expect(api.called('PUT', '/admin/cmts/CMTS-OTT-1')).toHaveLength(1));
    const { fields } = api.called('PUT', '/admin/cmts/CMTS-OTT-1')[0]!.body as {
      fields: Record<string, unknown>;
    };
    expect(fields).toMatchObject({ cmtsId: 'CMTS-OTT-1', hostName: 'ott-1b.net', headEnd: 'ON-OTT-01' });
    for (const stamp of ['updatedBy', 'lastUpdate', 'createdOn']) expect(fields).not.toHaveProperty(stamp);
    expect(fakeWrites).toEqual([]);
    await waitFor(() => expect(screen.queryByTestId('cmts-dialog')).toBeNull());
  });

  it('when the API refuses a save because the address is taken, then the modal says so in words, in English and in French', async () => {
    const refused = conflict({ reason: 'ipInUse', field: 'ipLookup', with: 'CMTS X', value: '10.0.0.1' });
    for (const [path, text] of [
      ['/net-manage', 'IP Lookup 10.0.0.1 is already used by CMTS CMTS X.'],
      ['/fr/net-manage', 'IP de consultation 10.0.0.1 est déjà utilisée par le CMTS CMTS X.'],
    ] as const) {
      const view = await renderApp(<NetManagePage />, {
        path,
        firestore: lists,
        api: { 'PUT /admin/cmts/CMTS-OTT-1': refused },
      });
      await userEvent.click(within(await rowOf('CMTS-OTT-1')).getByTestId('row-edit'));
      await userEvent.click(screen.getByTestId('cmts-dialog-save'));
      expect((await screen.findByTestId('write-error-message')).textContent).toBe(text);
      // The form stays open with what the user typed.
      expect(screen.getByTestId('cmts-dialog')).toBeTruthy();
      view.unmount();
    }
  });

  it('when a CMTS row names a head end that does not exist, then the row is shown and flagged, in words', async () => {
    await renderApp(<NetManagePage />, {
      firestore: {
        ...lists,
        [NETWORK_COLLECTIONS.cmts]: {
          'CMTS-OTT-1': cmts('CMTS-OTT-1'),
          'CMTS-OTT-2': cmts('CMTS-OTT-2', 'ON-GONE'),
        },
      },
    });
    const orphan = await rowOf('CMTS-OTT-2');
    const flag = await within(orphan).findByTestId('missing-parent');
    expect(flag.getAttribute('aria-label')).toBe(
      common.adminKit.missingParent
        .replace('{{field}}', admin.netManage.fields.headEnd)
        .replace('{{id}}', 'ON-GONE'),
    );
    expect(orphan.textContent).toContain('ON-GONE');
    expect(within(await rowOf('CMTS-OTT-1')).queryByTestId('missing-parent')).toBeNull();
  });

  it('when the head-end child is opened, then the head ends are listed with how many CMTS rows use each', async () => {
    await renderApp(<NetManagePage child="head-end" />, { firestore: lists });
    const row = await rowOf('ON-OTT-01');
    expect(within(row).getByTestId('count-link').textContent).toBe('1');
  });

  it('when a head end’s kept count is negative, then its row is still listed and the count is flagged, in French too', async () => {
    const drifted = {
      ...lists,
      [NETWORK_COLLECTIONS.headEnd]: {
        'ON-OTT-01': { name: 'Ottawa Centre', cmtsCount: -2, createdOn: at, updatedAt: at },
      },
    };
    for (const [path, text] of [
      ['/net-manage/head-end', common.adminKit.countOutOfRange],
      ['/fr/net-manage/head-end', frCommon.adminKit.countOutOfRange],
    ] as const) {
      const view = await renderApp(<NetManagePage child="head-end" />, { path, firestore: drifted });
      const flag = within(await rowOf('ON-OTT-01')).getByTestId('count-out-of-range');
      expect(flag.textContent).toBe('-2');
      expect(flag.getAttribute('aria-label')).toBe(`-2: ${text}`);
      view.unmount();
    }
  });

  it('when the server refuses a delete because CMTS rows still use the entry, then the dependents dialog shows the server’s count', async () => {
    const stale = {
      ...lists,
      // The kept count says none (a trigger not yet run): the delete is tried, the server refuses it.
      [NETWORK_COLLECTIONS.headEnd]: {
        'ON-OTT-01': { name: 'Ottawa Centre', cmtsCount: 0, createdOn: at, updatedAt: at },
      },
    };
    const { api } = await renderApp(<NetManagePage child="head-end" />, {
      firestore: stale,
      api: {
        'DELETE /admin/headEnd/ON-OTT-01': conflict({
          reason: 'inUse',
          dependents: [{ list: 'cmts', count: 3 }],
        }),
      },
    });
    await userEvent.click(within(await rowOf('ON-OTT-01')).getByTestId('row-delete'));
    await userEvent.click(screen.getByTestId('confirm-delete-yes'));
    expect((await screen.findByTestId('dependents-count')).textContent).toBe(
      admin.netManage.totalInCmts.replace('{{num}}', '3'),
    );
    expect(screen.getByTestId('dependents-link').getAttribute('href')).toBe('/net-manage?headEnd=ON-OTT-01');
    expect(screen.queryByTestId('write-error')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('confirm-delete')).toBeNull());
    expect(api.called('DELETE', '/admin/headEnd/ON-OTT-01')).toHaveLength(1);
  });

  it('when the kept count says CMTS rows use the entry, then the server is asked and the dependents dialog shows its count', async () => {
    const { api } = await renderApp(<NetManagePage child="head-end" />, {
      firestore: lists,
      api: { 'GET /admin/headEnd/ON-OTT-01/dependents': ok({ dependents: [{ list: 'cmts', count: 3 }] }) },
    });
    await userEvent.click(within(await rowOf('ON-OTT-01')).getByTestId('row-delete'));
    expect((await screen.findByTestId('dependents-count')).textContent).toBe(
      admin.netManage.totalInCmts.replace('{{num}}', '3'),
    );
    expect(
      api.calls
        .filter((call) => call.path.startsWith('/admin/'))
        .map((call) => `${call.method} ${call.path}`),
    ).toEqual(['GET /admin/headEnd/ON-OTT-01/dependents']);
  });

  it('when an operation user opens a list, then there is no Recount; engineering has it', async () => {
    const view = await renderApp(<NetManagePage child="head-end" />, {
      user: { roles: ['operation'] },
      firestore: lists,
    });
    await rowOf('ON-OTT-01');
    expect(screen.queryByTestId('recount')).toBeNull();
    view.unmount();
    await renderApp(<NetManagePage child="head-end" />, { firestore: lists });
    expect(await screen.findByTestId('recount')).toBeTruthy();
  });
});

describe('NetManagePage as engineering edits it', () => {
  it('when an IP address is not valid, then the field says so (not that it is required)', async () => {
    await renderApp(<NetManagePage />, { firestore: lists });
    await userEvent.click(within(await rowOf('CMTS-OTT-1')).getByTestId('row-edit'));
    const field = screen.getByTestId('field-ipLookup');
    await userEvent.clear(field);
    await userEvent.type(field, '10.21.999.1');
    await userEvent.click(screen.getByTestId('cmts-dialog-save'));
    expect(await screen.findByText(common.validation.ipAddress)).toBeTruthy();
    expect(common.validation.ipAddress).toMatch(/^IP Address required: /);
  });

  it('when the list is shown in French, then every column heading is French and the marketing area has one name', async () => {
    await renderApp(<NetManagePage />, { path: '/fr/net-manage', firestore: lists });
    await rowOf('CMTS-OTT-1');
    const headings = screen.getAllByRole('columnheader').map((cell) => cell.textContent ?? '');
    expect(headings.join(' | ')).not.toMatch(/IP Lookup|IP Management|lastUpdated|lastConfig|marketing/);
    expect(headings).toEqual(expect.arrayContaining(['IP de consultation', 'Secteur de marché']));
  });

  it('when a CMTS is added, then the save is confirmed and the list shows the new row', async () => {
    const { history } = await renderApp(<NetManagePage />, {
      path: '/net-manage',
      firestore: lists,
      api: { 'PUT /admin/cmts/CMTS-HAM-1': { status: 200, body: { id: 'CMTS-HAM-1' } } },
    });
    await rowOf('CMTS-OTT-1');
    await userEvent.click(screen.getByTestId('cmts-table-add'));
    const values = {
      cmtsId: 'CMTS-HAM-1',
      hostName: 'ham-1.net',
      ipLookup: '10.9.9.1',
      ipManage: '10.9.9.2',
    };
    for (const [name, value] of Object.entries(values))
      await userEvent.type(screen.getByTestId(`field-${name}`), value);
    for (const [name, option] of [
      ['headEnd', /Ottawa Centre|ON-OTT-01/],
      ['marketArea', /Ottawa|MA-OTT/],
    ] as const) {
      await userEvent.click(screen.getByTestId(`field-${name}`));
      await userEvent.click((await screen.findAllByRole('option', { name: option }))[0]!);
    }
    await userEvent.click(screen.getByTestId('cmts-dialog-save'));
    await waitFor(() => expect(history.at(-1)).toBe('/net-manage?cmtsId=CMTS-HAM-1&added=1'));
    expect(screen.getByTestId('cmts-filter').textContent).toBe(
      admin.netManage.filteredBy.added.replace('{{name}}', 'CMTS-HAM-1'),
    );
  });
});
