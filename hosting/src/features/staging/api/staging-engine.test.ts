import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StagingMessage, SwitchRow } from '@insight/common/staging';
import { createStagingEngine, MIN_UPDATE_MS, type EngineMessage, type PageMessage } from './staging-engine';
import type { Scheduler } from './view-throttle';
import { switchRow as sw } from './test-rows';

const rows = (...messages: StagingMessage[]): PageMessage => ({
  type: 'rows',
  data: messages.map((message) => JSON.stringify(message)),
});
const query = (search: string[] = []): PageMessage => ({
  type: 'query',
  seq: 1,
  query: { page: 0, pageSize: 100, sort: [{ field: 'name', sort: 'asc' }], search, labels: { values: {} } },
});

// The engine on vitest's fake timers: the flags' clock and the throttle's both read the faked Date.
const fakeScheduler: Scheduler = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
function engine() {
  const views: Array<Extract<EngineMessage, { type: 'view' }>> = [];
  const send = createStagingEngine((message) => views.push(message), {
    now: Date.now,
    scheduler: fakeScheduler,
  });
  send({ type: 'start', flagMs: 1000 });
  send(query());
  views.length = 0;
  return { send, views, last: () => views.at(-1)! };
}

beforeEach(() => void vi.useFakeTimers({ now: new Date('2026-11-20T14:00:00.000Z') }));
afterEach(() => void vi.useRealTimers());

describe('createStagingEngine: the views it posts', () => {
  it('when a snapshot arrives, then its view is posted at once, searched and sorted, with the counts', () => {
    const { send, views, last } = engine();
    send(rows({ type: 'snapshot', rows: [sw('SW-2', 'online'), sw('SW-1', 'offline')] }));
    expect(views).toHaveLength(1);
    expect(last().view.rows.map((row) => (row as SwitchRow).name)).toEqual(['SW-1', 'SW-2']);
    send(query(['offline']));
    expect(last().view).toMatchObject({ rowCount: 1, total: 2 });
  });

  it('when changes come in a burst, then the page gets at most one view per MIN_UPDATE_MS, the last one with every change', async () => {
    const { send, views, last } = engine();
    send(rows({ type: 'snapshot', rows: [sw('SW-1', 'offline'), sw('SW-2', 'offline')] }));
    await vi.advanceTimersByTimeAsync(MIN_UPDATE_MS);
    views.length = 0;
    send(rows({ type: 'upsert', rows: [sw('SW-1', 'online')] }));
    // A quiet stream's change is posted at once (the last view is old enough).
    await vi.advanceTimersByTimeAsync(0);
    expect(views).toHaveLength(1);
    send(rows({ type: 'upsert', rows: [sw('SW-2', 'online')] }));
    send(rows({ type: 'upsert', rows: [sw('SW-1', 'unknown' as SwitchRow['status'])] }));
    await vi.advanceTimersByTimeAsync(MIN_UPDATE_MS - 1);
    expect(views).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(views).toHaveLength(2);
    expect(last().view.rows.map((row) => (row as SwitchRow).status)).toEqual(['unknown', 'online']);
  });

  it('when a row changes, then it shows flagged until its second has passed on the clock, then unflagged', async () => {
    const { send, last } = engine();
    send(rows({ type: 'snapshot', rows: [sw('SW-1', 'offline')] }));
    await vi.advanceTimersByTimeAsync(MIN_UPDATE_MS);
    send(rows({ type: 'upsert', rows: [sw('SW-1', 'online')] }));
    await vi.advanceTimersByTimeAsync(0);
    expect(last().view.rows[0]).toMatchObject({ name: 'SW-1', changing: true });
    await vi.advanceTimersByTimeAsync(900);
    expect(last().view.rows[0]!.changing).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    expect(last().view.rows[0]!.changing).toBeUndefined();
  });

  it('when the stream stops, then a view without rows is posted; an export carries every matching row', () => {
    const { send, last } = engine();
    send(rows({ type: 'snapshot', rows: [sw('SW-1', 'offline'), sw('SW-2', 'online')] }));
    send(query(['online']));
    send({ type: 'export' });
    expect(last().all?.map((row) => ('name' in row ? row.name : row.key))).toEqual(['SW-2']);
    send({ type: 'stop' });
    expect(last().view).toEqual({ rows: [], rowCount: 0, total: 0 });
  });
});
