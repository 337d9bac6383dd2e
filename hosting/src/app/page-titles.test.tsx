import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import common from '../locales/en/common.json';
import frCommon from '../locales/fr/common.json';
import { renderApp } from '../testing/render-app';
import { PAGES } from './pages';
import { AppRoutes } from './routes';

const WAIT = { timeout: 15_000 };
const titled = () => waitFor(() => expect(document.title).not.toBe(''), WAIT);

describe('page titles (docs/requirements.md, "Page titles")', () => {
  it('when engineering opens every page of the registry (French), then each title is its own and names the product', async () => {
    for (const [prefix, texts] of [['/fr', frCommon]] as const) {
      // Final path (a page may send elsewhere: /login once signed in, /i/mac to its entry page) -> title.
      const titles = new Map<string, string>();
      for (const entry of PAGES) {
        document.title = '';
        const { unmount, history } = await renderApp(<AppRoutes />, {
          path: `${prefix}${entry.path === '/' ? '' : entry.path}` || '/',
          user: { roles: ['engineering'] },
        });
        await titled();
        expect(document.title, entry.path).toMatch(/Insight/);
        // A text, never an i18n key left untranslated.
        expect(document.title, entry.path).not.toMatch(/\btitles\.|\bnav\./);
        titles.set(history.at(-1)!, document.title);
        unmount();
      }
      expect(new Set(titles.values()).size, JSON.stringify([...titles])).toBe(titles.size);
      expect(titles.size).toBeGreaterThanOrEqual(PAGES.length - 2);
      expect([...titles.values()]).toContain(`${texts.titles.enterMac} · Insight`);
    }
  }, 300_000);

  it('when a section tab is opened, then the title names the section and the tab in the user’s language, and follows a client navigation', async () => {
    const { navigate } = await renderApp(<AppRoutes />, {
      path: '/fr/threshold/definitions',
      user: { roles: ['engineering'] },
    });
    await waitFor(() => expect(document.title).toBe('Seuils · Définitions · Insight'), WAIT);
    act(() => navigate('/fr/net-manage/head-end'));
    await waitFor(() => expect(document.title).toBe('Gestion du réseau · Tête de réseau · Insight'), WAIT);
    act(() => navigate('/fr/no/such/page'));
    await waitFor(() => expect(document.title).toBe(`${frCommon.titles.notFound} · Insight`), WAIT);
  }, 60_000);

  it('when a 360 view is opened, then its title names the device before the customer is known', async () => {
    await renderApp(<AppRoutes />, { path: '/i/mac/a4c1e8000000', user: { roles: ['support1'] } });
    await waitFor(() => expect(document.title).toMatch(/^A4:C1:E8:00:00:00 · /), WAIT);
    expect(document.title).toMatch(/Insight 360$/);
    expect(common.titles.insight360).toBe('Insight 360');
  }, 60_000);
});
