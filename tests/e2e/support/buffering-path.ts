import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startBufferingProxy } from '../../../functions/src/testing/buffering-proxy';
import { PORTAL } from '../../../harness/browser';

/**
 * The portal behind a path that delivers each answer only when it ends (as Hosting's rewrites are
 * reported to do with a streamed answer, firebase-tools#9774): the buffering proxy in front of the
 * hosting emulator, on a port of its own on 127.0.0.1 (`BUFFERING_PORT`, any free one unless given).
 * A page opened with `baseURL: url()` loads the app and calls `/api` through it.
 */
export function useBufferingPortal() {
  let proxy: Awaited<ReturnType<typeof startBufferingProxy>> | undefined;
  beforeAll(async () => {
    proxy = await startBufferingProxy(PORTAL, Number(process.env.BUFFERING_PORT ?? 0));
  });
  afterAll(async () => {
    await proxy?.close();
  });
  return {
    url: () => proxy!.url,
    /** Answers the proxy delivered so far. */
    answers: () => proxy!.answers(),
  };
}

/** What STAGING_TIMING_SCRIPT keeps in the page (window.__staging). */
export interface StagingTiming {
  /** Distinct changes (a switch at a send time) that reached the page, and upserts received again. */
  changes: number;
  repeats: number;
  /** Send time → the row on screen changing, for changes sent after measureFrom (ms). */
  latencies: number[];
  /** Send time → the answer read by the page, same changes (ms). */
  arrivals: number[];
  /** Staging answers read to their end, and those of the poll form. */
  answers: number;
  pollAnswers: number;
  measureFrom: number;
}

/**
 * Event → screen in the staging page, as bench:staging measures it (scripts/bench-staging.ts), added
 * before the app loads: a tee of every staging answer counts the distinct changes (each switch row is
 * stamped upstream with its send time, `updatedAt`) and any repeat, and notes each switch's latest send;
 * a MutationObserver on `tableTestId` takes, for a switch on screen whose row changes in the DOM, the
 * time since that send. Where a Web Worker reads the stream (its fetch out of the tee's reach), the rows
 * it posts to the page are timed instead, and `countChanges` counts the answers from the network. Only
 * changes sent after `__staging.measureFrom` are timed. A string: tsx would wrap inner functions in a
 * helper the page does not have.
 */
export const stagingTimingScript = (tableTestId: string) => `(() => {
  const state = { changes: 0, repeats: 0, latencies: [], arrivals: [], answers: 0, pollAnswers: 0, measureFrom: Infinity };
  window.__staging = state;
  const keys = new Set();
  const upserts = new Set();
  const pending = new Map();
  const now = () => performance.timeOrigin + performance.now();
  let first = '';
  // Rows the page thread receives from a Web Worker that reads the stream (only the table's rows):
  // each new send time of a switch is timed from there.
  const noted = new Set();
  const note = (rows) => {
    const at = now();
    if (!first && rows.length > 0) first = rows.map((row) => row.updatedAt).sort()[0];
    for (const row of rows) {
      const key = row.name + '@' + row.updatedAt;
      if (row.updatedAt <= first || noted.has(key) || keys.has(key)) continue;
      noted.add(key);
      const sent = Date.parse(row.updatedAt);
      if (sent >= state.measureFrom) state.arrivals.push(at - sent);
      pending.set(row.name, sent);
    }
  };
  const rowsIn = (value, depth, found) => {
    if (depth > 5 || value === null || typeof value !== 'object') return found;
    if (Array.isArray(value)) {
      if (value.length > 0 && value.every((row) => row && typeof row.name === 'string' && typeof row.updatedAt === 'string')) found.push(...value);
      else for (const item of value) rowsIn(item, depth + 1, found);
    } else for (const item of Object.values(value)) rowsIn(item, depth + 1, found);
    return found;
  };
  const OriginalWorker = window.Worker;
  if (OriginalWorker)
    window.Worker = class extends OriginalWorker {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', (event) => {
          const rows = rowsIn(event.data, 0, []);
          if (rows.length > 0) note(rows);
        });
      }
    };
  const count = (type, rows) => {
    const at = now();
    if (!first && rows.length > 0) first = rows.map((row) => row.updatedAt).sort()[0];
    for (const row of rows) {
      const key = row.name + '@' + row.updatedAt;
      if (type === 'upsert') {
        const whole = key + '|' + row.lastEvent + '|' + row.status;
        if (upserts.has(whole)) state.repeats += 1;
        upserts.add(whole);
      }
      // A switch's first row (the first payload's time) is not a change.
      if (row.updatedAt <= first || keys.has(key)) continue;
      keys.add(key);
      state.changes += 1;
      if (noted.has(key)) continue;
      const sent = Date.parse(row.updatedAt);
      if (sent >= state.measureFrom) state.arrivals.push(at - sent);
      pending.set(row.name, sent);
    }
  };
  const parse = (block) => {
    let event = 'message';
    let data = '';
    for (const line of block.split('\\n')) {
      if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data += line.slice(6);
    }
    if (event === 'upsert' || event === 'snapshot') count(event, JSON.parse(data).rows);
  };
  const original = window.fetch;
  window.fetch = async (...args) => {
    const res = await original(...args);
    const url = String(args[0] instanceof Request ? args[0].url : args[0]);
    if (!url.includes('/api/staging/') || !res.ok || !res.body) return res;
    const poll = url.includes('mode=poll');
    const [mine, theirs] = res.body.tee();
    (async () => {
      const reader = mine.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const next = await reader.read().catch(() => ({ done: true, failed: true }));
        if (next.done) {
          if (!next.failed) {
            state.answers += 1;
            if (poll) state.pollAnswers += 1;
          }
          return;
        }
        buffer += next.value;
        let end;
        while ((end = buffer.indexOf('\\n\\n')) !== -1) {
          parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    })();
    return new Response(theirs, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
  const observer = new MutationObserver((records) => {
    const at = now();
    for (const record of records) {
      const target = record.target.nodeType === 1 ? record.target : record.target.parentElement;
      const row = target && target.closest('.MuiDataGrid-row');
      const name = row && row.getAttribute('data-id');
      if (!name || !pending.has(name)) continue;
      const sent = pending.get(name);
      pending.delete(name);
      if (sent >= state.measureFrom) state.latencies.push(at - sent);
    }
  });
  const watch = () => {
    const grid = document.querySelector('[data-testid=${tableTestId}]');
    if (grid) observer.observe(grid, { subtree: true, childList: true, attributes: true, characterData: true, attributeFilter: ['class'] });
    else requestAnimationFrame(watch);
  };
  document.addEventListener('DOMContentLoaded', watch);
})()`;

/** The p-th percentile of some values (nearest rank below), NaN for none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/**
 * Distinct changes (a switch at a send time after the first snapshot's) and repeated upserts in the staging
 * answers the page received, read from the network (the page's own requests and its workers').
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
