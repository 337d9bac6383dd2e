import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DirectoryUser } from '@insight/common/users';
import en from '../../../locales/en/admin.json';
import fr from '../../../locales/fr/admin.json';
import { fail, ok } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';
import PermissionsPage from './permissions-page';

const marie: DirectoryUser = {
  uid: 'u-marie',
  displayName: 'Marie Tremblay',
  email: 'marie@insight.test',
  roles: ['support1'],
  lastSignIn: '2026-11-20T14:00:00.000Z',
  disabled: false,
};

describe('PermissionsPage', () => {
  it('when the users are still loading, then the table shows its loading overlay, not that nobody matches', async () => {
    await renderApp(<PermissionsPage />, { api: { 'GET /users': 'pending' } });
    const table = screen.getByRole('grid', { name: en.permissions.users });
    expect(table.querySelector('.MuiDataGrid-overlayWrapper')).not.toBeNull();
    expect(screen.queryByText(en.permissions.noUsers)).toBeNull();
  });

  it('when nobody is in the directory, then the table says no user matches', async () => {
    await renderApp(<PermissionsPage />, { api: { 'GET /users': ok({ users: [] }) } });
    expect(await screen.findByText(en.permissions.noUsers)).toBeTruthy();
  });

  it('when the directory cannot be read, then the error is said in French with its translated code', async () => {
    await renderApp(<PermissionsPage />, {
      path: '/fr/permissions',
      api: { 'GET /users': fail(503, 'upstream_unavailable') },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Les utilisateurs n'ont pas pu être chargés : /);
    expect(alert.textContent).not.toContain('upstream_unavailable');
  });

  it('when a support1 user opens the page, then they see their own roles and what they allow, and no one else’s', async () => {
    const { api } = await renderApp(<PermissionsPage />, { user: { roles: ['support1'] } });
    expect(screen.getByTestId('my-capabilities').textContent).toContain('Voice operations');
    expect(screen.queryByRole('grid')).toBeNull();
    expect(api.called('GET', '/users')).toHaveLength(0);
  });

  for (const [path, texts] of [
    ['/permissions', en],
    ['/fr/permissions', fr],
  ] as const)
    it(`(${path}) when a support1 and a support2 user open the page, then the tests from the device are theirs and the Wi-Fi optimisation only support2's`, async () => {
      const first = await renderApp(<PermissionsPage />, { path, user: { roles: ['support1'] } });
      const own = () => screen.getByTestId('my-capabilities').textContent;
      expect(own()).toContain(texts.capabilities.deviceTests);
      expect(own()).not.toContain(texts.capabilities.wifiOptimise);
      first.unmount();
      await renderApp(<PermissionsPage />, { path, user: { roles: ['support2'] } });
      expect(own()).toContain(texts.capabilities.deviceTests);
      expect(own()).toContain(texts.capabilities.wifiOptimise);
    });

  it('when engineering grants a role after confirming, then the new roles are sent for that user', async () => {
    const { api } = await renderApp(<PermissionsPage />, {
      api: {
        'GET /users': ok({ users: [marie] }),
        'PUT /users/u-marie/roles': ok({ uid: 'u-marie', roles: ['support1', 'install'] }),
      },
    });
    await userEvent.click(await screen.findByTestId('edit-roles-marie@insight.test'));
    await userEvent.click(within(screen.getByTestId('role-install')).getByRole('checkbox'));
    await userEvent.click(screen.getByTestId('roles-dialog-confirm'));
    expect(screen.getByTestId('roles-dialog').textContent).toContain('Grant: install. Revoke: none.');
    await userEvent.click(screen.getByTestId('roles-dialog-confirm'));
    await waitFor(() => expect(api.called('PUT', '/users/u-marie/roles')).toHaveLength(1));
    expect(api.called('PUT', '/users/u-marie/roles')[0]!.body).toEqual({ roles: ['support1', 'install'] });
    expect((await screen.findByTestId('roles-dialog-sent')).textContent).toBe(en.permissions.saved);
  });
});
