import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAYBOOK, DIAGNOSIS_COLLECTIONS } from '@insight/common/diagnosis-playbook';
import admin from '../../../locales/en/admin.json';
import common from '../../../locales/en/common.json';
import frAdmin from '../../../locales/fr/admin.json';
import frCommon from '../../../locales/fr/common.json';
import { fail, ok } from '../../../testing/fake-api';
import { fakeWrites, Timestamp, type FakePath } from '../../../testing/fake-firebase';
import { renderApp } from '../../../testing/render-app';
import ThresholdPage from './threshold-page';

/** The seeded playbook as stored (by key, stamped). */
const stored = (): FakePath =>
  Object.fromEntries(
    DEFAULT_PLAYBOOK.map((entry) => [
      entry.key,
      { ...entry, updatedAt: Timestamp.fromDate(new Date('2026-11-20T15:00:00Z')), updatedBy: 'system:seed' },
    ]),
  );
const lists = (playbook: FakePath = stored()) => ({ [DIAGNOSIS_COLLECTIONS.playbook]: playbook });
const rxFail = DEFAULT_PLAYBOOK.find((entry) => entry.key === 'rxPower.fail')!;
/** The grid row holding a cell with exactly this text. */
const rowOf = async (text: string) => (await screen.findByText(text)).closest<HTMLElement>('[role="row"]')!;

describe('PlaybookPage (/threshold/playbook)', () => {
  it('when the entries are still loading, then the table shows its loading overlay, not an empty list', async () => {
    await renderApp(<ThresholdPage child="playbook" />, {
      path: '/threshold/playbook',
      firestore: lists('loading'),
    });
    const table = screen.getByTestId('playbook-table');
    expect(table.querySelector('.MuiDataGrid-overlayWrapper')).not.toBeNull();
    expect(within(table).queryByText(common.adminKit.empty)).toBeNull();
  });

  it('when no entry is stored, then the table says it has no rows and the help says a key keeps its built-in text', async () => {
    await renderApp(<ThresholdPage child="playbook" />, {
      path: '/threshold/playbook',
      firestore: lists({}),
    });
    expect(await within(screen.getByTestId('playbook-table')).findByText(common.adminKit.empty)).toBeTruthy();
    expect(screen.getByTestId('playbook-help').textContent).toBe(admin.playbook.help);
    expect(screen.getByTestId('playbook-table-add')).toBeTruthy();
  });

  it('when the database refuses the entries (French), then its message is shown', async () => {
    await renderApp(<ThresholdPage child="playbook" />, {
      path: '/fr/threshold/playbook',
      firestore: lists({ error: 'Missing or insufficient permissions.' }),
    });
    expect((await screen.findByTestId('playbook-table-error')).textContent).toBe(
      frCommon.adminKit.loadFailed.replace('{{message}}', 'Missing or insufficient permissions.'),
    );
  });

  it('when engineering opens the entries, then each shows its key and its texts in English, and the threshold search is not shown', async () => {
    await renderApp(<ThresholdPage child="playbook" />, { path: '/threshold/playbook', firestore: lists() });
    const row = await rowOf('rxPower.fail');
    expect(within(row).getByText(rxFail.titleEn)).toBeTruthy();
    expect(within(row).getByText(rxFail.causeEn)).toBeTruthy();
    expect(within(row).getByText(rxFail.stepEn)).toBeTruthy();
    expect(within(row).getByText(admin.playbook.tabs.wan)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: admin.playbook.fields.step })).toBeTruthy();
    expect(screen.queryByTestId('threshold-search')).toBeNull();
    expect(within(row).getByTestId('row-edit')).toBeTruthy();
  });

  it('when a support3 user opens them in French, then the texts are French and the list is read only', async () => {
    await renderApp(<ThresholdPage child="playbook" />, {
      path: '/fr/threshold/playbook',
      user: { roles: ['support3'] },
      firestore: lists(),
    });
    expect((await screen.findByTestId('playbook-table-read-only')).textContent).toBe(
      frCommon.adminKit.readOnly,
    );
    const row = await rowOf('rxPower.fail');
    expect(within(row).getByText(rxFail.titleFr)).toBeTruthy();
    expect(within(row).getByText(rxFail.stepFr)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: frAdmin.playbook.fields.step })).toBeTruthy();
    expect(screen.queryByTestId('playbook-table-add')).toBeNull();
    expect(within(row).queryByTestId('row-edit')).toBeNull();
    expect(within(row).queryByTestId('row-delete')).toBeNull();
  });

  it('when engineering edits the English next step and saves, then the API gets the entry in both languages (key fixed, no stamps) and nothing is written to the database', async () => {
    const { api } = await renderApp(<ThresholdPage child="playbook" />, {
      path: '/threshold/playbook',
      firestore: lists(),
      api: { 'PUT /admin/playbook/rxPower.fail': ok({ id: 'rxPower.fail' }) },
    });
    await userEvent.click(within(await rowOf('rxPower.fail')).getByTestId('row-edit'));
    const dialog = await screen.findByTestId('playbook-dialog');
    expect(within(dialog).getByText(admin.playbook.edit.replace('{{key}}', 'rxPower.fail'))).toBeTruthy();
    // The key names the document: fixed once saved.
    expect(within(dialog).getByTestId('field-key').getAttribute('aria-disabled')).toBe('true');
    const step = within(dialog).getByTestId('field-stepEn') as HTMLTextAreaElement;
    expect(step.value).toBe(rxFail.stepEn);
    await userEvent.clear(step);
    await userEvent.paste('Clean the connector at the ONU, then measure again.');
    await userEvent.click(within(dialog).getByTestId('playbook-dialog-save'));
    await waitFor(() => expect(screen.queryByTestId('playbook-dialog')).toBeNull());
    const calls = api.called('PUT', '/admin/playbook/rxPower.fail');
    expect(calls).toHaveLength(1);
    const { fields } = calls[0]!.body as { fields: Record<string, unknown> };
    expect(fields).toEqual({
      key: 'rxPower.fail',
      titleEn: rxFail.titleEn,
      titleFr: rxFail.titleFr,
      causeEn: rxFail.causeEn,
      causeFr: rxFail.causeFr,
      stepEn: 'Clean the connector at the ONU, then measure again.',
      stepFr: rxFail.stepFr,
      action: rxFail.action,
      tab: rxFail.tab,
    });
    expect(fakeWrites).toEqual([]);
  });

  it('when a next step is emptied, then the form refuses it in words and sends nothing', async () => {
    const { api } = await renderApp(<ThresholdPage child="playbook" />, {
      path: '/threshold/playbook',
      firestore: lists(),
    });
    await userEvent.click(within(await rowOf('rxPower.fail')).getByTestId('row-edit'));
    const dialog = await screen.findByTestId('playbook-dialog');
    await userEvent.clear(within(dialog).getByTestId('field-stepFr'));
    await userEvent.click(within(dialog).getByTestId('playbook-dialog-save'));
    expect(await within(dialog).findByText(common.validation.required)).toBeTruthy();
    expect(api.calls.filter((call) => call.path.startsWith('/admin/'))).toEqual([]);
  });

  it('when engineering adds an entry for a key, then the built-in texts of the key are shown and the new entry is sent under its key', async () => {
    const { api } = await renderApp(<ThresholdPage child="playbook" />, {
      path: '/threshold/playbook',
      firestore: lists({}),
      api: { 'PUT /admin/playbook/wifiPlacement': ok({ id: 'wifiPlacement' }) },
    });
    await userEvent.click(await screen.findByTestId('playbook-table-add'));
    const dialog = await screen.findByTestId('playbook-dialog');
    await userEvent.click(within(dialog).getByTestId('field-key'));
    await userEvent.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: /^wifiPlacement · / }),
    );
    const placement = DEFAULT_PLAYBOOK.find((entry) => entry.key === 'wifiPlacement')!;
    expect(within(dialog).getByTestId('playbook-built-in').textContent).toContain(placement.stepEn);
    for (const [field, value] of [
      ['titleEn', 'Pods too far apart'],
      ['titleFr', 'Pods trop éloignés'],
      ['causeEn', 'The pods are on different floors.'],
      ['causeFr', 'Les pods sont à des étages différents.'],
      ['stepEn', 'Move a pod halfway.'],
      ['stepFr', 'Déplacez un pod à mi-chemin.'],
    ] as const) {
      await userEvent.click(within(dialog).getByTestId(`field-${field}`));
      await userEvent.paste(value);
    }
    await userEvent.click(within(dialog).getByTestId('playbook-dialog-save'));
    await waitFor(() => expect(screen.queryByTestId('playbook-dialog')).toBeNull());
    const { fields } = api.called('PUT', '/admin/playbook/wifiPlacement')[0]!.body as {
      fields: Record<string, unknown>;
    };
    expect(fields).toMatchObject({
      key: 'wifiPlacement',
      stepFr: 'Déplacez un pod à mi-chemin.',
      action: null,
    });
    expect(fields.tab).toBe('overview');
  });

  it('when the API refuses a save, then the write error modal shows its message and the form stays open', async () => {
    await renderApp(<ThresholdPage child="playbook" />, {
      path: '/threshold/playbook',
      firestore: lists(),
      api: { 'PUT /admin/playbook/rxPower.fail': fail(403, 'forbidden', 'PERMISSION_DENIED') },
    });
    await userEvent.click(within(await rowOf('rxPower.fail')).getByTestId('row-edit'));
    await userEvent.click(await screen.findByTestId('playbook-dialog-save'));
    expect((await screen.findByTestId('write-error-message')).textContent).toContain('PERMISSION_DENIED');
    expect(screen.getByTestId('playbook-dialog')).toBeTruthy();
  });

  it('when engineering deletes an entry, then it is confirmed and sent to the API', async () => {
    const { api } = await renderApp(<ThresholdPage child="playbook" />, {
      path: '/threshold/playbook',
      firestore: lists(),
      api: { 'DELETE /admin/playbook/rxPower.fail': { status: 204, body: null } },
    });
    await userEvent.click(within(await rowOf('rxPower.fail')).getByTestId('row-delete'));
    expect(screen.getByTestId('confirm-delete').textContent).toContain(`rxPower.fail (${rxFail.titleEn})`);
    await userEvent.click(screen.getByTestId('confirm-delete-yes'));
    await waitFor(() => expect(api.called('DELETE', '/admin/playbook/rxPower.fail')).toHaveLength(1));
  });
});
