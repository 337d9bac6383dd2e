import type { EventSourceMessage } from 'eventsource-parser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http-client';
import {
  BACKOFF,
  BUFFERED_AFTER_MS,
  startStreamReader,
  type Connection,
  type OpenStream,
} from './stream-reader';

interface Call {
  path: string;
  lastEventId?: string;
  signal: AbortSignal;
  emit(event: Partial<EventSourceMessage> & { event: string; data: string }): void;
  end(): void;
  fail(error: Error): void;
}

/** A transport whose answers the test drives: each call stays open until ended, failed or aborted. */
function fakeTransport() {
  const calls: Call[] = [];
  const open: OpenStream = (path, { lastEventId, signal, onEvent }) =>
    new Promise<void>((resolve, reject) => {
      signal.addEventListener('abort', () => resolve(), { once: true });
      calls.push({
        path,
        lastEventId,
        signal,
        emit: (event) => onEvent({ id: undefined, ...event } as EventSourceMessage),
        end: resolve,
        fail: reject,
      });
    });
  return { open, calls };
}

function reader() {
  const transport = fakeTransport();
  const rows: string[] = [];
  const states: Connection[] = [];
  const started = startStreamReader({
    open: transport.open,
    path: '/staging/plume/ON',
    onRows: (data) => rows.push(data),
    onConnection: (connection) => states.push(connection),
  });
  return { ...transport, rows, states, state: () => states.at(-1)!, reader: started };
}
const live = { event: 'status', data: JSON.stringify({ type: 'status', state: 'live' }) };

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('startStreamReader: reconnects', () => {
  it('when the stream drops, then it waits the backoff and asks again from the last event id, live once it answers', async () => {
    const { calls, rows, state } = reader();
    await vi.advanceTimersByTimeAsync(0);
    calls[0]!.emit(live);
    calls[0]!.emit({ id: 'c-1', event: 'snapshot', data: '{"type":"snapshot","rows":[]}' });
    expect(state()).toEqual({ state: 'live' });
    calls[0]!.fail(new HttpError(0, 'network', 'The network went'));
    await vi.advanceTimersByTimeAsync(0);
    expect(state()).toEqual({ state: 'reconnecting', retryInMs: BACKOFF.first, message: 'The network went' });
    await vi.advanceTimersByTimeAsync(BACKOFF.first - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ path: '/staging/plume/ON', lastEventId: 'c-1' });
    calls[1]!.emit(live);
    expect(state()).toEqual({ state: 'live' });
    expect(rows).toEqual(['{"type":"snapshot","rows":[]}']);
  });

  it('when errors follow each other, then the wait doubles up to its cap; an answer that ends is asked again at once', async () => {
    const { calls, states } = reader();
    await vi.advanceTimersByTimeAsync(0);
    for (let index = 0; index < 6; index++) {
      calls.at(-1)!.fail(new Error('refused'));
      await vi.advanceTimersByTimeAsync(BACKOFF.max);
    }
    const waits = states.flatMap((state) => (state.state === 'reconnecting' ? [state.retryInMs] : []));
    expect(waits).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000]);
    const before = calls.length;
    calls.at(-1)!.emit(live);
    calls.at(-1)!.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(before + 1);
  });

  it('when the server refuses the stream (4xx), then the reader stops with the error', async () => {
    const { calls, state } = reader();
    await vi.advanceTimersByTimeAsync(0);
    calls[0]!.fail(new HttpError(403, 'forbidden', 'Not allowed'));
    await vi.advanceTimersByTimeAsync(BACKOFF.max);
    expect(state()).toEqual({ state: 'error', message: 'Not allowed', status: 403 });
    expect(calls).toHaveLength(1);
  });
});

describe('startStreamReader: the poll fallback', () => {
  it('when nothing of the streamed answer arrives within the window, then it is given up and the poll form is read from then on', async () => {
    const { calls, rows } = reader();
    await vi.advanceTimersByTimeAsync(BUFFERED_AFTER_MS - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls.map((call) => call.path)).toEqual(['/staging/plume/ON', '/staging/plume/ON?mode=poll']);
    calls[1]!.emit({ id: 'c-1', event: 'snapshot', data: 'S' });
    calls[1]!.end();
    await vi.advanceTimersByTimeAsync(BUFFERED_AFTER_MS * 2);
    expect(calls.slice(2).map((call) => [call.path, call.lastEventId])).toEqual([
      ['/staging/plume/ON?mode=poll', 'c-1'],
    ]);
    expect(rows).toEqual(['S']);
  });

  it('when the streamed answer starts within the window, then it is kept past the window', async () => {
    const { calls } = reader();
    await vi.advanceTimersByTimeAsync(100);
    calls[0]!.emit(live);
    await vi.advanceTimersByTimeAsync(BUFFERED_AFTER_MS * 4);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.signal.aborted).toBe(false);
  });
});

describe('startStreamReader: pause and stop', () => {
  it('when paused, then the answer is closed and nothing more is read; resumed, it reads on from the last id', async () => {
    const { calls, rows, state, reader: started } = reader();
    await vi.advanceTimersByTimeAsync(0);
    calls[0]!.emit({ id: 'c-7', event: 'upsert', data: 'U' });
    started.pause();
    expect(state()).toEqual({ state: 'paused' });
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[0]!.emit({ id: 'c-8', event: 'upsert', data: 'late' });
    await vi.advanceTimersByTimeAsync(BACKOFF.max);
    expect(calls).toHaveLength(1);
    started.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls[1]!.lastEventId).toBe('c-7');
    started.stop();
    expect(calls[1]!.signal.aborted).toBe(true);
    expect(rows).toEqual(['U']);
  });
});
