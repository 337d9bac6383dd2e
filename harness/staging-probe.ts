/**
 * Event → screen in a staging page, as bench:staging and the buffering-path e2e test measure it: added
 * before the app loads, it counts the distinct changes that reach the page (a switch at a send time: each
 * switch row is stamped upstream with its send time, `updatedAt`) and any upsert received again, notes
 * each switch's latest send, and a MutationObserver on the table takes, for a switch on screen whose row
 * changes in the DOM, the time since that send. Only changes sent after `startMeasuring` are timed.
 *
 * The staging page reads its stream in a Web Worker, out of reach of a tee of the page's own fetch. Two
 * ways to see it (`StagingProbeOptions.worker`):
 * - `tee`: the tee goes first into the worker, as a blob script (the context must bypass the portal's CSP:
 *   `bypassCSP`); every change is counted and timed when the stream is read;
 * - `rows`: the rows the worker posts to the page (the table's rows) are timed when they arrive; the changes
 *   are counted from the network (`countChanges`, in Node: the page cannot share its code).
 *
 * `stagingProbe` runs in the page (Playwright serialises it): it may use nothing from outside its body.
 */
import type { BrowserContext, Page } from 'playwright-core';

export interface StagingProbeOptions {
  /** The table's `data-testid`. */
  table: string;
  worker: 'tee' | 'rows';
}

/** What the probe keeps in the page. */
export interface StagingProbeState {
  /** Distinct changes (a switch at a send time after the first payload's) read from the stream. */
  changes: number;
  /** Snapshots read (the first, and one per resume that reached another instance). */
  snapshots: number;
  /** Upserts received again. */
  repeats: number;
  /** When the first and the last change arrived (ms since the epoch). */
  firstAt: number;
  lastAt: number;
  /** Send time → the row on screen changing, for changes sent after measureFrom (ms). */
  latencies: number[];
  /** Send time → the change read by the browser (the stream read, or the worker's rows), same changes (ms). */
  arrivals: number[];
  /** Each key typed in the table's quick search → the table showing that search's answer (ms). */
  typing: number[];
  measureFrom: number;
}

/** The performance mark set when the measure starts (a trace's tasks are counted from it). */
export const MEASURE_MARK = 'staging-probe:measure';

type ProbeWindow = Window & { __stagingProbe: StagingProbeState };
/** A stream event as the tee passes it on: its type, its rows (name, updatedAt, lastEvent, status), when read. */
type TeeBatch = Array<[type: string, rows: Array<[string, string, string, string]>, at: number]>;
interface ProbeRow {
  name: string;
  updatedAt: string;
  lastEvent?: string;
  status?: string;
}

/**
 * A named function compiled by tsx calls a `__name` helper (esbuild's keepNames) that neither the page nor
 * a worker has: this one stands in for it.
 */
const NAME_HELPER = 'globalThis.__name ??= (fn) => fn;';

export function stagingProbe({ table, worker }: StagingProbeOptions): void {
  const state: StagingProbeState = {
    changes: 0,
    snapshots: 0,
    repeats: 0,
    firstAt: 0,
    lastAt: 0,
    latencies: [],
    arrivals: [],
    typing: [],
    measureFrom: Infinity,
  };
  (window as unknown as ProbeWindow).__stagingProbe = state;
  const keys = new Set<string>();
  const upserts = new Set<string>();
  /** Changes already timed from the worker's rows. */
  const noted = new Set<string>();
  const pending = new Map<string, number>();
  const now = () => performance.timeOrigin + performance.now();
  let first = '';
  const firstOf = (rows: ProbeRow[]) => {
    if (!first && rows.length > 0) first = rows.map((row) => row.updatedAt).sort()[0]!;
  };

  /** A change on its way to the screen: timed from its send, and its row watched. */
  const arrived = (row: ProbeRow, at: number) => {
    const sent = Date.parse(row.updatedAt);
    if (sent >= state.measureFrom) state.arrivals.push(at - sent);
    pending.set(row.name, sent);
  };

  /** What a tee read. A switch's first row (the first payload's time) is not a change, nor is a row of a
   * snapshot: a resume that reaches another instance gets the whole table again, not changes. */
  const count = (type: string, rows: ProbeRow[], at: number) => {
    firstOf(rows);
    if (type === 'snapshot') state.snapshots += 1;
    for (const row of rows) {
      const key = `${row.name}@${row.updatedAt}`;
      if (type === 'upsert') {
        const whole = `${key}|${row.lastEvent}|${row.status}`;
        if (upserts.has(whole)) state.repeats += 1;
        upserts.add(whole);
      }
      if (type !== 'upsert' || row.updatedAt <= first || keys.has(key)) continue;
      keys.add(key);
      state.changes += 1;
      state.firstAt ||= at;
      state.lastAt = at;
      if (!noted.has(key)) arrived(row, at);
    }
  };

  /** Rows the worker posted to the page (the table's rows): each new send time of a switch is timed from here. */
  const note = (rows: ProbeRow[]) => {
    const at = now();
    firstOf(rows);
    for (const row of rows) {
      const key = `${row.name}@${row.updatedAt}`;
      if (row.updatedAt <= first || noted.has(key) || keys.has(key)) continue;
      noted.add(key);
      arrived(row, at);
    }
  };
  const rowsIn = (value: unknown, depth: number, found: ProbeRow[]): ProbeRow[] => {
    if (depth > 5 || value === null || typeof value !== 'object') return found;
    const isRow = (item: unknown): item is ProbeRow =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as ProbeRow).name === 'string' &&
      typeof (item as ProbeRow).updatedAt === 'string';
    if (Array.isArray(value) && value.length > 0 && value.every(isRow)) found.push(...value);
    else for (const item of Object.values(value)) rowsIn(item, depth + 1, found);
    return found;
  };

  /**
   * Tees every staging answer that `fetch` reads here (the page, or a worker), and posts its events in
   * batches on `channelName`. It runs in a worker from its source text: it uses nothing from outside.
   */
  function tee(channelName: string) {
    const channel = new BroadcastChannel(channelName);
    let batch: TeeBatch = [];
    setInterval(() => {
      if (batch.length === 0) return;
      channel.postMessage(batch);
      batch = [];
    }, 20);
    const clock = () => performance.timeOrigin + performance.now();
    const parse = (block: string) => {
      let event = 'message';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data += line.slice(6);
      }
      if (event !== 'upsert' && event !== 'snapshot') return;
      const { rows } = JSON.parse(data) as { rows: Array<Required<ProbeRow>> };
      batch.push([event, rows.map((row) => [row.name, row.updatedAt, row.lastEvent, row.status]), clock()]);
    };
    const original = self.fetch;
    self.fetch = async (...args: Parameters<typeof fetch>) => {
      const res = await original(...args);
      const url = String(args[0] instanceof Request ? args[0].url : args[0]);
      if (!url.includes('/api/staging/') || !res.ok || !res.body) return res;
      const [mine, theirs] = res.body.tee();
      void (async () => {
        const reader = mine.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const next = await reader.read().catch(() => ({ done: true as const, value: undefined }));
          if (next.done) return;
          buffer += next.value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            parse(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        }
      })();
      return new Response(theirs, { status: res.status, statusText: res.statusText, headers: res.headers });
    };
  }

  // One channel per page: the pages of a context share their origin's channels.
  const channelName = `staging-probe-${Math.random().toString(36).slice(2)}`;
  new BroadcastChannel(channelName).onmessage = ({ data }: MessageEvent<TeeBatch>) => {
    for (const [type, rows, at] of data)
      count(
        type,
        rows.map(([name, updatedAt, lastEvent, status]) => ({ name, updatedAt, lastEvent, status })),
        at,
      );
  };
  tee(channelName);

  const OriginalWorker = window.Worker;
  if (OriginalWorker) {
    /** A worker that runs the tee first, then the page's module (whose first messages wait for it). */
    const teeFirst = (url: string | URL) =>
      URL.createObjectURL(
        new Blob(
          [
            `var __name = (fn) => fn;\n(${tee.toString()})(${JSON.stringify(channelName)});\n` +
              'const queued = [];\nself.onmessage = (event) => queued.push(event);\n' +
              `import(${JSON.stringify(new URL(url, location.href).href)}).then(() => { for (const event of queued) self.onmessage(event); });`,
          ],
          { type: 'text/javascript' },
        ),
      );
    window.Worker = class extends OriginalWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(worker === 'tee' ? teeFirst(url) : url, options);
        if (worker === 'rows')
          this.addEventListener('message', (event: MessageEvent) => {
            const rows = rowsIn(event.data, 0, []);
            if (rows.length > 0) note(rows);
          });
      }
    };
  }

  const observer = new MutationObserver((records) => {
    const at = now();
    for (const record of records) {
      const target =
        record.target.nodeType === Node.ELEMENT_NODE
          ? (record.target as Element)
          : record.target.parentElement;
      const name = target?.closest('.MuiDataGrid-row')?.getAttribute('data-id');
      const sent = name ? pending.get(name) : undefined;
      if (!name || sent === undefined) continue;
      pending.delete(name);
      if (sent >= state.measureFrom) state.latencies.push(at - sent);
    }
  });
  const tableSelector = `[data-testid=${table}]`;
  // Typing in the quick search: from each key to the frame where the table shows that search's answer.
  document.addEventListener(
    'keydown',
    (event) => {
      const input = event.target;
      const grid = input instanceof HTMLInputElement ? input.closest<HTMLElement>(tableSelector) : null;
      if (!grid || !(input instanceof HTMLInputElement)) return;
      const started = performance.now();
      const check = () => {
        const wanted = input.value.split(' ').filter(Boolean).join(' ');
        if (grid.dataset.search === wanted) state.typing.push(performance.now() - started);
        else if (performance.now() - started > 5000) state.typing.push(Infinity);
        else requestAnimationFrame(check);
      };
      // The key's character is in the input after this event.
      setTimeout(() => requestAnimationFrame(check));
    },
    true,
  );
  const watch = () => {
    const grid = document.querySelector(tableSelector);
    if (grid)
      observer.observe(grid, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
        attributeFilter: ['class'],
      });
    else requestAnimationFrame(watch);
  };
  document.addEventListener('DOMContentLoaded', watch);
}

/** Adds the probe to every page of `target` (a context) or to one page, before the app loads. */
export async function addStagingProbe(
  target: BrowserContext | Page,
  options: StagingProbeOptions,
): Promise<void> {
  await target.addInitScript({ content: NAME_HELPER });
  await target.addInitScript(stagingProbe, options);
}

/** What the probe has kept so far. */
export const probeState = (page: Page): Promise<StagingProbeState> =>
  page.evaluate(() => (window as unknown as ProbeWindow).__stagingProbe);

/** From now on, changes sent are timed (the first rows drawn and the page settled); marks the trace. */
export const startMeasuring = (page: Page): Promise<void> =>
  page.evaluate((mark) => {
    (window as unknown as ProbeWindow).__stagingProbe.measureFrom =
      performance.timeOrigin + performance.now();
    performance.mark(mark);
  }, MEASURE_MARK);

/**
 * Distinct changes (a switch at a send time after the first snapshot's, a snapshot's rows included) and
 * repeated upserts in the staging answers the page received, read from the network (the page's own
 * requests and its workers'): the count beside the probe's `rows` form.
 */
export function countChanges(page: Page) {
  const keys = new Set<string>();
  const upserts = new Set<string>();
  const counted = { changes: 0, repeats: 0, answers: 0 };
  let first = '';
  page.on('requestfinished', (request) => {
    if (!request.url().includes('/api/staging/')) return;
    void (async () => {
      const body = await (await request.response())?.text().catch(() => '');
      if (!body) return;
      counted.answers += 1;
      for (const block of body.split('\n\n')) {
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if ((event !== 'upsert' && event !== 'snapshot') || !data) continue;
        const rows = (
          JSON.parse(data) as {
            rows: Array<{ name: string; updatedAt: string; lastEvent?: string; status?: string }>;
          }
        ).rows;
        if (!first && rows.length > 0) first = rows.map((row) => row.updatedAt).sort()[0]!;
        for (const row of rows) {
          const key = `${row.name}@${row.updatedAt}`;
          if (event === 'upsert') {
            const whole = `${key}|${row.lastEvent}|${row.status}`;
            if (upserts.has(whole)) counted.repeats += 1;
            upserts.add(whole);
          }
          if (row.updatedAt <= first || keys.has(key)) continue;
          keys.add(key);
          counted.changes += 1;
        }
      }
    })();
  });
  return counted;
}
