import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import en from '../locales/en/common.json';
import fr from '../locales/fr/common.json';
import { HttpError } from '../lib/http-client';
import { renderApp } from '../testing/render-app';
import { SectionCard, type SectionState } from './section-card';

const card = (state: SectionState<{ model: string }>, onRefresh = vi.fn()) => (
  <SectionCard title="Modem" name="WAN" state={state} onRefresh={onRefresh} testId="card">
    {(data) => <p>model {data.model}</p>}
  </SectionCard>
);

describe('SectionCard', () => {
  it('when the data is loading, then a skeleton says what loads and the refresh waits', async () => {
    await renderApp(card({ isLoading: true }));
    expect(screen.getByTestId('card').getAttribute('data-state')).toBe('loading');
    expect(
      screen.getByRole('status', { name: en.sectionCard.loading.replace('{{name}}', 'WAN') }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: `${en.sectionCard.refresh} Modem` })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('when the read failed (French), then its translated error shows with a retry', async () => {
    const onRefresh = vi.fn();
    await renderApp(
      card({ isLoading: false, error: new HttpError(504, 'upstream_timeout', 'slow') }, onRefresh),
      {
        path: '/fr',
      },
    );
    const error = screen.getByTestId('card-error');
    expect(error.getAttribute('data-code')).toBe('upstream_timeout');
    expect(error.textContent).toContain(
      "WAN n'a pas pu être chargé : Un système du fournisseur n'a pas répondu à temps.",
    );
    await userEvent.click(screen.getByRole('button', { name: fr.sectionCard.retry }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('when the data is in, then it is shown with when it was fetched, and from cache when it was', async () => {
    await renderApp(
      card({
        isLoading: false,
        data: { data: { model: 'XS-010X' }, fetchedAt: '2026-11-20T14:00:00Z', cached: true },
      }),
    );
    expect(screen.getByText('model XS-010X')).toBeTruthy();
    expect(screen.getByTestId('card-fetched').textContent).toMatch(
      /^Fetched 11\/20\/26, \d\d:\d\d [AP]M · from cache$/,
    );
  });
});
