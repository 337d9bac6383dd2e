import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../lib/logger';
import { StagingHub, type OpenUpstream, type UpstreamEvent } from './stream-hub';

// The hub's grace periods and backoffs run on vitest's fake timers: `wait` moves the clock (and runs the
// promises each timer lets go), it never sleeps.
const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);
beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** A stream of no events that ends (or fails) when `run` settles. */
const iterable = (run: () => Promise<void>): AsyncIterable<UpstreamEvent> => ({
  [Symbol.asyncIterator]: () => ({
    next: async (): Promise<IteratorResult<UpstreamEvent>> => {
      await run();
      return { done: true, value: undefined };
    },
  }),
});

/** An upstream that stays open, silent, until its signal aborts; counts opens and aborts. */
function hangingUpstream() {
  const counts = { opened: 0, aborted: 0, open: 0 };
  const open: OpenUpstream = (_kind, _province, signal) =>
    iterable(async () => {
      counts.opened += 1;
      counts.open += 1;
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      counts.open -= 1;
      counts.aborted += 1;
    });
  return { open, counts };
}

/** An upstream that refuses every connection (the simulator stopped). */
function failingUpstream() {
  const counts = { opened: 0 };
  const open: OpenUpstream = () =>
    iterable(async () => {
      counts.opened += 1;
      await Promise.resolve();
      throw new Error('The onu stream is unreachable');
    });
  return { open, counts };
}

const hubWith = (open: OpenUpstream, idleCloseMs = 50) =>
  new StagingHub({ open, logger: silentLogger, idleCloseMs, backoffMs: { first: 10, max: 20 } });

describe('StagingHub without viewers', () => {
  it('when the last viewer leaves, then the upstream closes after the grace period and does not open again', async () => {
    const { open, counts } = hangingUpstream();
    const hub = hubWith(open, 50);
    const unsubscribe = hub.subscribe('onu', 'ON', null, () => undefined);
    await wait(10);
    expect(counts.open).toBe(1);
    unsubscribe();
    await wait(20);
    expect(counts.open).toBe(1); // still within the grace period: a viewer's reconnect reuses it
    await wait(80);
    expect(counts).toEqual({ opened: 1, aborted: 1, open: 0 });
    expect(hub.report().upstreamOpen).toBe(0);
    await wait(100);
    expect(counts.opened).toBe(1);
    hub.close();
  });

  it('when the upstream keeps failing and the viewers leave, then the hub stops retrying after the grace period', async () => {
    const { open, counts } = failingUpstream();
    const hub = hubWith(open, 60);
    const unsubscribe = hub.subscribe('onu', 'QC', null, () => undefined);
    await wait(60);
    expect(counts.opened).toBeGreaterThan(1); // a viewer watches: the hub retries
    unsubscribe();
    await wait(100);
    const after = counts.opened;
    expect(hub.report().upstreamOpen).toBe(0);
    await wait(150);
    expect(counts.opened).toBe(after);
    hub.close();
  });

  it('when a viewer comes back after the upstream stopped, then it opens again', async () => {
    const { open, counts } = failingUpstream();
    const hub = hubWith(open, 20);
    hub.subscribe('plume', 'ON', null, () => undefined)();
    await wait(40);
    const before = counts.opened;
    const unsubscribe = hub.subscribe('plume', 'ON', null, () => undefined);
    await wait(40);
    expect(counts.opened).toBeGreaterThan(before);
    unsubscribe();
    hub.close();
  });
});

describe('StagingHub.close (shutdown)', () => {
  it('when the hub closes, then every upstream closes at once, every viewer is ended and nothing reconnects', async () => {
    const hanging = hangingUpstream();
    const hub = hubWith(hanging.open, 5_000);
    const ended: string[] = [];
    hub.subscribe(
      'onu',
      'ON',
      null,
      () => undefined,
      () => ended.push('onu/ON'),
    );
    hub.subscribe(
      'plume',
      'QC',
      null,
      () => undefined,
      () => ended.push('plume/QC'),
    );
    await wait(10);
    expect(hanging.counts.open).toBe(2);
    hub.close();
    await wait(10);
    expect(ended.sort()).toEqual(['onu/ON', 'plume/QC']);
    expect(hanging.counts).toEqual({ opened: 2, aborted: 2, open: 0 });
    expect(hub.report()).toMatchObject({ upstreamOpen: 0, viewers: 0 });
    await wait(50);
    expect(hanging.counts.opened).toBe(2);
  });

  it('when the hub closes while a failing upstream waits to retry, then it retries no more', async () => {
    const { open, counts } = failingUpstream();
    const hub = new StagingHub({ open, logger: silentLogger, backoffMs: { first: 60_000, max: 60_000 } });
    hub.subscribe('onu', 'ON', null, () => undefined);
    await wait(20);
    expect(counts.opened).toBe(1);
    hub.close();
    await wait(50);
    expect(counts.opened).toBe(1);
    expect(hub.report().upstreamOpen).toBe(0);
  });

  it('when a viewer subscribes to a closed hub, then it is ended at once and no upstream opens', async () => {
    const { open, counts } = hangingUpstream();
    const hub = hubWith(open);
    hub.close();
    let ended = false;
    const received: unknown[] = [];
    hub.subscribe(
      'onu',
      'ON',
      null,
      (delivered) => received.push(delivered),
      () => (ended = true),
    );
    await wait(0);
    expect(ended).toBe(true);
    expect(received).toEqual([]);
    expect(counts.opened).toBe(0);
  });
});

describe('StagingHub when the upstream connects again', () => {
  const switchEntry = (name: string) => ({
    name,
    mac: '0C0100010000',
    status: 'online' as const,
    firmware: '5.2.0',
    ports: [{ port: 1, deviceMac: null, state: 'idle' as const }],
  });
  const payload = (names: string[], ts: string): UpstreamEvent => ({
    data: JSON.stringify({ province: 'ON', ts, mangedSwitches: names.map(switchEntry) }),
  });
  /** Each connection sends its payloads, then the first ends and the second stays open. */
  function scriptedUpstream(connections: UpstreamEvent[][]) {
    let opened = 0;
    const open: OpenUpstream = (_kind, _province, signal) => {
      const events = connections[Math.min(opened, connections.length - 1)]!;
      const last = opened >= connections.length - 1;
      opened += 1;
      let index = 0;
      return {
        [Symbol.asyncIterator]: () => ({
          next: async (): Promise<IteratorResult<UpstreamEvent>> => {
            if (index < events.length) return { done: false, value: events[index++]! };
            if (last) await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
            return { done: true, value: undefined };
          },
        }),
      };
    };
    return open;
  }

  it('when a new connection lists fewer rows than the channel held, then the gone rows leave the table for every viewer', async () => {
    const hub = hubWith(
      scriptedUpstream([
        [payload(['SW-1', 'SW-2', 'SW-3'], '2026-11-20T10:00:00.000Z')],
        [payload(['SW-1', 'SW-2'], '2026-11-20T10:00:05.000Z')],
      ]),
    );
    const seen: Array<{ type: string; rows?: number }> = [];
    const unsubscribe = hub.subscribe('plume', 'ON', null, ({ message }) =>
      seen.push({ type: message.type, ...('rows' in message ? { rows: message.rows.length } : {}) }),
    );
    await wait(80);
    // The first connection's three rows, then, after the reconnect, the whole table again: two rows.
    expect(seen.filter((entry) => entry.type !== 'status')).toEqual([
      { type: 'snapshot', rows: 0 },
      { type: 'upsert', rows: 3 },
      { type: 'snapshot', rows: 2 },
    ]);
    const late: number[] = [];
    const second = hub.subscribe('plume', 'ON', null, ({ message }) => {
      if (message.type === 'snapshot') late.push(message.rows.length);
    });
    expect(late).toEqual([2]);
    unsubscribe();
    second();
    hub.close();
  });

  it('when a new connection lists the same rows, then viewers get only what changed', async () => {
    const hub = hubWith(
      scriptedUpstream([
        [payload(['SW-1', 'SW-2'], '2026-11-20T10:00:00.000Z')],
        [payload(['SW-1', 'SW-2'], '2026-11-20T10:00:05.000Z')],
      ]),
    );
    const types: string[] = [];
    const unsubscribe = hub.subscribe('plume', 'ON', null, ({ message }) => {
      if (message.type !== 'status') types.push(message.type);
    });
    await wait(80);
    expect(types).toEqual(['snapshot', 'upsert']);
    unsubscribe();
    hub.close();
  });

  it('when the channel stopped without viewers and upstream lists other rows, then the next viewer sees only those', async () => {
    const hub = hubWith(
      scriptedUpstream([
        [payload(['SW-1', 'SW-2', 'SW-3'], '2026-11-20T10:00:00.000Z')],
        [payload(['SW-7'], '2026-11-20T10:00:05.000Z')],
      ]),
      30,
    );
    const first = hub.subscribe('plume', 'ON', null, () => undefined);
    await wait(20);
    first();
    await wait(80);
    const rows: string[][] = [];
    const second = hub.subscribe('plume', 'ON', null, ({ message }) => {
      if (message.type === 'snapshot' || message.type === 'upsert')
        rows.push(message.rows.map((row) => ('name' in row ? row.name : row.key)));
    });
    await wait(40);
    expect(rows).toEqual([[], ['SW-7']]);
    second();
    hub.close();
  });
});

describe('StagingHub replay', () => {
  const open: OpenUpstream = (_kind, _province, signal) => ({
    [Symbol.asyncIterator]: () => {
      let sent = 0;
      return {
        next: async (): Promise<IteratorResult<UpstreamEvent>> => {
          // A change every 10 ms, three in all, then the connection stays open.
          if (sent < 3) {
            await new Promise((resolve) => setTimeout(resolve, 10));
            sent += 1;
            const names = Array.from({ length: sent }, (_, index) => `SW-${index + 1}`);
            return {
              done: false,
              value: {
                data: JSON.stringify({
                  province: 'ON',
                  ts: `2026-11-20T10:00:0${sent}.000Z`,
                  mangedSwitches: names.map((name) => ({
                    name,
                    mac: '0C0100010000',
                    status: 'online',
                    firmware: '5.2.0',
                    ports: [],
                  })),
                }),
              },
            };
          }
          await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
          return { done: true, value: undefined };
        },
      };
    },
  });

  it('when a viewer comes back with its last id, then it gets what it missed and no snapshot; a foreign id gets a snapshot', async () => {
    const hub = hubWith(open, 1000);
    const ids: string[] = [];
    const first = hub.subscribe('plume', 'ON', null, ({ id, message }) => {
      if (message.type === 'upsert') ids.push(id);
    });
    await wait(10);
    expect(ids).toHaveLength(1);
    first();
    await wait(20);
    const missed: string[] = [];
    const back = hub.subscribe('plume', 'ON', ids[0]!, ({ message }) => {
      missed.push(
        message.type === 'upsert'
          ? message.rows.map((row) => ('name' in row ? row.name : '')).join()
          : message.type,
      );
    });
    expect(missed).toEqual(['SW-2', 'SW-3', 'status']);
    const foreign: string[] = [];
    const other = hub.subscribe('plume', 'ON', 'abcdef-1', ({ message }) => foreign.push(message.type));
    expect(foreign).toEqual(['snapshot', 'status']);
    back();
    other();
    hub.close();
  });
});
