/**
 * `npm run bench:latency`: the API's own latencies, in-process on loopback ports, that the tests state
 * as behaviour and leave to this bench to time (docs/performance.md, "Latencies the tests leave to a
 * bench"). Nothing else needs to run.
 *
 * 1. The staging page's poll form through a path that buffers answers (the buffering proxy in front of
 *    the API, a fake upstream stream): the snapshot's answer; a change → the end of the poll answer that
 *    carries it (BENCH_CHANGES changes, 30 ms apart with a 400 ms pause after every tenth); an answer with
 *    a backlog; an answer that waits (poll wait 300 ms), and one that a change ends early.
 * 2. The upstream transport's deadline: a call to a server that never answers, timeout 300 ms; the same
 *    with its only connection busy (BENCH_REPEATS each).
 * 3. The 360 view's section whose upstream hangs (the simulator's timeout fault, the API's timeout 400 ms).
 * 4. The streamed 360 view directly and through the buffering proxy (simulator latency 100 ms a call).
 * 5. The CMTS import's check of 10,000 rows against 10,000 stored rows (the browser's work, here in Node).
 *
 * Prints each phase's figures and one summary line with the CPU reference (cpu_ref_ms).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { SECTIONS } from '../common/src/customer360';
import type { CmtsFields } from '../common/src/network';
import { httpTransport, keepAlivePool, stagingUpstream } from '../functions/src/adapters/upstream';
import { StagingHub } from '../functions/src/domain/staging/stream-hub';
import { startBufferingProxy } from '../functions/src/testing/buffering-proxy';
import { fakeStreams } from '../functions/src/testing/fake-streams';
import { appWith, fakeUpstream, tokenFor } from '../functions/src/testing/fake-upstream';
import { startSimulator } from '../functions/src/testing/simulator';
import { validateImport } from '../hosting/src/features/net-manage/components/cmts-import';
import { MAX_IMPORT_ROWS, parseCsv } from '../hosting/src/lib/csv-file';
import { percentile, spread } from '../harness/stats';
import { cpuReference } from './lib/cpu-reference';

// The machine's speed in this run, printed beside the figures (docs/performance.md).
const cpuRef = cpuReference('bench:latency');

const CHANGES = Number(process.env.BENCH_CHANGES ?? 40);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);
const KEY = 'bench-key';
const quietLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (value: number) => `${value.toFixed(0)} ms`;
/** How long `work` takes, ms, with its result. */
async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/** Phase 1: the staging poll form through a buffering path. */
async function pollForm() {
  const upstream = fakeStreams();
  const base = await upstream.listen();
  const hub = new StagingHub({
    open: stagingUpstream({
      plumeUrl: `${base}/streams/plume`,
      onuUrl: `${base}/streams/onu`,
      key: () => KEY,
    }),
    logger: quietLogger,
    idleCloseMs: 5000,
  });
  const servers = await Promise.all(
    [25_000, 300].map(async (pollWaitMs) => {
      const { app } = appWith(fakeUpstream({}).transport, {
        logger: quietLogger,
        staging: { hub, pollWaitMs },
      });
      const server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      return server;
    }),
  );
  const [usual, short] = servers.map(
    (server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  );
  const proxy = await startBufferingProxy(usual!);
  /** One poll answer: its events' ids and upserted firmwares, and when it ended. */
  async function poll(origin: string, lastEventId?: string) {
    const res = await fetch(`${origin}/api/staging/plume/ON?mode=poll`, {
      headers: {
        authorization: tokenFor('bench', ['install']),
        ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
      },
    });
    const events: Array<{ id: string; type: string; firmwares: string[] }> = [];
    const reader = res
      .body!.pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream())
      .getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value.id === undefined) continue;
      const message = JSON.parse(value.data) as {
        type: string;
        rows?: Array<{ name: string; firmware?: string }>;
      };
      const firmwares = (message.rows ?? [])
        .filter((row) => row.name === 'ON-SW1')
        .map((row) => row.firmware!);
      events.push({ id: value.id, type: message.type, firmwares });
    }
    return { events, at: performance.now() };
  }
  try {
    const first = await timed(() => poll(proxy.url));
    // The page's loop from the last id, while the changes are sent.
    let lastEventId = first.value.events.at(-1)!.id;
    const arrived = new Map<string, number>();
    let polls = 0;
    let stop = false;
    const loop = (async () => {
      while (!stop) {
        const answer = await poll(proxy.url, lastEventId);
        polls += 1;
        for (const event of answer.events) {
          lastEventId = event.id;
          for (const firmware of event.firmwares)
            if (!arrived.has(firmware)) arrived.set(firmware, answer.at);
        }
      }
    })();
    while (hub.stats()[0]?.rows !== 3) await sleep(10);
    const sentAt = new Map<string, number>();
    for (let n = 1; n <= CHANGES; n += 1) {
      sentAt.set(`5.${n}`, performance.now());
      upstream.send(upstream.change(n));
      await sleep(n % 10 === 0 ? 400 : 30);
    }
    while (!arrived.has(`5.${CHANGES}`)) await sleep(10);
    stop = true;
    upstream.send(upstream.change(CHANGES + 1));
    await loop;
    const delays = [...sentAt].map(([firmware, at]) => (arrived.get(firmware) ?? NaN) - at);

    // Straight to the API (no proxy): a backlog, a quiet answer of 300 ms, an answer a change ends.
    const fresh = await poll(usual!);
    upstream.send(upstream.change(CHANGES + 2));
    while ((hub.stats()[0]?.lastId ?? 0) <= Number(fresh.events.at(-1)!.id.split('-').at(-1)))
      await sleep(10);
    const backlog = await timed(() => poll(usual!, fresh.events.at(-1)!.id));
    const quiet = await timed(() => poll(short!, backlog.value.events.at(-1)!.id));
    const ended = timed(() => poll(usual!, quiet.value.events.at(-1)!.id));
    while (hub.stats()[0]?.viewers !== 1) await sleep(5);
    const changedAt = performance.now();
    upstream.send(upstream.change(CHANGES + 3));
    const changeToEnd = (await ended).value.at - changedAt;
    return {
      snapshotMs: first.ms,
      p50: percentile(delays, 50),
      p95: percentile(delays, 95),
      max: Math.max(...delays),
      polls,
      backlogMs: backlog.ms,
      quietMs: quiet.ms,
      changedMs: Math.max(0, changeToEnd),
    };
  } finally {
    await proxy.close();
    hub.close();
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
    await upstream.close();
  }
}

/** Phase 2: the transport's deadline of 300 ms, alone and behind a busy connection. */
async function transportDeadline() {
  const server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const alone: number[] = [];
  const queued: number[] = [];
  try {
    for (let run = 0; run < REPEATS; run += 1) {
      const transport = httpTransport({ dispatcher: keepAlivePool(1) });
      const ask = (path: string) => transport(baseUrl, { path }, 300).catch(() => null);
      alone.push((await timed(() => ask('/never'))).ms);
      const first = ask('/never');
      queued.push((await timed(() => ask('/other'))).ms);
      await first;
    }
  } finally {
    server.closeAllConnections();
    server.close();
  }
  return { alone: spread(alone), queued: spread(queued) };
}

/** Phases 3 and 4: a section whose upstream hangs; the streamed view directly and through the proxy. */
async function views() {
  const TIMEOUT_MS = 400;
  const sim = await startSimulator({ seed: 'bench-latency', timeoutFaultMs: 3000 }, TIMEOUT_MS);
  const { app } = appWith(sim.upstream.customer.transport, { upstream: sim.upstream });
  const server = app.listen(0, '127.0.0.1');
  try {
    await new Promise((resolve) => server.once('listening', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const hanging = await sim.catalogue('fault-wanTimeout', REPEATS);
    const timeouts: number[] = [];
    for (const device of hanging) {
      const { ms: took } = await timed(() =>
        fetch(`${origin}/api/360/${device.mac}/wan`, {
          headers: { authorization: tokenFor('bench', ['support1']) },
        }).then((res) => res.arrayBuffer()),
      );
      timeouts.push(took);
    }
    await fetch(`${sim.base}/_sim/config`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latencyMs: 100 }),
    });
    const proxy = await startBufferingProxy(origin);
    const direct: number[] = [];
    const buffered: number[] = [];
    try {
      const macs = (await sim.catalogue('gpon', 2 * REPEATS)).map((item) => item.mac);
      const view = async (base: string, mac: string) =>
        (
          await timed(async () => {
            const res = await fetch(`${base}/api/360/${mac}`, {
              headers: { authorization: tokenFor('bench', ['support1']) },
            });
            const lines = (await res.text()).trim().split('\n');
            if (lines.length !== SECTIONS.length) throw new Error(`${lines.length} sections for ${mac}`);
          })
        ).ms;
      for (let run = 0; run < REPEATS; run += 1) {
        direct.push(await view(origin, macs[2 * run]!));
        buffered.push(await view(proxy.url, macs[2 * run + 1]!));
      }
    } finally {
      await proxy.close();
    }
    return {
      timeoutMs: TIMEOUT_MS,
      timeouts: spread(timeouts),
      direct: spread(direct),
      buffered: spread(buffered),
    };
  } finally {
    server.closeAllConnections();
    server.close();
    await sim.close();
  }
}

/** Phase 5: the CMTS import's check, as its test builds it (every 100th row's address already taken). */
function cmtsImport() {
  const ip = (n: number, net: number) => `10.${net}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  const stored: CmtsFields = {
    cmtsId: 'OLD',
    hostName: 'old',
    ipLookup: '',
    ipManage: '',
    headEnd: 'ON-OTT-01',
    marketArea: 'MA-OTT',
    overrideIpChecks: false,
  } as CmtsFields;
  const existing = Array.from({ length: MAX_IMPORT_ROWS }, (_, n) => ({
    ...stored,
    cmtsId: `OLD-${n}`,
    ipLookup: ip(n, 1),
    ipManage: ip(n, 2),
  }));
  const lines = Array.from({ length: MAX_IMPORT_ROWS }, (_, n) =>
    n % 100 === 0
      ? `NEW-${n},new-${n},${ip(n, 1)},${ip(n, 4)},ON-OTT-01,MA-OTT,,,,false`
      : `NEW-${n},new-${n},${ip(n, 3)},${ip(n, 4)},ON-OTT-01,MA-OTT,,,,false`,
  );
  const header =
    'cmtsId,hostName,ipLookup,ipManage,headEnd,marketArea,group,versionId,configLastUpdated,overrideIpChecks';
  const parsed = parseCsv([header, ...lines].join('\n'));
  const context = { existing, headEnds: new Set(['ON-OTT-01']), marketAreas: new Set(['MA-OTT']) };
  const runs: number[] = [];
  for (let run = 0; run < REPEATS; run += 1) {
    const started = performance.now();
    validateImport(parsed, context);
    runs.push(performance.now() - started);
  }
  return spread(runs);
}

const poll = await pollForm();
console.log(
  `poll form through a buffering path: snapshot answer ${ms(poll.snapshotMs)}; change → its answer over ${CHANGES} changes ` +
    `p50 ${ms(poll.p50)}, p95 ${ms(poll.p95)}, max ${ms(poll.max)} in ${poll.polls} answers; ` +
    `direct: backlog answer ${ms(poll.backlogMs)}, quiet answer ${ms(poll.quietMs)} (wait 300 ms), change → end ${ms(poll.changedMs)}`,
);
const deadline = await transportDeadline();
console.log(
  `transport deadline 300 ms: alone p50 ${ms(deadline.alone.p50)}, max ${ms(deadline.alone.max)}; ` +
    `behind a busy connection p50 ${ms(deadline.queued.p50)}, max ${ms(deadline.queued.max)} (${REPEATS} each)`,
);
const viewed = await views();
console.log(
  `a hanging section (API timeout ${viewed.timeoutMs} ms): answered 504 after p50 ${ms(viewed.timeouts.p50)}, max ${ms(viewed.timeouts.max)}; ` +
    `the streamed view at 100 ms a call: direct p50 ${ms(viewed.direct.p50)}, through the buffering proxy p50 ${ms(viewed.buffered.p50)} (${REPEATS} each)`,
);
const imported = cmtsImport();
console.log(
  `CMTS import check, 10,000 rows against 10,000: p50 ${ms(imported.p50)}, max ${ms(imported.max)}`,
);
console.log(
  'targets: poll change → answer p95 ≤ 1000 ms, snapshot ≤ 500 ms, backlog ≤ 200 ms, change → end < 300 ms; ' +
    'transport deadline 300–450 ms; hanging section ≤ timeout + 300 ms; buffered view ≤ 1.5 × direct + 150 ms; CMTS check ≤ 3000 ms',
);
console.log(
  `bench:latency poll_snapshot_ms=${poll.snapshotMs.toFixed(0)} poll_p95_ms=${poll.p95.toFixed(0)} poll_backlog_ms=${poll.backlogMs.toFixed(0)} ` +
    `poll_quiet_ms=${poll.quietMs.toFixed(0)} poll_change_end_ms=${poll.changedMs.toFixed(0)} transport_deadline_max_ms=${Math.max(deadline.alone.max, deadline.queued.max).toFixed(0)} ` +
    `section_timeout_max_ms=${viewed.timeouts.max.toFixed(0)} view_direct_ms=${viewed.direct.p50.toFixed(0)} view_buffered_ms=${viewed.buffered.p50.toFixed(0)} ` +
    `cmts_check_ms=${imported.p50.toFixed(0)} ${cpuRef.figure}`,
);
process.exit(0);
