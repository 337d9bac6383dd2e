import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { CHANGE_FLAG_MS, type Province, type StagingKind, type StagingRow } from '@insight/common/staging';
import { apiEventStream } from '../../../lib/http-client';
import { useOnline } from '../../../lib/use-network-status';
import {
  createStagingEngine,
  type EngineMessage,
  type PageMessage,
  type SearchLabels,
  type View,
  type ViewQuery,
  type ViewRow,
} from './staging-engine';
import { startStreamReader, type Connection, type StreamReader } from './stream-reader';

export type { Connection, SearchLabels, View, ViewRow };
export { BUFFERED_AFTER_MS } from './stream-reader';

/** What the table asks for: its page, its sort and the quick search's words. */
export type TableQuery = Omit<ViewQuery, 'labels'>;

export interface StreamView<R extends StagingRow> {
  /** The rows the table shows (its page, searched and sorted), how many match, how many there are. */
  view: View<R>;
  /** The quick search the view answers (its words joined by a space). */
  answered: string;
  /** The table's page and sort (and the search as last set). */
  query: TableQuery;
  /** A new page or sort. */
  setQuery(query: TableQuery): void;
  /**
   * A new quick search (back to the first page): sent to the engine at once, without drawing the page
   * again; the rows that answer it arrive with `answered`.
   */
  setSearch(words: readonly string[]): void;
  /** Every row that matches the search, sorted (the CSV export). */
  matching(): Promise<R[]>;
  connection: Connection;
  /** Stops the stream and clears the rows (docs/requirements.md, "Staging"). */
  reset(): void;
  /** Starts again after a reset or an error. */
  start(): void;
}

const EMPTY: View = { rows: [], rowCount: 0, total: 0 };
export const FIRST_QUERY: TableQuery = { page: 0, pageSize: 100, sort: [], search: [] };

interface Engine {
  send(message: PageMessage): void;
  close(): void;
}

/**
 * The staging engine (staging-engine.ts) in a Web Worker, or on this thread where there is no Worker
 * (the web tests' jsdom): either way it answers through `receive`.
 */
function openEngine(receive: (message: EngineMessage) => void): Engine {
  if (typeof Worker !== 'undefined') {
    const worker = new Worker(new URL('./staging-stream.worker.ts', import.meta.url), {
      type: 'module',
      name: 'staging-stream',
    });
    worker.onmessage = (event: MessageEvent<EngineMessage>) => receive(event.data);
    return { send: (message) => worker.postMessage(message), close: () => worker.terminate() };
  }
  const engine = createStagingEngine((message) => queueMicrotask(() => receive(message)));
  return { send: engine, close: () => engine({ type: 'stop' }) };
}

/**
 * A staging stream, read through the HTTP client (stream-reader.ts) and held off the main thread: the
 * rows' messages go to the engine unparsed, which owns the rows and the change flags and posts only the
 * table's page (searched and sorted there), at most every 100 ms under a burst; a new query (a key typed
 * in the search, a page, a sort) is answered at once. Each changed row is flagged for CHANGE_FLAG_MS.
 * Through a path that buffers answers the reader reads the stream as a long poll.
 */
export function useStagingStream<R extends StagingRow>(
  kind: StagingKind,
  province: Province,
  labels: SearchLabels,
): StreamView<R> {
  const [view, setView] = useState<View<R>>(EMPTY as View<R>);
  const [answered, setAnswered] = useState('');
  const [connection, setConnection] = useState<Connection>({ state: 'connecting' });
  const [query, setQueryState] = useState<TableQuery>(FIRST_QUERY);
  // What the engine was last asked (the search changes it without a render).
  const asked = useRef<TableQuery>(FIRST_QUERY);
  const labelsRef = useRef(labels);
  const [run, setRun] = useState(0);
  const [running, setRunning] = useState(true);
  const engine = useRef<Engine | null>(null);
  const reader = useRef<StreamReader | null>(null);
  // The search of each query sent, by its number, until its view arrives.
  const searches = useRef(new Map<number, string>());
  const seq = useRef(0);
  const exports = useRef<Array<(rows: R[]) => void>>([]);

  useEffect(() => {
    const opened = openEngine((message) => {
      if (message.type === 'view') {
        const search = searches.current.get(message.seq);
        // A transition: React renders the new page in slices, between which a key typed is handled.
        startTransition(() => {
          setView(message.view as View<R>);
          if (search !== undefined) setAnswered(search);
        });
        if (search !== undefined)
          for (const key of searches.current.keys()) if (key < message.seq) searches.current.delete(key);
        if (message.all) for (const done of exports.current.splice(0)) done(message.all as R[]);
      }
    });
    engine.current = opened;
    return () => {
      opened.close();
      engine.current = null;
    };
  }, []);

  useEffect(() => {
    const current = engine.current;
    if (!current) return;
    if (!running) {
      current.send({ type: 'stop' });
      return;
    }
    current.send({ type: 'start', flagMs: CHANGE_FLAG_MS });
    // The rows' messages of one read go to the engine together; nothing of a stopped reader does.
    let batch: string[] = [];
    let reading = true;
    const opened = startStreamReader({
      open: apiEventStream,
      path: `/staging/${kind}/${province}`,
      onRows: (data) => {
        if (batch.push(data) > 1) return;
        queueMicrotask(() => {
          const rows = batch;
          batch = [];
          if (reading) current.send({ type: 'rows', data: rows });
        });
      },
      onConnection: (next) => {
        if (reading) setConnection(next);
      },
    });
    reader.current = opened;
    return () => {
      reading = false;
      opened.stop();
      reader.current = null;
      current.send({ type: 'stop' });
    };
  }, [kind, province, run, running]);

  // Offline, the live data pauses (its rows stay) and resumes from the stream's last event id once the
  // network returns (docs/field-mode.md).
  const online = useOnline();
  useEffect(() => {
    if (!running || online) return;
    const current = reader.current;
    current?.pause();
    return () => current?.resume();
  }, [online, running, kind, province, run]);

  const ask = useCallback((next: TableQuery) => {
    asked.current = next;
    const number = ++seq.current;
    searches.current.set(number, next.search.join(' '));
    engine.current?.send({ type: 'query', query: { ...next, labels: labelsRef.current }, seq: number });
  }, []);
  useEffect(() => {
    labelsRef.current = labels;
    ask(asked.current);
  }, [labels, ask]);
  const setQuery = useCallback(
    (next: TableQuery) => {
      setQueryState(next);
      ask(next);
    },
    [ask],
  );
  const setSearch = useCallback(
    (words: readonly string[]) => {
      const next = { ...asked.current, search: words, page: 0 };
      if (asked.current.page !== 0) setQueryState(next);
      ask(next);
    },
    [ask],
  );

  const matching = useCallback(
    () =>
      new Promise<R[]>((resolve) => {
        exports.current.push(resolve);
        engine.current?.send({ type: 'export' });
      }),
    [],
  );
  const reset = useCallback(() => {
    setRunning(false);
    setConnection({ state: 'stopped' });
  }, []);
  const start = useCallback(() => {
    setRunning(true);
    setRun((value) => value + 1);
  }, []);
  return { view, answered, query, setQuery, setSearch, matching, connection, reset, start };
}
