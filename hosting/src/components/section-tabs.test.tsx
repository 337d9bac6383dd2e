import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import en from '../locales/en/common.json';
import frErrors from '../locales/fr/errors.json';
import { renderApp } from '../testing/render-app';
import { SectionTabs } from './section-tabs';

const CHILDREN = { '': 'cmtsSource', 'head-end': 'headEnd', 'market-area': 'marketArea' } as const;
const tabs = (
  <Route path={/^(?:\/fr)?\/net-manage(?:\/(?<child>[^/]+))?$/}>
    <SectionTabs title="Network" base="/net-manage" childPages={CHILDREN}>
      {(child, page) => <p data-testid="child">{`${child}|${page}`}</p>}
    </SectionTabs>
  </Route>
);

describe('SectionTabs', () => {
  it('when a child path is opened, then its tab is selected, each tab links to its path, and the child renders', async () => {
    await renderApp(tabs, { path: '/net-manage/head-end' });
    expect(screen.getByRole('tab', { name: en.pages.headEnd }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: en.pages.marketArea }).getAttribute('href')).toBe(
      '/net-manage/market-area',
    );
    expect(screen.getByTestId('child').textContent).toBe('head-end|headEnd');
  });

  it('when the child path is unknown (French), then the 404 page shows instead', async () => {
    await renderApp(tabs, { path: '/fr/net-manage/nope' });
    expect(screen.getByTestId('status-message').textContent).toBe(frErrors.notFound);
  });
});
