/**
 * Reads a staging stream through the project's HTTP client (apiEventStream, which adds the user's ID
 * token): the snapshot, then the changes, resumed with Last-Event-ID after each answer ends (a cycle, a
 * poll's batch), with a backoff of 1 s doubling to 15 s after an error. When nothing of a streamed answer
 * has arrived after BUFFERED_AFTER_MS, the path buffers answers until they end (a proxy, a CDN): the
 * stream is then read in its poll form. The rows' messages go out as their JSON text, unparsed (the
 * staging engine parses them off the page's thread); the stream's status becomes the connection's state.
 */
import type { EventSourceMessage } from 'eventsource-parser';
import type { StagingMessage } from '@insight/common/staging';
import { HttpError } from '../../../lib/http-client';

export type Connection =
  | { state: 'connecting' }
  | { state: 'live' }
  | { state: 'reconnecting'; retryInMs: number; message?: string }
  | { state: 'error'; message: string; status?: number }
  | { state: 'stopped' }
  /** Offline: the rows stay as they were; the stream resumes from its last event id when the network returns. */
  | { state: 'paused' };

/** Opens one answer of an event stream; resolves when the server ends it (apiEventStream's shape). */
export type OpenStream = (
  path: string,
  options: { lastEventId?: string; signal: AbortSignal; onEvent: (event: EventSourceMessage) => void },
) => Promise<void>;

export const BACKOFF = { first: 1000, max: 15_000 };
/**
 * A streamed answer starts with the snapshot or the resume at once. When nothing of it has arrived after
 * this long, the path to the API holds answers until they end: the stream is read in its poll form.
 */
export const BUFFERED_AFTER_MS = 1500;

export interface StreamReader {
  /** Stops reading and keeps the last event id: `resume` reads on from it. */
  pause(): void;
  resume(): void;
  /** Stops for good. */
  stop(): void;
}

export interface ReaderOptions {
  open: OpenStream;
  /** The stream's path under /api, e.g. `/staging/plume/ON`. */
  path: string;
  /** A snapshot's or an upsert's JSON text, in the stream's order. */
  onRows(data: string): void;
  onConnection(connection: Connection): void;
}

/** Starts reading at once (the state `connecting`). */
export function startStreamReader({ open, path, onRows, onConnection }: ReaderOptions): StreamReader {
  let lastEventId: string | undefined;
  let abort: AbortController | null = null;
  let stopped = false;
  let current: Connection = { state: 'connecting' };
  const setConnection = (next: Connection) => {
    current = next;
    onConnection(next);
  };

  /** Every answer of a poll starts with the status: only a change is told. */
  const status = (message: Extract<StagingMessage, { type: 'status' }>) => {
    if (message.state === 'live') {
      if (current.state !== 'live') setConnection({ state: 'live' });
    } else if (!(
      current.state === 'reconnecting' &&
      current.retryInMs === 0 &&
      current.message === message.message
    ))
      setConnection({
        state: 'reconnecting',
        retryInMs: 0,
        ...(message.message ? { message: message.message } : {}),
      });
  };

  const run = async (signal: AbortSignal) => {
    let wait = BACKOFF.first;
    let poll = false;
    setConnection({ state: 'connecting' });
    while (!signal.aborted) {
      const request = new AbortController();
      const forward = () => request.abort();
      signal.addEventListener('abort', forward);
      let heard = false;
      // The window runs from the attempt, the ID token's wait included.
      const probe = poll
        ? null
        : setTimeout(() => {
            if (heard) return;
            poll = true;
            request.abort();
          }, BUFFERED_AFTER_MS);
      try {
        await open(`${path}${poll ? '?mode=poll' : ''}`, {
          lastEventId,
          signal: request.signal,
          onEvent: (event) => {
            if (signal.aborted) return;
            heard = true;
            if (event.id !== undefined) lastEventId = event.id;
            wait = BACKOFF.first;
            if (event.event === 'snapshot' || event.event === 'upsert') onRows(event.data);
            else if (event.event === 'status')
              status(JSON.parse(event.data) as Extract<StagingMessage, { type: 'status' }>);
          },
        });
        // The server ended this answer (a cycle, a poll's batch) or it was buffered: ask again at once.
      } catch (error) {
        if (signal.aborted) return;
        if (request.signal.aborted && !heard && poll) continue;
        if (error instanceof HttpError && error.status >= 400 && error.status < 500) {
          setConnection({ state: 'error', message: error.message, status: error.status });
          return;
        }
        setConnection({ state: 'reconnecting', retryInMs: wait, message: (error as Error).message });
        await new Promise((resolve) => setTimeout(resolve, wait));
        wait = Math.min(wait * 2, BACKOFF.max);
      } finally {
        if (probe !== null) clearTimeout(probe);
        signal.removeEventListener('abort', forward);
      }
    }
  };

  const begin = () => {
    abort = new AbortController();
    void run(abort.signal);
  };
  begin();
  return {
    pause() {
      if (stopped || !abort) return;
      abort.abort();
      abort = null;
      setConnection({ state: 'paused' });
    },
    resume() {
      if (stopped || abort) return;
      begin();
    },
    stop() {
      stopped = true;
      abort?.abort();
      abort = null;
    },
  };
}
