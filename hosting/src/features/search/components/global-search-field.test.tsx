import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Language } from '@insight/common/format';
import type { SearchResponse, SearchResult } from '@insight/common/search';
import { PreferencesProvider } from '../../../providers/preferences-provider';
import { fail } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';
import { renderWithTheme } from '../../../testing/render';
import { GlobalSearchField, SEARCH_DEBOUNCE_MS } from './global-search-field';

const result = (mac: string, name: string, overrides: Partial<SearchResult> = {}): SearchResult => ({
  mac,
  networkType: 'GPON',
  name,
  customerAccount: '800000115',
  billingAccount: '500000176',
  phone: '613-555-0199',
  address: '12 rue Lavoie, Laval QC  H7A 1B2',
  matched: 'name',
  ...overrides,
});
const TREMBLAY = result('A4C1E8000010', 'Élise Tremblay');
const TREMBLAY_2 = result('3C7A8A000011', 'Marc Tremblay', { matched: 'phone', phone: '514-555-0111' });

/** Answers GET /api/search from `answer(q)`; other paths 404. Records every search asked for. */
function stubSearch(answer: (q: string) => Promise<Response> | Response) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://portal.test');
      if (url.pathname !== '/api/search') return new Response('{}', { status: 404 });
      asked.push(url.searchParams.get('q')!);
      return answer(url.searchParams.get('q')!);
    }),
  );
  return asked;
}
const json = (body: SearchResponse | object, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const found = (results: SearchResult[]) => (q: string) => json({ query: q, total: results.length, results });

async function renderField(language: Language = 'en') {
  const location = memoryLocation({ path: language === 'fr' ? '/fr' : '/', record: true });
  await renderWithTheme(
    <Router hook={location.hook}>
      <PreferencesProvider>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <GlobalSearchField id="top-bar-mac-search" />
        </SWRConfig>
      </PreferencesProvider>
    </Router>,
    language,
  );
  const input = screen.getByRole('combobox');
  return { input, history: location.history! };
}

/**
 * Types `text` with no pause reaching the search's debounce however slow the machine, then lets the
 * debounce run out: one search for the whole text, as when a person types quickly. Testing Library
 * drains its updates with a timer; it advances fake timers only when it sees Jest's, hence the alias.
 */
async function typeQuickly(input: HTMLElement, text: string) {
  const global = globalThis as { jest?: unknown };
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  global.jest = { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) };
  try {
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).type(input, text);
    await act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
  } finally {
    delete global.jest;
    vi.useRealTimers();
  }
}

// The field loads the query schema when first used; in a browser that takes a few milliseconds, here the
// first import transforms zod: done once before the tests, which time what follows.
beforeAll(async () => {
  await import('@insight/common/search');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('GlobalSearchField', () => {
  it('when part of a name is typed, then one debounced search shows the customers, and Enter opens the first 360 view', async () => {
    const asked = stubSearch(found([TREMBLAY, TREMBLAY_2]));
    const { input, history } = await renderField();
    expect(screen.getByLabelText('Search customers')).toBe(input);
    await typeQuickly(input, 'trem');
    const first = await screen.findByTestId('search-option-A4C1E8000010');
    expect(first.textContent).toContain('Élise Tremblay');
    expect(first.textContent).toContain('A4:C1:E8:00:00:10');
    expect(first.textContent).toContain('Account 800000115');
    expect(screen.getByTestId('search-option-3C7A8A000011').textContent).toContain('Phone 514-555-0111');
    expect(asked).toEqual(['trem']);
    await userEvent.keyboard('{Enter}');
    expect(history.at(-1)).toBe('/i/mac/A4C1E8000010');
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('when the arrow keys choose the second suggestion in French, then Enter opens it under /fr', async () => {
    stubSearch(found([TREMBLAY, TREMBLAY_2]));
    const { input, history } = await renderField('fr');
    expect(screen.getByLabelText('Rechercher un client')).toBe(input);
    await userEvent.type(input, 'tremblay');
    await screen.findByTestId('search-option-3C7A8A000011');
    expect(screen.getByTestId('search-option-3C7A8A000011').textContent).toContain('Téléphone 514-555-0111');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(history.at(-1)).toBe('/fr/i/mac/3C7A8A000011');
  });

  it('when a full MAC is typed and Enter pressed, then that MAC opens at once, whatever the search says', async () => {
    stubSearch(() => new Promise<Response>(() => undefined));
    const { input, history } = await renderField();
    await userEvent.type(input, 'aa-bb-cc-dd-ee-0f{Enter}');
    expect(history.at(-1)).toBe('/i/mac/AABBCCDDEE0F');
  });

  it('while the answer is awaited, then the list says it is searching; with no match, it says so in French', async () => {
    let release: (response: Response) => void = () => undefined;
    const asked = stubSearch(() => new Promise<Response>((resolve) => (release = resolve)));
    const { input } = await renderField('fr');
    await typeQuickly(input, 'zzqx');
    expect(await screen.findByText('Recherche en cours…')).toBeTruthy();
    await waitFor(() => expect(asked).toEqual(['zzqx']));
    expect(screen.getByText('Recherche en cours…')).toBeTruthy();
    release(json({ query: 'zzqx', total: 0, results: [] }));
    expect(await screen.findByText('Aucun client ne correspond à « zzqx ».')).toBeTruthy();
  });

  it('when the search fails, then the list shows the translated error and Enter opens nothing', async () => {
    stubSearch(() => json({ error: { code: 'upstream_timeout', message: 'slow' } }, 504));
    const { input, history } = await renderField();
    await userEvent.type(input, 'tremblay');
    expect(
      await screen.findByText('The search failed: A provider system did not answer in time.'),
    ).toBeTruthy();
    const before = history.length;
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(history.length).toBe(before));
  });

  it('when Enter is pressed before the suggestions are in, then the first answer for that text opens', async () => {
    const asked = stubSearch(found([TREMBLAY_2]));
    const { input, history } = await renderField();
    await typeQuickly(input, 'marc{Enter}');
    await waitFor(() => expect(history.at(-1)).toBe('/i/mac/3C7A8A000011'));
    expect(asked[0]).toBe('marc');
  });

  it('when one character is typed and Enter pressed, then nothing is searched and the field says what it takes', async () => {
    const asked = stubSearch(found([TREMBLAY]));
    const { input } = await renderField();
    await userEvent.type(input, 'm{Enter}');
    expect(await screen.findByText('Choose a suggestion, or enter a full MAC address.')).toBeTruthy();
    expect(asked).toEqual([]);
  });

  it('when the user may not search (403), then the list says their roles do not allow it', async () => {
    await renderApp(<GlobalSearchField id="top-bar-mac-search" />, {
      user: { roles: ['support1'] },
      api: { 'GET /search': fail(403, 'forbidden') },
    });
    await userEvent.click(screen.getByRole('combobox'));
    await userEvent.paste('tremblay');
    expect(await screen.findByText('The search failed: Your roles do not allow this action.')).toBeTruthy();
  });

  it('when the field answers the page-wide "/" key, then it says so to assistive technology; a field without the key does not', async () => {
    const { unmount } = await renderApp(<GlobalSearchField id="top-bar-mac-search" shortcut />);
    expect(screen.getByRole('combobox').getAttribute('aria-keyshortcuts')).toBe('/');
    unmount();
    await renderApp(<GlobalSearchField id="phone-search-field" />);
    expect(screen.getByRole('combobox').hasAttribute('aria-keyshortcuts')).toBe(false);
  });
});
