/**
 * The live staging tables' engine: it reads a staging stream (snapshot, then changes, resumed with
 * Last-Event-ID after each cycle, with backoff after an error, and as a long poll through a path that
 * buffers answers), owns every row and every change flag, and hands the page only what its table shows:
 * the rows of the visible page after the quick search and the sort, and how many rows match. It runs in a
 * Web Worker (staging-stream.worker.ts), so that parsing, merging, searching and sorting thousands of rows
 * never hold the page's main thread; without Worker support (tests) it runs on the page's thread, the same.
 * Free of React, Firebase and the app's configuration.
 */
import type { EventSourceMessage } from 'eventsource-parser';
import type { Province, StagingKind, StagingMessage, StagingRow } from '@insight/common/staging';
import { EventStreamError, readEventStream } from '../../../lib/event-stream';

export type Connection =
  | { state: 'connecting' }
  | { state: 'live' }
  | { state: 'reconnecting'; retryInMs: number; message?: string }
  | { state: 'error'; message: string; status?: number }
  | { state: 'stopped' }
  /** Offline: the rows stay as they were; the stream resumes from its last event id when the network returns. */
  | { state: 'paused' };

/** The texts a row shows beyond its raw values (translated labels), for the quick search. */
export interface SearchLabels {
  /** A value's label by its raw value: statuses, port states, row types. */
  values: Readonly<Record<string, string>>;
  /** The ONU page's OLT interface text by port number. */
  interfaces?: Readonly<Record<number, string>>;
}

export interface ViewQuery {
  page: number;
  pageSize: number;
  sort: ReadonlyArray<{ field: string; sort: 'asc' | 'desc' | null | undefined }>;
  /** Quick-search words: a row matches when each word is in one of its texts (case and accents folded). */
  search: readonly string[];
  labels: SearchLabels;
}

/** A row as the table shows it: the stream's row, its version and whether it changed in the last second. */
export type ViewRow<R extends StagingRow = StagingRow> = R & { changing?: true; version: number };

export interface View<R extends StagingRow = StagingRow> {
  rows: Array<ViewRow<R>>;
  /** Rows that match the search. */
  rowCount: number;
  /** Every row of the stream. */
  total: number;
}

/** What the engine tells its page. */
export type EngineMessage =
  | { type: 'view'; view: View; seq: number; all?: StagingRow[] }
  | { type: 'connection'; connection: Connection }
  | { type: 'token'; id: number };

/** What the page tells the engine. */
export type PageMessage =
  /** `base`: the portal's origin (a worker's own address may not resolve a path). */
  | { type: 'start'; kind: StagingKind; province: Province; flagMs: number; base: string }
  | { type: 'stop' }
  /** Offline (docs/field-mode.md): the stream stops, its rows stay; `resume` reads on from its last event id. */
  | { type: 'pause' }
  | { type: 'resume' }
  /** Every row that matches the search, sorted: the next view carries them (`all`). */
  | { type: 'export' }
  | { type: 'query'; query: ViewQuery; seq: number }
  | { type: 'token'; id: number; token: string | null };

const BACKOFF = { first: 1000, max: 15_000 };
/**
 * A streamed answer starts with the snapshot or the resume at once. When nothing of it has arrived after
 * this long, the path to the API holds answers until they end (a buffering proxy or CDN): the stream is
 * then read in its poll form, answers that end at their first batch of changes.
 */
export const BUFFERED_AFTER_MS = 1500;
/**
 * Under a burst, the page gets a new view at most this often; a quiet stream's change and a new query
 * (typing in the search, a page, a sort) are answered at once.
 */
export const MIN_UPDATE_MS = 100;
/** Flags that end within this long of each other are cleared in one view. */
const UNFLAG_GRAIN_MS = 100;

const rowKey = (row: StagingRow): string => ('type' in row ? row.key : row.name);
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The texts of a row the quick search looks in: its raw values, their labels, a switch's port summary. */
function searchText(row: StagingRow, labels: SearchLabels): string {
  const parts: string[] = [];
  for (const [field, value] of Object.entries(row)) {
    if (field === 'ports' && Array.isArray(value)) {
      const counts = new Map<string, number>();
      for (const port of value as Array<{ state: string }>)
        counts.set(port.state, (counts.get(port.state) ?? 0) + 1);
      for (const [state, count] of counts) parts.push(`${labels.values[state] ?? state} ${count}`);
    } else if (value !== null && typeof value !== 'object') {
      const text = String(value);
      parts.push(text);
      const label = labels.values[text];
      if (label) parts.push(label);
      if (field === 'macAddress' && /^[0-9a-f]{12}$/i.test(text)) parts.push(text.match(/../g)!.join(':'));
    }
  }
  const port = (row as { portNumber?: number }).portNumber;
  if (port !== undefined && labels.interfaces?.[port]) parts.push(labels.interfaces[port]);
  return fold(parts.join('\u0000'));
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return -1;
  if (b === undefined || b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

/**
 * Starts an engine that posts to its page with `post`; `token` asks the page for the user's ID token.
 * Answers the page's messages through the returned function.
 */
export function createStagingEngine(post: (message: EngineMessage) => void): (message: PageMessage) => void {
  const rows = new Map<string, StagingRow>();
  // Each row's version (bumped at each change of its data or flag) and its search text, kept per object.
  const versions = new Map<string, number>();
  const texts = new WeakMap<StagingRow, string>();
  // Every flag with its end, oldest first (all last as long).
  const flags = new Map<string, number>();
  let flagMs = 1000;
  let query: ViewQuery = { page: 0, pageSize: 100, sort: [], search: [], labels: { values: {} } };
  let querySeq = 0;
  let textsFor: SearchLabels | null = null;
  let version = 0;
  // Rows changed since the last view.
  let changed = new Set<string>();
  let dirty = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let unflag: ReturnType<typeof setTimeout> | null = null;
  let lastUpdate = -Infinity;
  let lastSent = '';
  let abort: AbortController | null = null;
  const tokens = new Map<number, (token: string | null) => void>();
  let tokenId = 0;

  const bump = (key: string) => versions.set(key, ++version);
  const textOf = (row: StagingRow) => {
    let text = texts.get(row);
    if (text === undefined) texts.set(row, (text = searchText(row, query.labels)));
    return text;
  };

  /** The visible page after the search and the sort; posted when it differs from the last one. */
  const sendView = (exporting = false) => {
    timer = null;
    lastUpdate = performance.now();
    const now = Date.now();
    for (const key of changed) {
      flags.delete(key);
      flags.set(key, now + flagMs);
    }
    changed = new Set();
    for (const [key, until] of flags) {
      if (until > now) break;
      flags.delete(key);
      bump(key);
    }
    if (textsFor !== query.labels) {
      // New labels (another language, the OLT interfaces): every search text again.
      textsFor = query.labels;
      for (const row of rows.values()) texts.delete(row);
    }
    const words = query.search.map(fold).filter(Boolean);
    let list = [...rows.values()];
    if (words.length > 0)
      list = list.filter((row) => {
        const text = textOf(row);
        return words.every((word) => text.includes(word));
      });
    const sorts = query.sort.filter((item) => item.sort);
    if (sorts.length > 0)
      list.sort((a, b) => {
        for (const { field, sort } of sorts) {
          const order = compare((a as Record<string, unknown>)[field], (b as Record<string, unknown>)[field]);
          if (order !== 0) return sort === 'desc' ? -order : order;
        }
        return 0;
      });
    const pageCount = Math.max(1, Math.ceil(list.length / query.pageSize));
    const page = Math.min(query.page, pageCount - 1);
    const shown = list.slice(page * query.pageSize, (page + 1) * query.pageSize).map((row) => {
      const key = rowKey(row);
      const model = { ...row, version: versions.get(key) ?? 0 } as ViewRow;
      if (flags.has(key)) model.changing = true;
      return model;
    });
    // The same page as last time (nothing on it changed): nothing to post.
    const signature = `${querySeq}|${list.length}|${rows.size}|${shown.map((row) => `${rowKey(row)}:${row.version}`).join(',')}`;
    if (signature !== lastSent || dirty || exporting) {
      lastSent = signature;
      post({
        type: 'view',
        view: { rows: shown, rowCount: list.length, total: rows.size },
        seq: querySeq,
        ...(exporting ? { all: list } : {}),
      });
    }
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
  const schedule = (now = false) => {
    if (now) {
      if (timer !== null) clearTimeout(timer);
      sendView();
      return;
    }
    if (timer !== null) return;
    timer = setTimeout(() => sendView(), Math.max(0, lastUpdate + MIN_UPDATE_MS - performance.now()));
  };

  const connection = (next: Connection) => post({ type: 'connection', connection: next });
  let current: Connection = { state: 'connecting' };
  const setConnection = (next: Connection) => {
    current = next;
    connection(next);
  };

  const apply = (message: StagingMessage) => {
    if (message.type === 'snapshot') {
      rows.clear();
      for (const row of message.rows) {
        const key = rowKey(row);
        rows.set(key, row);
        bump(key);
      }
      dirty = true;
      schedule(true);
    } else if (message.type === 'upsert') {
      for (const row of message.rows) {
        const key = rowKey(row);
        rows.set(key, row);
        bump(key);
        changed.add(key);
      }
      schedule();
    } else if (message.type === 'status') {
      // Every answer of a poll starts with the status: post only a change.
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
    }
  };

  const token = () =>
    new Promise<string | null>((resolve) => {
      const id = ++tokenId;
      tokens.set(id, resolve);
      post({ type: 'token', id });
    });

  /** The running stream and its last event id: what a resume after a pause starts from. */
  let stream: { kind: StagingKind; province: Province; base: string; lastEventId?: string } | null = null;

  const run = async (kind: StagingKind, province: Province, base: string, signal: AbortSignal) => {
    const own = stream!;
    let lastEventId = own.lastEventId;
    let wait = BACKOFF.first;
    let poll = false;
    setConnection({ state: 'connecting' });
    while (!signal.aborted) {
      const request = new AbortController();
      const forward = () => request.abort();
      signal.addEventListener('abort', forward);
      let heard = false;
      let probe: ReturnType<typeof setTimeout> | null = null;
      try {
        const idToken = await token();
        if (signal.aborted) return;
        probe = poll
          ? null
          : setTimeout(() => {
              if (heard) return;
              poll = true;
              request.abort();
            }, BUFFERED_AFTER_MS);
        await readEventStream(`${base}/api/staging/${kind}/${province}${poll ? '?mode=poll' : ''}`, {
          headers: idToken ? { authorization: `Bearer ${idToken}` } : {},
          lastEventId,
          signal: request.signal,
          onEvent: (event: EventSourceMessage) => {
            heard = true;
            if (event.id !== undefined) lastEventId = own.lastEventId = event.id;
            wait = BACKOFF.first;
            apply(JSON.parse(event.data) as StagingMessage);
          },
        });
        // The server ended this answer (a cycle, a poll's batch) or it was buffered: ask again at once.
      } catch (error) {
        if (signal.aborted) return;
        if (error instanceof EventStreamError && error.status >= 400 && error.status < 500) {
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

  const stop = () => {
    abort?.abort();
    abort = null;
    if (timer !== null) clearTimeout(timer);
    if (unflag !== null) clearTimeout(unflag);
    timer = unflag = null;
    // Another province or a reset: nothing of this stream stays on screen.
    rows.clear();
    flags.clear();
    versions.clear();
    changed = new Set();
    lastSent = '';
    dirty = true;
    sendView();
  };

  return (message) => {
    if (message.type === 'start') {
      stop();
      flagMs = message.flagMs;
      stream = { kind: message.kind, province: message.province, base: message.base };
      abort = new AbortController();
      void run(message.kind, message.province, message.base, abort.signal);
    } else if (message.type === 'stop') {
      stream = null;
      stop();
    } else if (message.type === 'pause') {
      if (!stream || !abort) return;
      abort.abort();
      abort = null;
      setConnection({ state: 'paused' });
    } else if (message.type === 'resume') {
      if (!stream || abort) return;
      abort = new AbortController();
      void run(stream.kind, stream.province, stream.base, abort.signal);
    } else if (message.type === 'export') {
      if (timer !== null) clearTimeout(timer);
      sendView(true);
    } else if (message.type === 'query') {
      query = message.query;
      querySeq = message.seq;
      schedule(true);
    } else if (message.type === 'token') {
      tokens.get(message.id)?.(message.token);
      tokens.delete(message.id);
    }
  };
}
