import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/home.json';
import fr from '../../../locales/fr/home.json';
import enErrors from '../../../locales/en/errors.json';
import frCommon from '../../../locales/fr/common.json';
import { fakeWrites } from '../../../testing/fake-firebase';
import { renderApp } from '../../../testing/render-app';
import HomePage from './home-page';

const TOOLS = [
  { key: 'insight360' as const, path: '/i/mac/enter-mac' },
  { key: 'audit' as const, path: '/audit' },
];

describe('HomePage', () => {
  it('when nobody is signed in (French), then the landing invites to sign in at the French login', async () => {
    await renderApp(<HomePage />, { path: '/fr', user: null });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(fr.signedOutTitle);
    expect(screen.getByRole('link', { name: frCommon.nav.login }).getAttribute('href')).toBe('/fr/login');
  });

  it('when the user has looked nothing up yet, then the recent lookups say where they will appear, and the tools of their roles are offered', async () => {
    await renderApp(<HomePage tools={TOOLS} />, { firestore: { recent_lookups: {} } });
    expect(await screen.findByText(en.recentEmpty)).toBeTruthy();
    expect(screen.getByRole('link', { name: new RegExp(en.toolNames.audit) }).getAttribute('href')).toBe(
      '/audit',
    );
    expect(screen.queryByText(en.toolNames.threshold)).toBeNull();
  });

  it('when the user has no role, then no tool is offered, their roles read "-", and instead of the MAC search they are told how to get a role', async () => {
    await renderApp(<HomePage tools={[]} />, { user: { roles: [] } });
    expect(screen.queryByText(en.toolNames.insight360)).toBeNull();
    expect(screen.getByText(en.yourRoles.replace('{{roles}}', '-'))).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByTestId('home-no-search').textContent).toBe(enErrors.noAccessHint);
  });

  it('when the user has recent lookups, then each opens its 360 view, and Clear empties the list', async () => {
    await renderApp(<HomePage tools={TOOLS} />, {
      user: { uid: 'u-home', roles: ['support1'] },
      firestore: { recent_lookups: { 'u-home': { macs: ['A4C1E8000010', '3C7A8A000011'] } } },
    });
    const recent = await screen.findByTestId('recent-lookups');
    expect(within(recent).getByText('A4:C1:E8:00:00:10').closest('a')!.getAttribute('href')).toBe(
      '/i/mac/A4C1E8000010',
    );
    await userEvent.click(screen.getByRole('button', { name: en.clearRecent }));
    await waitFor(() =>
      expect(fakeWrites).toEqual([
        { kind: 'set', path: 'recent_lookups/u-home', data: expect.objectContaining({ macs: [] }) },
      ]),
    );
  });

  it('when the recent lookups cannot be read (French), then the list says so instead of saying it is empty', async () => {
    await renderApp(<HomePage tools={TOOLS} />, {
      path: '/fr',
      user: { uid: 'u-refused', roles: ['support1'] },
      firestore: { recent_lookups: { error: 'Missing or insufficient permissions.' } },
    });
    expect((await screen.findByTestId('recent-failed')).textContent).toBe(fr.recentFailed);
    expect(screen.queryByText(fr.recentEmpty)).toBeNull();
  });

  it('when Clear cannot be written, then the list stays and says it could not be cleared', async () => {
    await renderApp(<HomePage tools={TOOLS} />, {
      user: { uid: 'u-kept', roles: ['support1'] },
      firestore: { recent_lookups: { 'u-kept': { macs: ['A4C1E8000010'] } } },
      failWrites: 'Missing or insufficient permissions.',
    });
    const recent = await screen.findByTestId('recent-lookups');
    await userEvent.click(screen.getByRole('button', { name: en.clearRecent }));
    expect((await screen.findByTestId('recent-failed')).textContent).toBe(en.clearFailed);
    expect(within(recent).getByText('A4:C1:E8:00:00:10')).toBeTruthy();
  });

  it('when a MAC is typed in any common spelling, then its 360 view opens; anything else is refused', async () => {
    const { history } = await renderApp(<HomePage tools={TOOLS} />, { path: '/fr' });
    const field = screen.getByRole('textbox', { name: frCommon.macSearch.label });
    await userEvent.type(field, 'zz{Enter}');
    expect(screen.getByText(frCommon.macSearch.invalid)).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, 'a4c1.e800.0010{Enter}');
    expect(history.at(-1)).toBe('/fr/i/mac/A4C1E8000010');
  });
});
