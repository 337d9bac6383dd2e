import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import errors from '../locales/en/errors.json';
import frCommon from '../locales/fr/common.json';
import frErrors from '../locales/fr/errors.json';
import { renderApp } from '../testing/render-app';
import { AppRoutes } from './routes';

/** /threshold/playbook (features/threshold/components/playbook-page.tsx) through the page registry. */
describe('the diagnosis playbook route', () => {
  it('when a user without the admin lists opens the playbook, in English or French, then the no-access page shows', async () => {
    for (const [path, texts] of [
      ['/threshold/playbook', errors],
      ['/fr/threshold/playbook', frErrors],
    ] as const) {
      const view = await renderApp(<AppRoutes />, { path, user: { roles: ['install'] } });
      expect((await screen.findByTestId('status-message')).textContent).toBe(texts.noAccess);
      view.unmount();
    }
  });

  it('when engineering opens /fr/threshold/playbook through the routes, then its tab is selected beside the other threshold pages', async () => {
    await renderApp(<AppRoutes />, { path: '/fr/threshold/playbook', user: { roles: ['engineering'] } });
    const tab = await screen.findByRole('tab', { name: frCommon.pages.thresholdPlaybook });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: frCommon.pages.thresholdVariants })).toBeTruthy();
    expect(await screen.findByTestId('playbook-table')).toBeTruthy();
  });
});
