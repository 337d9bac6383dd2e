import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { can, ROLE_KEYS } from '@insight/common/roles';
import { STREAM_CYCLE_MS, type StagingMessage, type SwitchRow } from '@insight/common/staging';
import { stagingUpstream } from '../adapters/upstream/staging-stream';
import { StagingHub, type HubReport } from '../domain/staging/stream-hub';
import type { Logger } from '../lib/logger';
import { startBufferingProxy } from '../testing/buffering-proxy';
import { fakeStreams } from '../testing/fake-streams';
import { appWith, fakeUpstream, tokenFor } from '../testing/fake-upstream';
import { WAIT } from '../testing/wait';

const KEY = 'k-secret-9f2c';

const logs: string[] = [];
const logger: Logger = {
  info: (message, data) => logs.push(`${message} ${JSON.stringify(data ?? {})}`),
  warn: (message, data) => logs.push(`${message} ${JSON.stringify(data ?? {})}`),
  error: (message, data) => logs.push(`${message} ${JSON.stringify(data ?? {})}`),
};

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  logs.length = 0;
});

/**
 * The app with a hub on the fake upstream streams (or on `upstreamUrl`). `cycleMs: 'default'` keeps the
 * route's own cycle; otherwise answers last a minute unless a test shortens them.
 */
async function setup(
  options: { cycleMs?: number | 'default'; idleCloseMs?: number; upstreamUrl?: string } = {},
) {
  const upstream = fakeStreams();
  const base = options.upstreamUrl ?? (await upstream.listen());
  const hub = new StagingHub({
    open: stagingUpstream({
      plumeUrl: `${base}/streams/plume`,
      onuUrl: `${base}/streams/onu`,
      key: () => KEY,
    }),
    logger,
    idleCloseMs: options.idleCloseMs ?? 0,
    backoffMs: { first: 20, max: 100 },
  });
  const { app } = appWith(fakeUpstream({}).transport, {
    logger,
    staging: {
      hub,
      ...(options.cycleMs === 'default' ? {} : { cycleMs: options.cycleMs ?? 60_000 }),
      heartbeatMs: 50,
    },
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  cleanups.push(
    () => upstream.close(),
    () => hub.close(),
    () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  );
  return { upstream, hub, api };
}

interface Received {
  /** The event id as sent (opaque to clients). */
  id: string;
  message: StagingMessage;
}
/** The position of a message in its stream: the number that ends its id. */
const seqOf = (entry: Received) => Number(entry.id.split('-').at(-1));

/** Opens the stream as `role` and collects its messages until `until` says stop or the server ends it. */
async function read(
  url: string,
  {
    role = 'install',
    lastEventId,
    until,
  }: { role?: string; lastEventId?: string; until?: (all: Received[], raw: string) => boolean } = {},
) {
  const abort = new AbortController();
  const res = await fetch(url, {
    signal: abort.signal,
    headers: {
      authorization: tokenFor('u1', [role as never]),
      ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }),
    },
  });
  const received: Received[] = [];
  let raw = '';
  if (res.status !== 200 || !res.body)
    return { status: res.status, received, raw: await res.text(), ended: true };
  const [forText, forEvents] = res.body.tee();
  const text = (async () => {
    const reader = forText.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      raw += value;
    }
  })();
  const reader = forEvents
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  let ended = false;
  for (;;) {
    const next = await reader.read().catch(() => ({ done: true as const, value: undefined }));
    if (next.done) {
      ended = true;
      break;
    }
    if (next.value.id !== undefined)
      received.push({ id: next.value.id, message: JSON.parse(next.value.data) as StagingMessage });
    if (until?.(received, raw)) break;
  }
  if (ended) await text;
  abort.abort();
  return { status: res.status, received, raw, ended };
}

const upserts = (received: Received[]) => received.filter((entry) => entry.message.type === 'upsert');

describe('GET /api/staging/{kind}/{province}', () => {
  it('when each role opens a stream, then only the staging capability may (the others get 403, before any upstream call)', async () => {
    const { api, upstream } = await setup();
    const allowed = ROLE_KEYS.filter((role) => can([role], 'staging'));
    const refused = ROLE_KEYS.filter((role) => !can([role], 'staging'));
    expect(allowed.sort()).toEqual(['engineering', 'install', 'operation']);
    for (const role of refused)
      for (const path of ['plume/ON', 'onu/QC', 'stats'])
        expect((await read(`${api}/staging/${path}`, { role })).status, `${role} ${path}`).toBe(403);
    expect((await fetch(`${api}/staging/plume/ON`)).status).toBe(401);
    expect(upstream.connections).toHaveLength(0);
    for (const role of allowed) {
      const result = await read(`${api}/staging/plume/ON`, { role, until: (all) => all.length >= 2 });
      expect(result.status, role).toBe(200);
      expect(result.received[0]!.message.type, role).toBe('snapshot');
    }
    expect((await read(`${api}/staging/plume/BC`)).status).toBe(400);
    expect((await read(`${api}/staging/wifi/ON`)).status).toBe(400);
  });

  it('when a stream opens, then it starts with a snapshot and the status; the key reaches the upstream only', async () => {
    const { api, upstream } = await setup();
    const result = await read(`${api}/staging/plume/ON`, {
      until: (all) => all.some((entry) => entry.message.type === 'upsert'),
    });
    expect(result.received[0]!.message.type).toBe('snapshot');
    expect(result.received[1]!.message).toEqual({ type: 'status', state: 'reconnecting' });
    const rows = upserts(result.received)[0]!.message as { rows: SwitchRow[] };
    expect(rows.rows.map((row) => row.name)).toEqual(['ON-SW1', 'ON-SW2', 'ON-SW3']);
    expect(upstream.connections[0]!.url).toBe(`/streams/plume/ON?format=json&key=${KEY}`);
    expect(result.raw).not.toContain(KEY);
    expect(logs.join('\n')).not.toContain(KEY);
  });

  it('when the upstream fails (unreachable, refusing with the key in its answer, breaking off), then neither the viewers nor the logs see the key', async () => {
    // An upstream that answers 401 quoting the request (key included), then one that breaks off mid-event.
    let requests = 0;
    const failing = createServer((req, res) => {
      requests += 1;
      if (requests % 2 === 1) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: `bad key in ${req.url}` }));
      } else {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(`data: {"province":"ON","ts":"${req.url}"`);
        setTimeout(() => res.destroy(), 20);
      }
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => {
      failing.closeAllConnections();
      return new Promise((resolve) => failing.close(resolve));
    });
    const unreachable = createServer();
    await new Promise<void>((resolve) => unreachable.listen(0, '127.0.0.1', resolve));
    const closedPort = (unreachable.address() as AddressInfo).port;
    await new Promise((resolve) => unreachable.close(resolve));

    const reasons = (received: Received[]) =>
      received.flatMap((entry) =>
        entry.message.type === 'status' && entry.message.message ? [entry.message.message] : [],
      );
    const answers: string[] = [];
    for (const [base, expected] of [
      [`http://127.0.0.1:${closedPort}`, ['The plume stream is unreachable']],
      [
        `http://127.0.0.1:${(failing.address() as AddressInfo).port}`,
        ['The plume stream answered 401', 'The plume stream broke off'],
      ],
    ] as const) {
      const { api, hub } = await setup({ upstreamUrl: base, idleCloseMs: 30_000 });
      // Viewers see why the stream is down, as the reason changes …
      const first = await read(`${api}/staging/plume/ON`, {
        until: (all) => expected.every((reason) => reasons(all).includes(reason)),
      });
      await vi.waitFor(() => expect(hub.stats()[0]!.upstreamConnections).toBeGreaterThanOrEqual(3), WAIT);
      // … and one who arrives later is told the current reason with the status.
      const later = await read(`${api}/staging/plume/ON`, { until: (all) => all.length >= 2 });
      expect(reasons(later.received)).toHaveLength(1);
      expect(expected).toContain(reasons(later.received)[0]);
      const stats = await fetch(`${api}/staging/stats`, {
        headers: { authorization: tokenFor('u1', ['install']) },
      });
      answers.push(first.raw, later.raw, await stats.text());
    }
    expect(requests).toBeGreaterThanOrEqual(3);
    expect(answers.join('\n')).not.toContain(KEY);
    expect(logs.filter((line) => line.startsWith('staging upstream failed')).length).toBeGreaterThanOrEqual(
      6,
    );
    expect(logs.join('\n')).not.toContain(KEY);
  });

  it('when the upstream sends malformed events, then they are skipped and counted, and the stream goes on', async () => {
    const { api, upstream, hub } = await setup();
    const result = read(`${api}/staging/plume/ON`, { until: (all) => upserts(all).length >= 2 });
    await vi.waitFor(() => expect(upstream.open()).toHaveLength(1), WAIT);
    upstream.send('{not json');
    upstream.send({ province: 'ON', ts: 'x', mangedSwitches: [{ name: 1 }] });
    upstream.send({ ...upstream.change(7), province: 'QC' });
    upstream.send({ name: 'ON-SW1', status: 'exploded', ts: 'x' }, 'switchStatus');
    upstream.send(upstream.change(1));
    const { received } = await result;
    expect(upserts(received)).toHaveLength(2);
    expect((upserts(received)[1]!.message as { rows: SwitchRow[] }).rows[0]!.firmware).toBe('5.1');
    expect(hub.stats()[0]!.malformed).toBe(4);
  });

  it('when the upstream drops, then the hub reconnects and viewers see reconnecting, then live', async () => {
    const { api, upstream, hub } = await setup();
    const result = read(`${api}/staging/plume/ON`, {
      until: (all) =>
        all.filter((entry) => entry.message.type === 'status' && entry.message.state === 'live').length >= 2,
    });
    await vi.waitFor(() => expect(upstream.open()).toHaveLength(1), WAIT);
    await vi.waitFor(() => expect(hub.stats()[0]!.upstreamOpen).toBe(true), WAIT);
    upstream.connections[0]!.res.destroy();
    const { received } = await result;
    const states = received.flatMap((entry) =>
      entry.message.type === 'status' ? [entry.message.state] : [],
    );
    expect(states).toEqual(['reconnecting', 'live', 'reconnecting', 'live']);
    expect(hub.stats()[0]!.upstreamConnections).toBe(2);
  });

  it('when the viewer goes away, then the upstream connection is closed', async () => {
    const { api, upstream } = await setup({ idleCloseMs: 0 });
    await read(`${api}/staging/plume/ON`, { until: (all) => upserts(all).length >= 1 });
    await vi.waitFor(() => expect(upstream.open()).toHaveLength(0), { timeout: 30_000 });
    expect(upstream.connections).toHaveLength(1);
  });

  it('when viewers of both streams and provinces come and go (mid-connect, after a cycle, after a reconnect), then no upstream connection is left open', async () => {
    // A cycle long enough that the four upstreams are open together while a busy machine starts the answers.
    const { api, upstream, hub } = await setup({ cycleMs: 6000, idleCloseMs: 100 });
    const streams = ['plume/ON', 'plume/QC', 'onu/ON', 'onu/QC'];
    // Gone before its upstream answered: the request is aborted as soon as the answer starts.
    await read(`${api}/staging/onu/QC`, { until: () => true });
    const viewers = streams.flatMap((path) => [
      read(`${api}/staging/${path}`, { until: (all) => upserts(all).length >= 1 }),
      read(`${api}/staging/${path}`), // stays until the server ends the answer (a cycle)
    ]);
    await vi.waitFor(() => expect(upstream.open()).toHaveLength(4), { timeout: 30_000 });
    upstream.open()[0]!.res.destroy(); // one upstream drops and is reconnected while viewers watch
    const results = await Promise.all(viewers);
    expect(results.every((result) => result.status === 200)).toBe(true);
    expect(new Set(upstream.connections.map((c) => `${c.kind}/${c.province}`))).toEqual(new Set(streams));
    await vi.waitFor(() => expect(upstream.open()).toHaveLength(0), { timeout: 30_000 });
    expect(hub.stats().every((channel) => !channel.upstreamOpen && channel.viewers === 0)).toBe(true);
  });

  it('when nothing shortens it, then each answer ends with a cycle before Hosting cuts it at 60 s', async () => {
    const { api, upstream } = await setup({ cycleMs: 'default' });
    await vi.waitFor(() => expect(upstream.open()).toHaveLength(0), WAIT);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    cleanups.push(() => vi.useRealTimers());
    const result = read(`${api}/staging/plume/ON`);
    const settled = { done: false };
    void result.then(() => (settled.done = true));
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    while (upstream.open().length === 0) await tick();
    vi.advanceTimersByTime(STREAM_CYCLE_MS - 1);
    for (let i = 0; i < 20; i += 1) await tick();
    expect(settled.done).toBe(false);
    vi.advanceTimersByTime(1);
    const { raw, ended } = await result;
    expect(ended).toBe(true);
    expect(raw).toContain('event: cycle');
    expect(STREAM_CYCLE_MS).toBeLessThanOrEqual(50_000);
  });

  it('when a response ends before 60 s, then resuming with Last-Event-ID loses and repeats nothing, events sent between answers included', async () => {
    const { api, upstream, hub } = await setup({ cycleMs: 300, idleCloseMs: 30_000 });
    let changes = 1;
    let timer: ReturnType<typeof setInterval> | undefined;
    cleanups.push(() => clearInterval(timer));
    const all: Received[] = [];
    let last: string | undefined;
    for (let cycle = 0; cycle < 3; cycle += 1) {
      const answer = read(`${api}/staging/plume/ON`, { lastEventId: last });
      // The changes start once the hub's upstream is open (the fake upstream drops what it sends before).
      if (cycle === 0) {
        await vi.waitFor(() => expect(upstream.open().length).toBeGreaterThan(0), WAIT);
        timer = setInterval(() => upstream.send(upstream.change(changes++)), 40);
      }
      const result = await answer;
      expect(result.ended).toBe(true);
      expect(result.raw).toContain('event: cycle');
      if (cycle > 0) expect(result.received.some((entry) => entry.message.type === 'snapshot')).toBe(false);
      all.push(...result.received);
      last = result.received.at(-1)?.id ?? last;
      // A change while nobody is connected: the next answer must bring it.
      const before = hub.stats()[0]!.lastId;
      upstream.send(upstream.change(changes++));
      await vi.waitFor(() => expect(hub.stats()[0]!.lastId).toBeGreaterThan(before), WAIT);
    }
    clearInterval(timer);
    const seqs = upserts(all).map(seqOf);
    // At the least the two changes sent between answers; the interval's, as many as the machine's pace gave.
    expect(seqs.length).toBeGreaterThanOrEqual(2);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => seqs[0]! + i));
    // Every change the upstream sent, each once and in order, up to the last one the viewer was there for.
    const firmwares = upserts(all).map((entry) => (entry.message as { rows: SwitchRow[] }).rows[0]!.firmware);
    const numbers = firmwares.map((firmware) => Number(firmware!.slice(2)));
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i));
  });

  it('when the Last-Event-ID is not one of this instance (another instance, or older than its buffer), then the answer starts again from a snapshot', async () => {
    // The other instance keeps its upstream between two answers (the deployed grace period): the changes
    // sent between them reach its buffer, whatever closes first, the first answer or the sends.
    const other = await setup({ idleCloseMs: 30_000 });
    const here = await setup();
    // The other instance has moved further on than this one.
    const seen = await read(`${other.api}/staging/plume/ON`, { until: (all) => upserts(all).length >= 1 });
    for (let n = 1; n <= 5; n += 1) other.upstream.send(other.upstream.change(n));
    const further = await read(`${other.api}/staging/plume/ON`, {
      lastEventId: seen.received.at(-1)!.id,
      until: (all) => upserts(all).length >= 5,
    });
    await read(`${here.api}/staging/plume/ON`, { until: (all) => upserts(all).length >= 1 });
    // The switches an answer shows: its snapshot's, then those of the changes after it (a channel that
    // closed between two answers starts again empty, and the upstream's listing follows).
    const shown = (all: Received[]) =>
      new Set(
        all.flatMap((entry) =>
          entry.message.type === 'snapshot' || entry.message.type === 'upsert'
            ? (entry.message.rows as SwitchRow[]).map((row) => row.name)
            : [],
        ),
      );
    for (const lastEventId of [seen.received.at(-1)!.id, further.received.at(-1)!.id, '0', 'x']) {
      const result = await read(`${here.api}/staging/plume/ON`, {
        lastEventId,
        until: (all) => shown(all).size >= 3,
      });
      expect(result.status, lastEventId).toBe(200);
      expect(result.received[0]!.message.type, lastEventId).toBe('snapshot');
      expect([...shown(result.received)].sort()).toEqual(['ON-SW1', 'ON-SW2', 'ON-SW3']);
    }
  });

  it('when 50 viewers watch one province, then the instance holds one upstream connection', async () => {
    const { api, upstream, hub } = await setup();
    const changed = (all: Received[]) =>
      upserts(all).some((entry) => (entry.message as { rows: SwitchRow[] }).rows[0]?.firmware === '5.1');
    const viewers = Array.from({ length: 50 }, () => read(`${api}/staging/plume/ON`, { until: changed }));
    await vi.waitFor(() => expect(hub.stats()[0]?.viewers).toBe(50), { timeout: 30_000 });
    upstream.send(upstream.change(1));
    const results = await Promise.all(viewers);
    expect(results.every((result) => changed(result.received))).toBe(true);
    expect(upstream.connections).toHaveLength(1);
    expect(hub.stats()[0]!.upstreamConnections).toBe(1);
  });
});

describe('through a path that buffers answers until they end', () => {
  /** One poll answer through `base`: its events. (bench:latency times the same answers.) */
  async function pollOnce(base: string, lastEventId?: string) {
    const res = await fetch(`${base}/api/staging/plume/ON?mode=poll`, {
      headers: {
        authorization: tokenFor('u1', ['install']),
        ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
      },
    });
    const events: Received[] = [];
    const reader = res
      .body!.pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream())
      .getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value.id !== undefined)
        events.push({ id: value.id, message: JSON.parse(value.data) as StagingMessage });
    }
    return { status: res.status, events };
  }

  /** `promise`'s value, or a failure after `ms` (a deadline far below the answer's own wait). */
  async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not end within ${ms} ms`)), ms);
    });
    try {
      return await Promise.race([promise, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  it('when the page polls (?mode=poll), then the snapshot comes first, every change arrives once, in order, answers end at a batch of changes; the streamed form is held by the path', async () => {
    const { api, upstream, hub } = await setup({ idleCloseMs: 5000 });
    const proxy = await startBufferingProxy(new URL(api).origin);
    cleanups.push(() => proxy.close());

    // The streamed form through this path: the proxy holds its first bytes (the snapshot), the page has nothing.
    const held = new AbortController();
    let streamedAnswered = false;
    const streamed = fetch(`${proxy.url}/api/staging/plume/ON`, {
      signal: held.signal,
      headers: { authorization: tokenFor('u1', ['install']) },
    }).then(
      () => (streamedAnswered = true),
      () => 'aborted',
    );
    await vi.waitFor(() => expect(hub.stats()[0]?.rows).toBe(3), { timeout: 30_000 });
    await vi.waitFor(() => expect(proxy.held()).toBeGreaterThan(0), { timeout: 30_000 });
    expect(streamedAnswered).toBe(false);
    held.abort();
    expect(await streamed).toBe('aborted');

    const first = await pollOnce(proxy.url);
    expect(first.status).toBe(200);
    expect(first.events[0]!.message.type).toBe('snapshot');
    await vi.waitFor(() => expect(upstream.open()).toHaveLength(1), WAIT);

    // The page's loop: ask again at once from the last id, as long as the test sends changes.
    const received: Array<{ firmware: string; id: string }> = [];
    let lastEventId = first.events.at(-1)!.id;
    let polls = 0;
    let stop = false;
    cleanups.push(() => void (stop = true));
    const loop = (async () => {
      while (!stop) {
        const answer = await pollOnce(proxy.url, lastEventId).catch(() => null);
        if (!answer) return;
        polls += 1;
        for (const entry of answer.events) {
          lastEventId = entry.id;
          if (entry.message.type === 'upsert')
            for (const row of entry.message.rows as SwitchRow[])
              if (row.name === 'ON-SW1') received.push({ firmware: row.firmware!, id: entry.id });
        }
      }
    })();
    // Four bursts of ten changes, each burst once the previous one has come through.
    for (let burst = 0; burst < 4; burst += 1) {
      for (let n = burst * 10 + 1; n <= burst * 10 + 10; n += 1) upstream.send(upstream.change(n));
      const last = `5.${burst * 10 + 10}`;
      await vi.waitFor(() => expect(received.map((entry) => entry.firmware)).toContain(last), {
        timeout: 30_000,
      });
    }
    stop = true;
    upstream.send(upstream.change(41));
    await loop;

    const changes = received.filter((entry) => Number(entry.firmware.slice(2)) <= 40);
    expect(changes.map((entry) => entry.firmware)).toEqual(
      Array.from({ length: 40 }, (_, i) => `5.${i + 1}`),
    );
    const seqs = received.map((entry) => Number(entry.id.split('-').at(-1)));
    expect(new Set(seqs).size).toBe(seqs.length);
    // Answers end at their first batch of changes, not one per change.
    expect(polls).toBeLessThan(40);
    expect(hub.report().upstreamOpen).toBe(1);
  });

  it('when nothing changes, then a poll answer ends empty after its wait, and the next one resumes without a gap', async () => {
    const upstream = fakeStreams();
    const base = await upstream.listen();
    const hub = new StagingHub({
      open: stagingUpstream({
        plumeUrl: `${base}/streams/plume`,
        onuUrl: `${base}/streams/onu`,
        key: () => KEY,
      }),
      logger,
      idleCloseMs: 5000,
    });
    /** One app on the hub whose answers wait `pollWaitMs` for a change. */
    const serve = async (pollWaitMs: number) => {
      const { app } = appWith(fakeUpstream({}).transport, { logger, staging: { hub, pollWaitMs } });
      const server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      cleanups.push(() => {
        server.closeAllConnections();
        return new Promise((resolve) => server.close(resolve));
      });
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    };
    cleanups.push(
      () => upstream.close(),
      () => hub.close(),
    );
    // Answers that would wait a minute: ending within seconds, they ended for what they had to say.
    const waiting = await serve(60_000);
    const quietly = await serve(300);
    const first = await pollOnce(waiting);
    await vi.waitFor(() => expect(hub.stats()[0]?.lastId).toBe(1), WAIT);
    const backlog = await within(pollOnce(waiting, first.events.at(-1)!.id), 10_000, 'the backlog answer');
    expect(backlog.events.map((entry) => entry.message.type)).toEqual(['upsert', 'status']);
    const quiet = await pollOnce(quietly, backlog.events.at(-1)!.id);
    expect(quiet.events.map((entry) => entry.message.type)).toEqual(['status']);
    const next = pollOnce(waiting, quiet.events.at(-1)!.id);
    await vi.waitFor(() => expect(hub.stats()[0]?.viewers).toBe(1), WAIT);
    upstream.send(upstream.change(3));
    const changed = await within(next, 10_000, 'the answer to a change');
    expect(changed.events.filter((entry) => entry.message.type === 'upsert')).toHaveLength(1);
  });

  it('when an instance reports its stats, then they carry its id and the figures to sum across instances', async () => {
    const { api } = await setup();
    await read(`${api}/staging/plume/ON`, { until: (all) => upserts(all).length >= 1 });
    const res = await fetch(`${api}/staging/stats`, {
      headers: { authorization: tokenFor('u1', ['install']) },
    });
    const report = (await res.json()) as HubReport;
    expect(report.instance).toMatch(/^[0-9a-f]{8}$/);
    expect(report.channels).toHaveLength(1);
    expect(report.upstreamOpen).toBeLessThanOrEqual(4);
    expect(report).toHaveProperty('viewers');
  });
});
