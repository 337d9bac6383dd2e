import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { StagingMessage, SwitchRow } from '@insight/common/staging';
import type { ApiCall, EventsReply } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';
import PlumeStagePage from '../components/plume-stage-page';
import { BUFFERED_AFTER_MS } from './use-staging-stream';

const STREAM = 'GET /staging/plume/ON';

const switchRow = (name: string, status: SwitchRow['status'], updatedAt: string): SwitchRow => ({
  name,
  mac: `00:11:22:33:44:${name.slice(-2)}`,
  status,
  firmware: '1.0.0',
  ports: [{ port: 1, deviceMac: null, state: 'idle' }],
  lastEvent: null,
  updatedAt,
});
const events = (
  ...messages: Array<{ id: string; message: StagingMessage }>
): Array<EventsReply['events'][number]> => [
  { event: 'status', data: { type: 'status', state: 'live' }, id: undefined },
  ...messages.map(({ id, message }) => ({ id, event: message.type, data: message })),
];
const snapshot = (rows: SwitchRow[]): StagingMessage => ({ type: 'snapshot', rows });
const upsert = (rows: SwitchRow[]): StagingMessage => ({ type: 'upsert', rows });
const cycle = { event: 'cycle', data: { type: 'cycle' } };

const rowCount = () => screen.getByTestId('row-count').textContent;
const connection = () => screen.getByTestId('connection').getAttribute('data-state');
const isPoll = (call: ApiCall) => call.query.get('mode') === 'poll';

describe('useStagingStream: the path to the stream', () => {
  it('when nothing of the streamed answer arrives within the window (a path that buffers answers), then the page reads the stream as a long poll, from its last id, and shows the snapshot and the changes', async () => {
    const S1 = switchRow('SW-01', 'provisioning', '2026-11-20T14:00:00.000Z');
    const S2 = switchRow('SW-02', 'offline', '2026-11-20T14:00:00.000Z');
    // The poll form: the snapshot, then a change, then nothing more (an answer that waits).
    const polls: EventsReply[] = [
      { events: [...events({ id: 'c1-1', message: snapshot([S1, S2]) }), cycle] },
      {
        events: [
          ...events({
            id: 'c1-2',
            message: upsert([{ ...S1, status: 'online', updatedAt: '2026-11-20T14:00:01.000Z' }]),
          }),
          cycle,
        ],
      },
    ];
    const asked: number[] = [];
    const rendered = performance.now();
    const { api } = await renderApp(<PlumeStagePage />, {
      path: '/plume-stage',
      user: { roles: ['install'] },
      api: {
        // The streamed form never arrives while it is open: the path holds it until it ends.
        [STREAM]: (call) => {
          asked.push(performance.now());
          return isPoll(call) ? (polls.shift() ?? 'pending') : 'pending';
        },
      },
    });
    // (Whether the page still says 'connecting' here depends on how long the render took against the
    // window: the order of the requests below says what it did.)
    await waitFor(() => expect(api.called('GET', '/staging/plume/ON').some(isPoll)).toBe(true), {
      timeout: BUFFERED_AFTER_MS + 30_000,
    });
    // Given up once the window (from the attempt, the ID token included) had passed, not before (how soon
    // after depends on the machine's load, not on the code: no upper bound here).
    expect(asked[1]! - rendered).toBeGreaterThanOrEqual(BUFFERED_AFTER_MS);
    await waitFor(() => expect(connection()).toBe('live'));
    await waitFor(() => expect(api.called('GET', '/staging/plume/ON')).toHaveLength(4));
    const [streamed, first, second, third] = api.called('GET', '/staging/plume/ON');
    // The streamed form once, then the poll form only, each answer's next from the last id it carried.
    expect(isPoll(streamed!)).toBe(false);
    expect([first, second, third].every((call) => isPoll(call!))).toBe(true);
    expect(first!.headers.get('last-event-id')).toBeNull();
    expect(second!.headers.get('last-event-id')).toBe('c1-1');
    await waitFor(() => expect(rowCount()).toContain('2'));
    expect(rowCount()).toContain('2');
    await screen.findByText('SW-01');
    // The change reached the table, without a reconnect in between.
    await waitFor(() =>
      expect(screen.getByText('SW-01').closest('[role="row"]')!.textContent).toMatch(/online/i),
    );
    expect(connection()).toBe('live');
  });

  it('when the streamed answer starts within the window (a path that streams), then the page stays on it and never polls', async () => {
    const S1 = switchRow('SW-11', 'online', '2026-11-20T14:00:00.000Z');
    const { api } = await renderApp(<PlumeStagePage />, {
      path: '/plume-stage',
      user: { roles: ['install'] },
      api: { [STREAM]: { events: events({ id: 'c2-1', message: snapshot([S1]) }), open: true } },
    });
    await waitFor(() => expect(connection()).toBe('live'));
    await screen.findByText('SW-11');
    // Past the window: the same answer is still read, no other request was made.
    await new Promise((resolve) => setTimeout(resolve, BUFFERED_AFTER_MS + 500));
    expect(api.called('GET', '/staging/plume/ON')).toHaveLength(1);
    expect(api.called('GET', '/staging/plume/ON').some(isPoll)).toBe(false);
    expect(connection()).toBe('live');
  });
});

describe('useStagingStream: offline', () => {
  it('when the network goes, then the live data pauses with its rows; when it returns, the stream resumes from its last id', async () => {
    const S1 = switchRow('SW-01', 'provisioning', '2026-11-20T14:00:00.000Z');
    const S2 = switchRow('SW-02', 'offline', '2026-11-20T14:00:00.000Z');
    const replies: EventsReply[] = [
      { events: events({ id: 'c1-1', message: snapshot([S1, S2]) }), open: true },
    ];
    const { api } = await renderApp(<PlumeStagePage />, {
      path: '/plume-stage',
      user: { roles: ['install'] },
      api: { [STREAM]: () => replies.shift() ?? 'pending' },
    });
    await waitFor(() => expect(connection()).toBe('live'));
    await waitFor(() => expect(rowCount()).toContain('2'));

    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    await waitFor(() => expect(connection()).toBe('paused'));
    expect(rowCount()).toContain('2');
    expect(screen.getByTestId('connection').textContent).toBe('Paused offline: resumes with the network');
    expect(api.called('GET', '/staging/plume/ON')).toHaveLength(1);

    online.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(api.called('GET', '/staging/plume/ON')).toHaveLength(2));
    expect(api.called('GET', '/staging/plume/ON')[1]!.headers.get('last-event-id')).toBe('c1-1');
    expect(rowCount()).toContain('2');
    online.mockRestore();
  });
});
