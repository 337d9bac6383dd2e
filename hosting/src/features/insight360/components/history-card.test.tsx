/**
 * The History card's states, in both languages: loading, no history, the store failed (and its retry), gaps
 * drawn as gaps, the last 24 hours and the 7 days, the bands from the answer, the charts only on screen.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HISTORY_POINTS, HISTORY_STEP_SECONDS, type HistorySection } from '@insight/common/history';
import { formatDateTime, type Language } from '@insight/common/format';
import en from '../../../locales/en/insight360.json';
import fr from '../../../locales/fr/insight360.json';
import { fail, ok, type Route } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';
import { HistoryCard } from './history-card';

vi.mock('./history-charts', () => ({
  default: (
    props:
      | { kind: 'optical'; label: string; values: Array<number | null>; bands?: object }
      | { kind: 'wifi'; pods: Array<{ label: string }> },
  ) =>
    props.kind === 'optical' ? (
      <svg
        data-testid="optical-chart"
        data-label={props.label}
        data-values={JSON.stringify(props.values)}
        data-bands={JSON.stringify(props.bands ?? null)}
      />
    ) : (
      <svg data-testid="wifi-chart" data-pods={props.pods.map((pod) => pod.label).join(',')} />
    ),
}));

const MAC = 'A4C1E8000001';
const TEXTS = { en: en.history, fr: fr.history } as const;
const path = (language: Language) => (language === 'fr' ? '/fr/i/mac/' + MAC : '/i/mac/' + MAC);

/** The last point: 2026-11-20 14:00 UTC; the grid runs 7 days back from it. */
const END = Date.UTC(2026, 10, 20, 14, 0) / 1000;
const times = Array.from(
  { length: HISTORY_POINTS },
  (_, index) => END - (HISTORY_POINTS - 1 - index) * HISTORY_STEP_SECONDS,
);
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const DAY_POINTS = 97;

/**
 * A flapping device: down at three points of the last day (and once the day before), a loss of signal at
 * each, no receive power while down and one point the store did not answer (a gap).
 */
function flapping(): HistorySection {
  const downAt = new Set([HISTORY_POINTS - 80, HISTORY_POINTS - 50, HISTORY_POINTS - 10, 200]);
  const gapAt = HISTORY_POINTS - 30;
  const up = times.map((_, index) => (index === gapAt ? null : downAt.has(index) ? 0 : 1));
  const power = (base: number) =>
    times.map((_, index) => (up[index] === 1 ? base + (index % 3) * 0.1 : null));
  return {
    mac: MAC.toLowerCase(),
    start: iso(times[0]!),
    step: HISTORY_STEP_SECONDS,
    times,
    rxPower: power(-19),
    txPower: power(2.1),
    oltRxPower: power(-22),
    up: up as Array<0 | 1 | null>,
    clients: times.map((_, index) => (index === gapAt ? null : 5 + (index % 4))),
    pods: [{ pod: 'living-room', health: times.map((_, index) => (index === gapAt ? null : 80)) }],
    events: [...downAt]
      .sort((a, b) => a - b)
      .map((index) => ({ kind: 'los' as const, at: iso(times[index]!) })),
    bands: {
      rxPower: {
        pass: { min: -25, max: -9 },
        warn: [
          { min: -27, max: -25 },
          { min: -9, max: -8 },
        ],
      },
    },
  };
}

function unknown(): HistorySection {
  const nulls = times.map(() => null);
  return {
    mac: MAC.toLowerCase(),
    start: iso(times[0]!),
    step: HISTORY_STEP_SECONDS,
    times,
    rxPower: nulls,
    txPower: nulls,
    oltRxPower: nulls,
    up: nulls,
    clients: nulls,
    pods: [],
    events: [],
  };
}

const answer = (section: HistorySection) =>
  ok({ data: section, fetchedAt: '2026-11-20T14:07:00.000Z', cached: false });

async function renderCard(route: Route, language: Language = 'en') {
  return renderApp(<HistoryCard mac={MAC} />, {
    path: path(language),
    api: { [`GET /360/${MAC}/history`]: route },
  });
}

const card = () => screen.getByTestId('section-history');
const readyCard = async () =>
  waitFor(() => {
    expect(card().getAttribute('data-state')).toBe('ready');
    return card();
  });

afterEach(() => vi.unstubAllGlobals());

describe.each(['en', 'fr'] as const)('the History card (%s)', (language) => {
  const text = TEXTS[language];

  it('while the history is read, it says it is loading and draws nothing yet', async () => {
    await renderCard('pending', language);
    expect(card().getAttribute('data-state')).toBe('loading');
    expect(within(card()).getByRole('status').getAttribute('aria-label')).toContain(text.name);
    expect(screen.queryByTestId('history')).toBeNull();
    expect(within(card()).getByRole('heading', { level: 2 }).textContent).toBe(text.title);
  });

  it('a device the store does not know: no history for this device, no chart and no table', async () => {
    await renderCard(answer(unknown()), language);
    await readyCard();
    expect(screen.getByTestId('history-empty').textContent).toBe(text.empty);
    expect(screen.queryByTestId('history-chart')).toBeNull();
    expect(screen.queryByTestId('history-table-toggle')).toBeNull();
  });

  it('the store failed: the card says the history store could not be read, and its retry reads it again', async () => {
    let calls = 0;
    await renderCard(() => (++calls === 1 ? fail(504, 'upstream_timeout') : answer(flapping())), language);
    const error = await screen.findByTestId('section-history-error');
    expect(error.textContent).toContain(text.storeFailed.replace(/\s*:.*$/, ''));
    expect(error.getAttribute('data-code')).toBe('upstream_timeout');
    await userEvent.click(within(error).getByRole('button'));
    await readyCard();
    expect(calls).toBe(2);
    expect(screen.getByTestId('history-timeline')).toBeTruthy();
  });

  it('shows the last 24 hours first, each loss of signal marked, and the 7 days at a key press', async () => {
    await renderCard(answer(flapping()), language);
    await readyCard();
    const history = screen.getByTestId('history');
    expect(history.getAttribute('data-range')).toBe('day');
    const marks = () => screen.getAllByTestId('history-event').filter((mark) => mark.dataset.kind === 'los');
    // Three losses in the last day, the fourth a week back.
    expect(marks()).toHaveLength(3);
    expect(screen.getByTestId('history-timeline').getAttribute('data-los')).toBe('3');
    expect(screen.getByTestId('history-event-counts').textContent).toContain('3');
    expect(screen.getByTestId('history-range-day').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('history-range-day').textContent).toBe(text.ranges.day);

    // The toggle is keyboard operable: one tab stop, the arrow to the week's button, and Enter.
    screen.getByTestId('history-range-day').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('data-testid')).toBe('history-range-week');
    await userEvent.keyboard('{Enter}');
    expect(history.getAttribute('data-range')).toBe('week');
    expect(screen.getByTestId('history-range-week').getAttribute('aria-pressed')).toBe('true');
    expect(marks()).toHaveLength(4);
    const rx = JSON.parse(
      (await screen.findAllByTestId('optical-chart'))[0]!.getAttribute('data-values')!,
    ) as unknown[];
    expect(rx).toHaveLength(HISTORY_POINTS);
  });

  it('draws a gap as a gap: null to the chart, "no data" in the table and on the timeline, never zero', async () => {
    await renderCard(answer(flapping()), language);
    await readyCard();
    const rx = JSON.parse(
      (await screen.findAllByTestId('optical-chart'))[0]!.getAttribute('data-values')!,
    ) as Array<number | null>;
    expect(rx).toHaveLength(DAY_POINTS);
    expect(rx.filter((value) => value === null)).toHaveLength(4);
    expect(rx).not.toContain(0);
    expect(screen.getAllByTestId('history-run').filter((run) => run.dataset.state === 'none')).toHaveLength(
      1,
    );
    expect(screen.getAllByTestId('history-run').filter((run) => run.dataset.state === 'down')).toHaveLength(
      3,
    );

    // Every point as text: the optical table, in the page's date format.
    const toggle = within(screen.getByTestId('history-optical')).getByTestId('history-table-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const rows = within(screen.getByTestId('history-table')).getAllByRole('row');
    expect(rows).toHaveLength(DAY_POINTS + 1);
    const gapRow = rows[DAY_POINTS - 30 + 1]!;
    expect(within(gapRow).getByRole('rowheader').textContent).toBe(
      formatDateTime(times[HISTORY_POINTS - 30]! * 1000, language),
    );
    expect(
      within(gapRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([text.noData, text.noData, text.noData]);
    expect(within(rows.at(-1)!).getAllByRole('cell')[0]!.textContent).toMatch(/^−19(,|\.)?\d* dBm$/);
  });

  it('the link state’s table lists its periods and each event with its time', async () => {
    await renderCard(answer(flapping()), language);
    await readyCard();
    await userEvent.click(within(screen.getByTestId('history-link')).getByTestId('history-table-toggle'));
    const events = within(screen.getByTestId('history-events-table')).getAllByRole('row').slice(1);
    expect(events.map((row) => row.textContent)).toEqual(
      [HISTORY_POINTS - 80, HISTORY_POINTS - 50, HISTORY_POINTS - 10].map(
        (index) => `${formatDateTime(times[index]! * 1000, language)}${text.events.los}`,
      ),
    );
    const states = within(screen.getByTestId('history-table'))
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(states.filter((state) => state === text.states.down)).toHaveLength(3);
    expect(states).toContain(text.states.none);
  });

  it('draws the bands the answer gives, and says which rule range each is', async () => {
    await renderCard(answer(flapping()), language);
    await readyCard();
    const [rx, tx] = await screen.findAllByTestId('optical-chart');
    expect(JSON.parse(rx!.getAttribute('data-bands')!)).toEqual(flapping().bands!.rxPower);
    expect(JSON.parse(tx!.getAttribute('data-bands')!)).toBeNull();
    const bands = within(screen.getByTestId('history-rxPower')).getByTestId('history-bands').textContent;
    expect(bands).toContain('−25 ≤ x ≤ −9 dBm');
    expect(bands).toContain('−27 ≤ x ≤ −25 dBm');
    expect(within(screen.getByTestId('history-txPower')).getByText(text.noBands)).toBeTruthy();
    expect((await screen.findByTestId('wifi-chart')).getAttribute('data-pods')).toBe(
      text.pod.replace('{{pod}}', 'living-room'),
    );
    expect(screen.getByTestId('history-pods').textContent).toBe(text.pod.replace('{{pod}}', 'living-room'));
    // Headings in order: the card's h2, its parts' h3.
    expect(
      within(card())
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([text.optical, text.link, text.wifi]);
  });
});

describe('the History card’s charts', () => {
  it('are drawn only once the card nears the screen, in boxes reserved before', async () => {
    const callbacks: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
          callbacks.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    await renderCard(answer(flapping()));
    await readyCard();
    expect(screen.getAllByTestId('history-chart')).toHaveLength(4);
    expect(screen.queryByTestId('optical-chart')).toBeNull();
    // The timeline needs no chart library: drawn at once.
    expect(screen.getAllByTestId('history-event')).toHaveLength(3);
    act(() => callbacks.forEach((callback) => callback([{ isIntersecting: true }])));
    expect(await screen.findAllByTestId('optical-chart')).toHaveLength(3);
    expect(await screen.findByTestId('wifi-chart')).toBeTruthy();
  });
});
