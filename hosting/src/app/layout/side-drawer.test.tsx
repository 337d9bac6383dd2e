/** The drawer offers each page to those who may open it (docs/requirements.md, "Layout and navigation"). */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import common from '../../locales/en/common.json';
import fr from '../../locales/fr/common.json';
import { renderApp } from '../../testing/render-app';
import { SideDrawer } from './side-drawer';

const drawer = () => (
  <SideDrawer
    isPhone={false}
    expanded
    onToggleExpanded={() => undefined}
    mobileOpen={false}
    onCloseMobile={() => undefined}
  />
);

describe('the side drawer', () => {
  it('when a support agent is signed in, then it offers the outage board beside Home and the 360 view', async () => {
    await renderApp(drawer(), { user: { roles: ['support1'] } });
    const menu = screen.getByRole('navigation', { name: common.nav.mainMenu });
    const board = within(menu).getByRole('link', { name: common.nav.outages });
    expect(board.getAttribute('href')).toBe('/outages');
    expect(within(menu).getByRole('link', { name: common.nav.insight360 })).toBeTruthy();
  });

  it('when an installer is signed in (French), then the outage board, which they may not open, is not offered', async () => {
    await renderApp(drawer(), { path: '/fr', user: { roles: ['install'] } });
    const menu = screen.getByRole('navigation', { name: fr.nav.mainMenu });
    expect(within(menu).queryByRole('link', { name: fr.nav.outages })).toBeNull();
    expect(within(menu).getByRole('link', { name: fr.nav.insight360 })).toBeTruthy();
  });

  it('when a support agent is signed in, then the staging pages, which they may not open, are not offered, nor their group', async () => {
    await renderApp(drawer(), { user: { roles: ['support2'] } });
    const menu = screen.getByRole('navigation', { name: common.nav.mainMenu });
    expect(within(menu).queryByRole('button', { name: common.nav.staging })).toBeNull();
    for (const label of [common.nav.epicoPlume, common.nav.onu, common.nav.generic])
      expect(within(menu).queryByRole('link', { name: label })).toBeNull();
    expect(within(menu).getByRole('link', { name: common.nav.insight360 })).toBeTruthy();
  });

  it('when an installer is signed in (French), then the staging group offers its three pages', async () => {
    await renderApp(drawer(), { path: '/fr', user: { roles: ['install'] } });
    const menu = screen.getByRole('navigation', { name: fr.nav.mainMenu });
    expect(within(menu).getByRole('button', { name: fr.nav.staging }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(
      [fr.nav.epicoPlume, fr.nav.onu, fr.nav.generic].map((label) =>
        within(menu).getByRole('link', { name: label }).getAttribute('href'),
      ),
    ).toEqual(['/fr/plume-stage', '/fr/onu-stage', '/fr/juniper-stage']);
  });
});
