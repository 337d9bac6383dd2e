import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CHANGE_FLAG_MS,
  rowKey,
  type Province,
  type StagingKind,
  type StagingMessage,
  type StagingRow,
} from '@insight/common/staging';
import { apiEventStream, HttpError } from '../../../lib/http-client';

export type Connection =
  | { state: 'connecting' }
  | { state: 'live' }
  | { state: 'reconnecting'; retryInMs: number; message?: string }
  | { state: 'error'; message: string; status?: number }
  | { state: 'stopped' };

export interface StreamView<R extends StagingRow> {
  rows: R[];
  /** Row keys changed in the last CHANGE_FLAG_MS, with when their flag ends. */
  flagged: ReadonlyMap<string, number>;
  connection: Connection;
  /** Stops the stream and clears the rows (SPEC.md section 4). */
  reset(): void;
  /** Starts again after a reset or an error. */
  start(): void;
}

const BACKOFF = { first: 1000, max: 15_000 };
/**
 * A streamed answer starts with the snapshot or the resume at once. When nothing of it has arrived after
 * this long, the path to the API holds answers until they end (a buffering proxy or CDN): the page then
 * reads the stream in its poll form, answers that end at their first batch of changes.
 */
export const BUFFERED_AFTER_MS = 1500;
/** Flags that end within this long of each other are cleared in one render. */
const UNFLAG_GRAIN_MS = 100;
/**
 * Under a burst, the table takes the changes at most this often: each update of a 2,000-row table costs
 * the grid a pass over every row, too much to pay at every frame while hundreds of changes a second come.
 * A quiet stream's change still shows at the next frame.
 */
const MIN_UPDATE_MS = 100;

/**
 * A staging stream: snapshot then changes, resumed with Last-Event-ID after each cycle (the server ends
 * every answer before Hosting's 60 s) or with backoff after an error. Through a path that buffers answers
 * (nothing within BUFFERED_AFTER_MS), the same stream is read as a long poll (`?mode=poll`). Updates are applied in one
 * animation frame, however many arrive (under a burst at most every MIN_UPDATE_MS), and each changed
 * row is flagged for CHANGE_FLAG_MS. Flags end in those same updates, at most every UNFLAG_GRAIN_MS:
 * under hundreds of changes a second each flag's end does not cost a render of its own.
 */
export function useStagingStream<R extends StagingRow>(kind: StagingKind, province: Province): StreamView<R> {
  const [rows, setRows] = useState<R[]>([]);
  const [flagged, setFlagged] = useState<ReadonlyMap<string, number>>(new Map());
  const [connection, setConnection] = useState<Connection>({ state: 'connecting' });
  const [run, setRun] = useState(0);
  const [running, setRunning] = useState(true);
  const store = useRef(new Map<string, R>());

  useEffect(() => {
    if (!running) return;
    const abort = new AbortController();
    const data = store.current;
    // Rows changed since the last frame; every flag with its end, oldest first (all last as long).
    let changed = new Set<string>();
    let dirty = false;
    const flags = new Map<string, number>();
    let frame: number | null = null;
    let later: ReturnType<typeof setTimeout> | null = null;
    let unflag: ReturnType<typeof setTimeout> | null = null;
    let lastUpdate = -Infinity;
    const flush = () => {
      frame = null;
      lastUpdate = performance.now();
      const now = Date.now();
      for (const key of changed) {
        flags.delete(key);
        flags.set(key, now + CHANGE_FLAG_MS);
      }
      let unflagged = false;
      for (const [key, until] of flags) {
        if (until > now) break;
        flags.delete(key);
        unflagged = true;
      }
      if (dirty) setRows([...data.values()]);
      if (changed.size > 0 || unflagged) setFlagged(new Map(flags));
      changed = new Set();
      dirty = false;
      const next = flags.values().next();
      if (!next.done && unflag === null)
        unflag = setTimeout(
          () => {
            unflag = null;
            schedule();
          },
          Math.max(next.value - now, UNFLAG_GRAIN_MS),
        );
    };
    const schedule = () => {
      if (frame !== null || later !== null) return;
      const wait = lastUpdate + MIN_UPDATE_MS - performance.now();
      if (wait <= 0) frame = requestAnimationFrame(flush);
      else
        later = setTimeout(() => {
          later = null;
          frame = requestAnimationFrame(flush);
        }, wait);
    };
    const apply = (message: StagingMessage) => {
      if (message.type === 'snapshot') {
        data.clear();
        for (const row of message.rows) data.set(rowKey(row), row as R);
        dirty = true;
        schedule();
      } else if (message.type === 'upsert') {
        for (const row of message.rows) {
          const key = rowKey(row);
          data.set(key, row as R);
          changed.add(key);
        }
        dirty = true;
        schedule();
      } else if (message.type === 'status') {
        // Every answer of a poll starts with the status: render only a change.
        setConnection((current) =>
          message.state === 'live'
            ? current.state === 'live'
              ? current
              : { state: 'live' }
            : current.state === 'reconnecting' &&
                current.retryInMs === 0 &&
                current.message === message.message
              ? current
              : {
                  state: 'reconnecting',
                  retryInMs: 0,
                  ...(message.message ? { message: message.message } : {}),
                },
        );
      }
    };
    void (async () => {
      let lastEventId: string | undefined;
      let wait = BACKOFF.first;
      let poll = false;
      setConnection({ state: 'connecting' });
      while (!abort.signal.aborted) {
        const request = new AbortController();
        const forward = () => request.abort();
        abort.signal.addEventListener('abort', forward);
        let heard = false;
        const probe = poll
          ? null
          : setTimeout(() => {
              if (heard) return;
              poll = true;
              request.abort();
            }, BUFFERED_AFTER_MS);
        try {
          await apiEventStream(`/staging/${kind}/${province}${poll ? '?mode=poll' : ''}`, {
            lastEventId,
            signal: request.signal,
            onEvent: (event) => {
              heard = true;
              if (event.id !== undefined) lastEventId = event.id;
              wait = BACKOFF.first;
              apply(JSON.parse(event.data) as StagingMessage);
            },
          });
          // The server ended this answer (a cycle, a poll's batch) or it was buffered: ask again at once.
        } catch (error) {
          if (probe !== null) clearTimeout(probe);
          if (abort.signal.aborted) return;
          if (error instanceof HttpError && error.status >= 400 && error.status < 500) {
            setConnection({ state: 'error', message: error.message, status: error.status });
            return;
          }
          setConnection({ state: 'reconnecting', retryInMs: wait, message: (error as Error).message });
          await new Promise((resolve) => setTimeout(resolve, wait));
          wait = Math.min(wait * 2, BACKOFF.max);
        } finally {
          if (probe !== null) clearTimeout(probe);
          abort.signal.removeEventListener('abort', forward);
        }
      }
    })();
    return () => {
      abort.abort();
      if (frame !== null) cancelAnimationFrame(frame);
      if (later !== null) clearTimeout(later);
      if (unflag !== null) clearTimeout(unflag);
      // Another province or a reset: nothing of this stream stays on screen.
      data.clear();
      setRows([]);
      setFlagged(new Map());
    };
  }, [kind, province, run, running]);

  const reset = useCallback(() => {
    setRunning(false);
    store.current.clear();
    setRows([]);
    setFlagged(new Map());
    setConnection({ state: 'stopped' });
  }, []);
  const start = useCallback(() => {
    setRunning(true);
    setRun((value) => value + 1);
  }, []);
  return { rows, flagged, connection, reset, start };
}
