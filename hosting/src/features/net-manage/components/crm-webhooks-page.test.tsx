import axe from 'axe-core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CRM_WEBHOOKS_COLLECTION } from '@insight/common/crm-webhooks';
import admin from '../../../locales/en/admin.json';
import common from '../../../locales/en/common.json';
import errors from '../../../locales/en/errors.json';
import frAdmin from '../../../locales/fr/admin.json';
import frCommon from '../../../locales/fr/common.json';
import { ok } from '../../../testing/fake-api';
import { Timestamp } from '../../../testing/fake-firebase';
import { renderApp } from '../../../testing/render-app';
import NetManagePage from './net-manage-page';

const at = Timestamp.fromDate(new Date('2026-11-20T14:00:00Z'));
const SECRET = 'a3f1c0de5eed5ec7e7a3f1c0de5eed5e';
const lists = {
  [CRM_WEBHOOKS_COLLECTION]: {
    'crm-main': {
      webhookId: 'crm-main',
      name: 'Main CRM',
      url: 'https://crm.example/hooks/outages',
      secret: SECRET,
      enabled: true,
      updatedBy: 'eng',
      updatedAt: at,
    },
  },
};

describe('CRM webhooks (/net-manage/crm-webhooks)', () => {
  it('when engineering opens it, then the webhooks show without their secret, and a save goes through the admin API', async () => {
    const { api } = await renderApp(<NetManagePage child="crm-webhooks" />, {
      firestore: lists,
      api: { 'PUT /admin/crmWebhooks/crm-main': ok({ id: 'crm-main' }) },
    });
    const row = (await screen.findByText('Main CRM')).closest<HTMLElement>('[role="row"]')!;
    expect(row.textContent).toContain('https://crm.example/hooks/outages');
    expect(row.textContent).toContain(admin.crmWebhooks.on);
    expect(screen.getByTestId('crm-webhooks-table').textContent).not.toContain(SECRET);
    await userEvent.click(within(row).getByTestId('row-edit'));
    const dialog = await screen.findByTestId('crm-webhooks-dialog');
    const name = within(dialog).getByLabelText(admin.crmWebhooks.fields.name);
    await userEvent.clear(name);
    await userEvent.type(name, 'Main CRM (IVR)');
    await userEvent.click(within(dialog).getByRole('button', { name: common.adminKit.save }));
    await waitFor(() => expect(api.called('PUT', '/admin/crmWebhooks/crm-main')).toHaveLength(1));
    expect(api.called('PUT', '/admin/crmWebhooks/crm-main')[0]!.body).toEqual({
      fields: {
        webhookId: 'crm-main',
        name: 'Main CRM (IVR)',
        url: 'https://crm.example/hooks/outages',
        secret: SECRET,
        enabled: true,
      },
    });
  });

  it('when a URL is plain http to another host or the secret is short, then the form refuses it and nothing is sent', async () => {
    const { api } = await renderApp(<NetManagePage child="crm-webhooks" />, { firestore: lists });
    await userEvent.click(await screen.findByTestId('crm-webhooks-table-add'));
    const dialog = await screen.findByTestId('crm-webhooks-dialog');
    await userEvent.type(within(dialog).getByLabelText(admin.crmWebhooks.fields.webhookId), 'crm-b');
    await userEvent.type(within(dialog).getByLabelText(admin.crmWebhooks.fields.name), 'Second');
    const url = within(dialog).getByLabelText(admin.crmWebhooks.fields.url);
    await userEvent.clear(url);
    await userEvent.type(url, 'http://crm.example/hook');
    const secret = within(dialog).getByLabelText(admin.crmWebhooks.fields.secret);
    await userEvent.clear(secret);
    await userEvent.type(secret, 'short');
    await userEvent.click(within(dialog).getByRole('button', { name: common.adminKit.save }));
    expect(
      await within(dialog).findByText(common.validation.minLength.replace('{{num}}', '16')),
    ).toBeTruthy();
    expect(api.calls.filter((call) => call.path.startsWith('/admin/'))).toEqual([]);
  });

  it('when there is no webhook yet, then the table says so, in French, and axe finds no violation', async () => {
    const view = await renderApp(<NetManagePage child="crm-webhooks" />, {
      path: '/fr/net-manage/crm-webhooks',
      firestore: { [CRM_WEBHOOKS_COLLECTION]: {} },
    });
    expect(await screen.findByText(frAdmin.crmWebhooks.help)).toBeTruthy();
    const table = screen.getByTestId('crm-webhooks-table');
    expect(await within(table).findByText(frCommon.adminKit.empty)).toBeTruthy();
    // jsdom lays nothing out: the contrast is checked in the browser.
    const results = await axe.run(view.container, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('when the list cannot be read, then the error is shown', async () => {
    await renderApp(<NetManagePage child="crm-webhooks" />, {
      firestore: { [CRM_WEBHOOKS_COLLECTION]: { error: 'Missing or insufficient permissions.' } },
    });
    expect((await screen.findByTestId('crm-webhooks-table-error')).textContent).toBe(
      common.adminKit.loadFailed.replace('{{message}}', 'Missing or insufficient permissions.'),
    );
  });

  it('when operation or support3 open it, then they get the no-access page and no webhook shows', async () => {
    for (const role of ['operation', 'support3'] as const) {
      const view = await renderApp(<NetManagePage child="crm-webhooks" />, {
        user: { roles: [role] },
        firestore: lists,
      });
      expect((await screen.findByTestId('status-message')).textContent).toBe(errors.noAccess);
      expect(screen.queryByText('Main CRM')).toBeNull();
      view.unmount();
    }
  });
});
