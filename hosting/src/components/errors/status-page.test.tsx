import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/errors.json';
import fr from '../../locales/fr/errors.json';
import { renderApp } from '../../testing/render-app';
import { NoAccessPage } from './no-access-page';
import NotFoundPage from './not-found-page';
import { StatusPage } from './status-page';

describe('error pages', () => {
  it('when no status is given, then the page says 500 with its message and a way home', async () => {
    await renderApp(<StatusPage message="Boom" />);
    expect(screen.getByText(en.status.replace('{{status}}', '500'))).toBeTruthy();
    expect(screen.getByTestId('status-message').textContent).toBe('Boom');
    expect(screen.getByRole('link', { name: en.backHome }).getAttribute('href')).toBe('/');
  });

  it('when a page is unknown (French), then the 404 page says so and leads to the French home', async () => {
    await renderApp(<NotFoundPage />, { path: '/fr/nowhere' });
    expect(screen.getByTestId('status-message').textContent).toBe(fr.notFound);
    expect(screen.getByRole('link', { name: fr.backHome }).getAttribute('href')).toBe('/fr');
  });

  it('when a user may not open a page, then the no-access page says so with whom to ask', async () => {
    await renderApp(<NoAccessPage />, { user: { roles: [] } });
    expect(screen.getByTestId('status-message').textContent).toBe(en.noAccess);
    expect(screen.getByText(en.noAccessHint)).toBeTruthy();
    expect(screen.getByText(en.status.replace('{{status}}', '403'))).toBeTruthy();
  });
});
