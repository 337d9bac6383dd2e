import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import common from '../locales/en/common.json';
import frCommon from '../locales/fr/common.json';
import { renderApp } from '../testing/render-app';
import { PAGES } from './pages';
import { AppRoutes } from './routes';

const titled = () => waitFor(() => expect(document.title).not.toBe(''));

describe('page titles (docs/requirements.md, "Page titles")', () => {
  // One test a page (French): each renders the app on its path. The last one compares what they saw.
  // Final path (a page may send elsewhere: /login once signed in, /i/mac to its entry page) -> title.
  const titles = new Map<string, string>();
  for (const entry of PAGES)
    it(`when engineering opens ${entry.path} (French), then its title names the product in words`, async () => {
      document.title = '';
      const { unmount, history } = await renderApp(<AppRoutes />, {
        path: `/fr${entry.path === '/' ? '' : entry.path}`,
        user: { roles: ['engineering'] },
      });
      await titled();
      expect(document.title).toMatch(/Insight/);
      // A text, never an i18n key left untranslated.
      expect(document.title).not.toMatch(/\btitles\.|\bnav\./);
      titles.set(history.at(-1)!, document.title);
      unmount();
    });

  it('when every page of the registry has been opened (French), then each title is its own', () => {
    expect(new Set(titles.values()).size, JSON.stringify([...titles])).toBe(titles.size);
    expect(titles.size).toBeGreaterThanOrEqual(PAGES.length - 2);
    expect([...titles.values()]).toContain(`${frCommon.titles.enterMac} · Insight`);
  });

  it('when a section tab is opened, then the title names the section and the tab in the user’s language, and follows a client navigation', async () => {
    const { navigate } = await renderApp(<AppRoutes />, {
      path: '/fr/threshold/definitions',
      user: { roles: ['engineering'] },
    });
    await waitFor(() => expect(document.title).toBe('Seuils · Définitions · Insight'));
    act(() => navigate('/fr/net-manage/head-end'));
    await waitFor(() => expect(document.title).toBe('Gestion du réseau · Tête de réseau · Insight'));
    act(() => navigate('/fr/no/such/page'));
    await waitFor(() => expect(document.title).toBe(`${frCommon.titles.notFound} · Insight`));
  }, 60_000);

  it('when a 360 view is opened, then its title names the device before the customer is known', async () => {
    await renderApp(<AppRoutes />, { path: '/i/mac/a4c1e8000000', user: { roles: ['support1'] } });
    await waitFor(() => expect(document.title).toMatch(/^A4:C1:E8:00:00:00 · /));
    expect(document.title).toMatch(/Insight 360$/);
    expect(common.titles.insight360).toBe('Insight 360');
  }, 60_000);
});
