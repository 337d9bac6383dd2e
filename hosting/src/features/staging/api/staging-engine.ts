/**
 * The live staging tables' engine: it takes the stream's rows (the JSON text of each snapshot and
 * upsert, as the stream reader passes them on), keeps them and their change flags (row-store.ts), and
 * hands the page only what its table shows: the rows of the visible page after the quick search and the
 * sort (view-query.ts), and how many rows match, at most every MIN_UPDATE_MS under a burst
 * (view-throttle.ts). It runs in a Web Worker (staging-stream.worker.ts), so that parsing, merging,
 * searching and sorting thousands of rows never hold the page's main thread; without Worker support
 * (tests) it runs on the page's thread, the same. Free of React, Firebase, the network and the app's
 * configuration.
 */
import { rowKey, type StagingMessage, type StagingRow } from '@insight/common/staging';
import { createRowStore, type Clock } from './row-store';
import { queryRows, searchTexts, type SearchLabels, type ViewQuery } from './view-query';
import { createThrottle, platformScheduler, type Scheduler } from './view-throttle';

export type { SearchLabels, ViewQuery };

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
export type EngineMessage = { type: 'view'; view: View; seq: number; all?: StagingRow[] };

/** What the page tells the engine. */
export type PageMessage =
  /** A new stream (another province, a start after a reset): no row of the last one stays. */
  | { type: 'start'; flagMs: number }
  | { type: 'stop' }
  /** The JSON text of the stream's snapshots and upserts, in order. */
  | { type: 'rows'; data: string[] }
  /** Every row that matches the search, sorted: the next view carries them (`all`). */
  | { type: 'export' }
  | { type: 'query'; query: ViewQuery; seq: number };

/**
 * Under a burst, the page gets a new view at most this often; a quiet stream's change and a new query
 * (typing in the search, a page, a sort) are answered at once.
 */
export const MIN_UPDATE_MS = 100;
/** Flags that end within this long of each other are cleared in one view. */
const UNFLAG_GRAIN_MS = 100;

export interface EngineClocks {
  /** The flags' clock. */
  now?: Clock;
  /** The views' throttle and the flags' ends. */
  scheduler?: Scheduler;
}

/** Starts an engine that posts to its page with `post`; answers the page's messages through the returned function. */
export function createStagingEngine(
  post: (message: EngineMessage) => void,
  { now = Date.now, scheduler = platformScheduler }: EngineClocks = {},
): (message: PageMessage) => void {
  const store = createRowStore({ now });
  const textOf = searchTexts();
  let query: ViewQuery = { page: 0, pageSize: 100, sort: [], search: [], labels: { values: {} } };
  let querySeq = 0;
  let lastSent = '';
  // A view must be posted even when its page looks the same (a snapshot, a reset).
  let dirty = false;
  let exporting = false;

  /** The visible page after the search and the sort; posted when it differs from the last one. */
  const sendView = () => {
    store.settle();
    const { matching, page } = queryRows(store.rows(), query, textOf);
    const shown = page.map((row) => {
      const key = rowKey(row);
      const model = { ...row, version: store.version(key) } as ViewRow;
      if (store.flagged(key)) model.changing = true;
      return model;
    });
    // The same page as last time (nothing on it changed): nothing to post.
    const signature = `${querySeq}|${matching.length}|${store.size}|${shown.map((row) => `${rowKey(row)}:${row.version}`).join(',')}`;
    if (signature !== lastSent || dirty || exporting) {
      lastSent = signature;
      post({
        type: 'view',
        view: { rows: shown, rowCount: matching.length, total: store.size },
        seq: querySeq,
        ...(exporting ? { all: matching } : {}),
      });
    }
    dirty = exporting = false;
    const next = store.nextFlagEnd();
    if (next !== undefined) throttle.after(Math.max(next - now(), UNFLAG_GRAIN_MS));
  };
  const throttle = createThrottle(sendView, MIN_UPDATE_MS, scheduler);

  const apply = (message: StagingMessage) => {
    if (message.type === 'snapshot') {
      store.replace(message.rows);
      dirty = true;
      throttle.now();
    } else if (message.type === 'upsert') {
      store.upsert(message.rows);
      throttle.soon();
    }
  };

  const reset = () => {
    throttle.cancel();
    // Another province or a reset: nothing of this stream stays on screen.
    store.clear();
    lastSent = '';
    dirty = true;
    throttle.now();
  };

  return (message) => {
    if (message.type === 'start') {
      store.setFlagMs(message.flagMs);
      reset();
    } else if (message.type === 'stop') reset();
    else if (message.type === 'rows')
      for (const data of message.data) apply(JSON.parse(data) as StagingMessage);
    else if (message.type === 'export') {
      exporting = true;
      throttle.now();
    } else if (message.type === 'query') {
      query = message.query;
      querySeq = message.seq;
      throttle.now();
    }
  };
}
