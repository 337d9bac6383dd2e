/**
 * `npm run bench:staging`: the Plume staging page in Chromium under a steady stream of switch changes,
 * through the emulators (hosting → functions → simulator) as a user sees it. Runs under
 * `firebase emulators:exec --with-simulator` (see package.json).
 *
 * 1. Fan-out: 50 viewers of one province on one in-process API (scripts/lib/bench-api.ts, as bench:api)
 *    against the simulator, which counts the upstream connections they cost (the functions emulator runs
 *    one request per worker, so the sharing cannot be seen through it).
 * 2. The page: the simulator sends BENCH_EVENTS_PER_S switch changes a second (default 200) over
 *    BENCH_SWITCHES switches (default 2,000) for BENCH_SECONDS (default 60, longer than a stream cycle),
 *    then falls quiet. Each change is stamped upstream with its send time (`ts`). In the page, the
 *    staging probe (harness/staging-probe.ts, its tee in the stream's worker) counts every change that
 *    arrives (and any repeat) and times when a changed row on screen changes in the DOM; a trace of the
 *    renderer gives its longest main-thread task. The first BENCH_WARMUP_S seconds (default 3: the first 2,000 rows drawn) are left
 *    out of the latency and the longest task, not out of the count.
 */
import { writeFileSync } from 'node:fs';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { stagingUpstream } from '../functions/src/adapters/upstream';
import { simulatorUpstream } from '../functions/src/config/upstream';
import { StagingHub } from '../functions/src/domain/staging/stream-hub';
import { SIMULATOR } from '../harness/api-client';
import { launchBrowser, PORTAL } from '../harness/browser';
import {
  resetStreamCounts,
  setStreamSettings,
  streamCount,
  streamSettings,
  until,
} from '../harness/simulator-streams';
import { addStagingProbe, MEASURE_MARK, probeState, startMeasuring } from '../harness/staging-probe';
import { spread } from '../harness/stats';
import { closeAdmin, createUser, signInFast } from '../harness/users';
import { startBenchApi } from './lib/bench-api';
import { cpuReference } from './lib/cpu-reference';

// The machine's speed in this run, printed beside the figures (docs/performance.md).
const cpuRef = cpuReference('bench:staging');

const RATE = Number(process.env.BENCH_EVENTS_PER_S ?? 200);
const SWITCHES = Number(process.env.BENCH_SWITCHES ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 3);
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 50);
/** The heavy case (0: none): its rate, its switches and how long, with typing in the quick search. */
const HEAVY_RATE = Number(process.env.BENCH_HEAVY_EVENTS_PER_S ?? 1000);
const HEAVY_SWITCHES = Number(process.env.BENCH_HEAVY_SWITCHES ?? 10_000);
const HEAVY_SECONDS = Number(process.env.BENCH_HEAVY_SECONDS ?? 30);
const PROVINCE = 'ON';
const STREAM_KEY = process.env.SIM_STREAM_KEY ?? 'demo-stream-key';

/** Phase 1: VIEWERS viewers of one province on one in-process API; the simulator counts the connections. */
async function fanOut(): Promise<{ connections: number; changes: number[]; sent: number }> {
  const sent = RATE * 3;
  await setStreamSettings({ switches: SWITCHES, eventsPerS: RATE, maxChanges: sent });
  // A closed page's answer ends at its next write (at worst the 15 s heartbeat), its upstream 5 s later.
  await until(
    async () => ((await streamCount('plume', PROVINCE))?.open ?? 0) === 0,
    60_000,
    'earlier streams to close',
  );
  await resetStreamCounts();
  const hub = new StagingHub({
    open: stagingUpstream({
      plumeUrl: `${SIMULATOR}/streams/plume`,
      onuUrl: `${SIMULATOR}/streams/onu`,
      key: () => STREAM_KEY,
    }),
    logger: { info() {}, warn: (message, data) => console.warn(message, data), error() {} },
    idleCloseMs: 200,
  });
  const { origin, server } = await startBenchApi('install', {
    upstream: simulatorUpstream(SIMULATOR, 5000),
    staging: { hub },
  });
  const url = `${origin}/api/staging/plume/${PROVINCE}`;
  try {
    const abort = new AbortController();
    /**
     * One viewer: the distinct changes it received (a switch at a send time later than the first
     * payload's, whose time every switch's first row has), until all were sent.
     */
    const viewer = async () => {
      const seen = new Set<string>();
      let first = '';
      const res = await fetch(url, { signal: abort.signal, headers: { authorization: 'Bearer bench' } });
      const reader = res
        .body!.pipeThrough(new TextDecoderStream())
        .pipeThrough(new EventSourceParserStream())
        .getReader();
      for (;;) {
        const next = await reader.read().catch(() => ({ done: true as const, value: undefined }));
        if (next.done) break;
        if (next.value.event !== 'upsert' && next.value.event !== 'snapshot') continue;
        const { rows } = JSON.parse(next.value.data) as { rows: Array<{ name: string; updatedAt: string }> };
        if (!first && rows.length > 0) first = rows.map((row) => row.updatedAt).sort()[0]!;
        for (const row of rows) if (row.updatedAt > first) seen.add(`${row.name}@${row.updatedAt}`);
        if (seen.size >= sent) break;
      }
      return seen.size;
    };
    const viewers = Array.from({ length: VIEWERS }, viewer);
    const timeout = setTimeout(() => abort.abort(), 30_000);
    const changes = await Promise.all(viewers);
    clearTimeout(timeout);
    abort.abort();
    const count = await streamCount('plume', PROVINCE);
    await until(
      async () => ((await streamCount('plume', PROVINCE))?.open ?? 1) === 0,
      10_000,
      'the fan-out stream to close',
    );
    return { connections: count?.opened ?? 0, changes, sent };
  } finally {
    hub.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/**
 * The longest top-level task on the busiest renderer main thread of a trace, in ms, among the tasks that
 * start after the page's measure mark (MEASURE_MARK).
 */
function longestTask(trace: Buffer): number {
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
  const from = traceEvents.find((event) => event.name === MEASURE_MARK)?.ts ?? 0;
  const mainThreads = new Set(
    traceEvents
      .filter(
        (event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
      )
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const tasks = new Map<string, number[]>();
  for (const event of traceEvents) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.ph !== 'X' || !mainThreads.has(thread) || event.dur === undefined || event.ts < from) continue;
    if (event.name !== 'ThreadControllerImpl::RunTask' && event.name !== 'RunTask') continue;
    tasks.set(thread, [...(tasks.get(thread) ?? []), event.dur]);
  }
  const busiest = [...tasks.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  return busiest.reduce((max, dur) => Math.max(max, dur), 0) / 1000;
}

/** Phase 2: the page under `rate` changes a second over `switches` switches; `typing`: type in the quick search halfway. */
async function page({
  rate,
  switches,
  seconds,
  typing,
}: {
  rate: number;
  switches: number;
  seconds: number;
  typing: boolean;
}) {
  const sent = rate * seconds;
  await setStreamSettings({ switches, eventsPerS: rate, maxChanges: sent });
  // A closed page's answer ends at its next write (at worst the 15 s heartbeat), its upstream 5 s later.
  await until(
    async () => ((await streamCount('plume', PROVINCE))?.open ?? 0) === 0,
    60_000,
    'earlier streams to close',
  );
  await resetStreamCounts();
  const { browser, close } = await launchBrowser();
  try {
    // The tee goes into the stream's worker as a blob script: the portal's CSP would refuse it.
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      baseURL: PORTAL,
      bypassCSP: true,
    });
    await addStagingProbe(context, { table: 'plume-table', worker: 'tee' });
    const page = await context.newPage();
    await signInFast(page, await createUser('bench-staging', ['install']));
    await page.goto('/plume-stage');
    const bench = () => probeState(page);
    await page.waitForSelector('[data-testid=connection][data-state=live]', { timeout: 30_000 });
    await until(async () => (await bench()).changes > 0, 30_000, 'the first change');
    await browser.startTracing(page, {
      categories: (process.env.BENCH_TRACE_CATEGORIES ?? 'toplevel,__metadata,blink.user_timing').split(','),
    });
    // The first rows drawn and the page settled: from here on, latencies and tasks count.
    await page.waitForTimeout(WARMUP_S * 1000);
    await startMeasuring(page);
    if (typing) {
      await until(async () => (await bench()).changes >= sent / 2, seconds * 1000, 'half of the changes');
      const input = page.getByTestId('plume-table').getByTestId('stage-search');
      await input.click();
      // A switch's name, key by key at a typist's pace, then cleared key by key.
      const query = `${PROVINCE}-STAGE-SW0${Math.floor(switches / 2)}`.slice(0, 14);
      for (const key of query) {
        await page.keyboard.press(key);
        await page.waitForTimeout(120);
      }
      for (let i = 0; i < query.length; i++) {
        await page.keyboard.press('Backspace');
        await page.waitForTimeout(120);
      }
    }
    await until(
      async () => (await bench()).changes >= sent,
      (seconds - WARMUP_S + 20) * 1000,
      `${sent} changes at the page`,
    ).catch((error: unknown) => console.warn(String(error)));
    const trace = await browser.stopTracing();
    if (process.env.BENCH_TRACE) writeFileSync(`${process.env.BENCH_TRACE}${typing ? '.heavy' : ''}`, trace);
    // Anything still on its way has had time to arrive.
    await page.waitForTimeout(500);
    const state = await bench();
    const count = await streamCount('plume', PROVINCE);
    const rowCount = await page.getByTestId('row-count').textContent();
    return { state, sentAtSimulator: count?.changes ?? 0, connections: count?.opened ?? 0, trace, rowCount };
  } finally {
    await close();
  }
}

/** One page run, described; its figures for the summary line. */
async function pageCase(rate: number, switches: number, seconds: number, typing: boolean) {
  const result = await page({ rate, switches, seconds, typing });
  const { state } = result;
  const latencies = spread(state.latencies);
  const arrivals = spread(state.arrivals);
  const typed = spread(state.typing);
  const spanS = (state.lastAt - state.firstAt) / 1000;
  const eventsPerS = spanS > 0 ? (state.changes - 1) / spanS : 0;
  const dropped = result.sentAtSimulator - state.changes;
  const longest = longestTask(result.trace);
  console.log(
    `page: ${rate} changes/s over ${switches} switches of ${PROVINCE} for ${seconds} s (${result.connections} upstream connection): ` +
      `sent ${result.sentAtSimulator}, delivered ${state.changes}, dropped ${dropped}, repeated ${state.repeats}, snapshots ${state.snapshots}; table shows "${result.rowCount}"`,
  );
  console.log(
    `  event → DOM over ${latencies.count} changes of rows on screen (after ${WARMUP_S} s of warm-up): ` +
      `p50 ${latencies.p50.toFixed(0)} ms, p95 ${latencies.p95.toFixed(0)} ms, max ${latencies.max.toFixed(0)} ms; longest main-thread task ${longest.toFixed(0)} ms`,
  );
  console.log(
    `  event → browser (the stream read, ${arrivals.count} changes): p50 ${arrivals.p50.toFixed(0)} ms, p95 ${arrivals.p95.toFixed(0)} ms`,
  );
  if (typing)
    console.log(
      `  quick search while the stream runs, ${typed.count} keys: key → the table's answer p50 ${typed.p50.toFixed(0)} ms, p95 ${typed.p95.toFixed(0)} ms, max ${typed.max.toFixed(0)} ms`,
    );
  return {
    eventsPerS,
    p95: latencies.p95,
    longest,
    dropped,
    typingP95: typed.p95,
    typingMax: typed.max,
  };
}

const before = { settings: await streamSettings() };
try {
  const fan = await fanOut();
  const incomplete = fan.changes.filter((changes) => changes < fan.sent).length;
  console.log(
    `fan-out: ${VIEWERS} viewers of plume/${PROVINCE} on one in-process API → ${fan.connections} upstream connection(s) at the simulator; ` +
      `each viewer received ${Math.min(...fan.changes)}–${Math.max(...fan.changes)} of the ${fan.sent} changes sent (${incomplete} incomplete)`,
  );
  const base = await pageCase(RATE, SWITCHES, SECONDS, false);
  const heavy = HEAVY_RATE > 0 ? await pageCase(HEAVY_RATE, HEAVY_SWITCHES, HEAVY_SECONDS, true) : null;
  console.log(
    `targets: at 200 events/s p95 ≤ 250 ms, longest task ≤ 100 ms, dropped = 0, upstream_connections = 1; ` +
      `at 1,000 events/s over 10,000 switches longest task ≤ 50 ms, quick search ≤ 100 ms`,
  );
  console.log(
    `bench:staging events_per_s=${base.eventsPerS.toFixed(1)} p95_event_to_dom_ms=${base.p95.toFixed(0)} longest_task_ms=${base.longest.toFixed(0)} dropped=${base.dropped} upstream_connections=${fan.connections} ${cpuRef.figure}` +
      (heavy
        ? ` heavy_events_per_s=${heavy.eventsPerS.toFixed(1)} heavy_p95_event_to_dom_ms=${heavy.p95.toFixed(0)} heavy_longest_task_ms=${heavy.longest.toFixed(0)} heavy_dropped=${heavy.dropped} typing_p95_ms=${heavy.typingP95.toFixed(0)} typing_max_ms=${heavy.typingMax.toFixed(0)}`
        : ''),
  );
} finally {
  await setStreamSettings(before.settings).catch(() => undefined);
  await closeAdmin();
}
