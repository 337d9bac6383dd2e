import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { can, ROLE_KEYS, type Capability } from '@insight/common/roles';
import admin from '../locales/en/admin.json';
import common from '../locales/en/common.json';
import errors from '../locales/en/errors.json';
import frErrors from '../locales/fr/errors.json';
import { renderApp } from '../testing/render-app';
import { PAGES } from './pages';
import { AppRoutes } from './routes';

const protectedPages = PAGES.filter((entry) => entry.access !== 'public');
const byCapability = protectedPages.filter(
  (entry): entry is typeof entry & { access: Capability } => entry.access !== 'signedIn',
);

describe('AppRoutes (from the page registry)', () => {
  for (const entry of byCapability) {
    const role = ROLE_KEYS.find((key) => !can([key], entry.access));
    if (role)
      it(`when a ${role} user opens ${entry.path}, which needs ${entry.access}, then the no-access page shows`, async () => {
        await renderApp(<AppRoutes />, { path: entry.path, user: { roles: [role] } });
        expect((await screen.findByTestId('status-message')).textContent).toBe(errors.noAccess);
      });
  }

  it('when a user with no role opens any protected page (French), then the no-access page shows', async () => {
    for (const entry of protectedPages) {
      const { unmount } = await renderApp(<AppRoutes />, { path: `/fr${entry.path}`, user: { roles: [] } });
      expect((await screen.findByTestId('status-message')).textContent, entry.path).toBe(frErrors.noAccess);
      unmount();
    }
  });

  it('when an operation user, who may read the network lists but not their secrets, opens them, then the CRM webhooks tab is not offered', async () => {
    await renderApp(<AppRoutes />, { path: '/net-manage', user: { roles: ['operation'] } });
    const tabs = await screen.findByRole('tablist', { name: common.nav.netManage });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([common.pages.cmtsSource, common.pages.headEnd, common.pages.marketArea]);
  });

  it('when engineering opens the network lists, then the CRM webhooks tab is offered too', async () => {
    await renderApp(<AppRoutes />, { path: '/net-manage/head-end', user: { roles: ['engineering'] } });
    const tabs = await screen.findByRole('tablist', { name: common.nav.netManage });
    expect(within(tabs).getByRole('tab', { name: common.pages.crmWebhooks }).getAttribute('href')).toBe(
      '/net-manage/crm-webhooks',
    );
  });

  it('when an operation user opens the CRM webhooks directly, then its tab stays with the no-access page', async () => {
    await renderApp(<AppRoutes />, { path: '/net-manage/crm-webhooks', user: { roles: ['operation'] } });
    expect((await screen.findByTestId('status-message')).textContent).toBe(errors.noAccess);
    const tabs = screen.getByRole('tablist', { name: common.nav.netManage });
    expect(
      within(tabs).getByRole('tab', { name: common.pages.crmWebhooks }).getAttribute('aria-selected'),
    ).toBe('true');
  });

  it('when engineering opens /sample, then the sample page loads', async () => {
    await renderApp(<AppRoutes />, { path: '/sample', user: { roles: ['engineering'] } });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(admin.sample.title);
  });

  it('when a path is unknown, then the 404 page shows', async () => {
    await renderApp(<AppRoutes />, { path: '/no/such/page' });
    expect((await screen.findByTestId('status-message')).textContent).toBe(errors.notFound);
  });
});
