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
 * A staging stream: snapshot then changes, resumed with Last-Event-ID after each cycle (the server ends
 * every answer before Hosting's 60 s) or with backoff after an error. Updates are applied once per
 * animation frame, however many arrive, and each changed row is flagged for CHANGE_FLAG_MS.
 */
export function useStagingStream<R extends StagingRow>(kind: StagingKind, province: Province): StreamView<R> {
  const [rows, setRows] = useState<R[]>([]);
  const [flagged, setFlagged] = useState<ReadonlyMap<string, number>>(new Map());
  const [connection, setConnection] = useState<Connection>({ state: 'connecting' });
  const [run, setRun] = useState(0);
  const [running, setRunning] = useState(true);
  const store = useRef(new Map<string, R>());
  const pending = useRef<{ changed: Set<string>; frame: number | null }>({ changed: new Set(), frame: null });

  useEffect(() => {
    if (!running) return;
    const abort = new AbortController();
    const data = store.current;
    const flush = () => {
      pending.current.frame = null;
      const now = Date.now();
      const changed = pending.current.changed;
      pending.current.changed = new Set();
      setRows([...data.values()]);
      if (changed.size > 0)
        setFlagged((before) => {
          const next = new Map([...before].filter(([, until]) => until > now));
          for (const key of changed) next.set(key, now + CHANGE_FLAG_MS);
          return next;
        });
    };
    const schedule = () => {
      pending.current.frame ??= requestAnimationFrame(flush);
    };
    const apply = (message: StagingMessage) => {
      if (message.type === 'snapshot') {
        data.clear();
        for (const row of message.rows) data.set(rowKey(row), row as R);
        schedule();
      } else if (message.type === 'upsert') {
        for (const row of message.rows) {
          const key = rowKey(row);
          data.set(key, row as R);
          pending.current.changed.add(key);
        }
        schedule();
      } else if (message.type === 'status') {
        setConnection(
          message.state === 'live'
            ? { state: 'live' }
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
      setConnection({ state: 'connecting' });
      while (!abort.signal.aborted) {
        try {
          await apiEventStream(`/staging/${kind}/${province}`, {
            lastEventId,
            signal: abort.signal,
            onEvent: (event) => {
              if (event.id !== undefined) lastEventId = event.id;
              wait = BACKOFF.first;
              apply(JSON.parse(event.data) as StagingMessage);
            },
          });
          // The server ended this answer (a cycle): resume at once from the last event.
        } catch (error) {
          if (abort.signal.aborted) return;
          if (error instanceof HttpError && error.status >= 400 && error.status < 500) {
            setConnection({ state: 'error', message: error.message, status: error.status });
            return;
          }
          setConnection({ state: 'reconnecting', retryInMs: wait, message: (error as Error).message });
          await new Promise((resolve) => setTimeout(resolve, wait));
          wait = Math.min(wait * 2, BACKOFF.max);
        }
      }
    })();
    return () => {
      abort.abort();
      if (pending.current.frame !== null) cancelAnimationFrame(pending.current.frame);
      pending.current = { changed: new Set(), frame: null };
      // Another province or a reset: nothing of this stream stays on screen.
      data.clear();
      setRows([]);
      setFlagged(new Map());
    };
  }, [kind, province, run, running]);

  // Unflags rows when their second is up.
  useEffect(() => {
    if (flagged.size === 0) return;
    const next = Math.min(...flagged.values());
    const timer = setTimeout(
      () => setFlagged((before) => new Map([...before].filter(([, until]) => until > Date.now()))),
      Math.max(0, next - Date.now()) + 16,
    );
    return () => clearTimeout(timer);
  }, [flagged]);

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
