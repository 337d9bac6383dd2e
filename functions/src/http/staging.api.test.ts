import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { can, ROLE_KEYS } from '@insight/common/roles';
import type { StagingMessage, SwitchRow } from '@insight/common/staging';
import { stagingUpstream } from '../adapters/upstream/staging-stream';
import { StagingHub } from '../domain/staging/stream-hub';
import type { Logger } from '../lib/logger';
import { appWith, fakeUpstream, tokenFor } from '../testing/fake-upstream';

const KEY = 'k-secret-9f2c';

/** A Plume upstream on loopback: each connection gets the events `script` writes; it records its requests. */
function plumeUpstream() {
  const connections: Array<{ url: string; res: ServerResponse; closed: boolean }> = [];
  let tick = 0;
  const payload = (changed: number) => ({
    province: 'ON',
    ts: new Date(Date.UTC(2026, 10, 22, 10, 0, tick++)).toISOString(),
    mangedSwitches: Array.from({ length: 3 }, (_, s) => ({
      name: `ON-SW${s + 1}`,
      mac: `0C0100${s}00000`,
      status: s === changed % 3 && changed % 2 === 1 ? 'provisioning' : 'online',
      firmware: `5.${changed}`,
      ports: [{ port: 1, deviceMac: null, state: 'idle' }],
    })),
  });
  const server: Server = createServer((req, res) => {
    const connection = { url: req.url ?? '', res, closed: false };
    connections.push(connection);
    res.on('close', () => (connection.closed = true));
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(`data: ${JSON.stringify(payload(0))}\n\n`);
  });
  return {
    connections,
    open: () => connections.filter((connection) => !connection.closed),
    /** Sends an event on every open connection. */
    send(data: unknown, event?: string) {
      for (const { res, closed } of connections)
        if (!closed)
          res.write(
            `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`,
          );
    },
    change: (n: number) => payload(n),
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

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

async function setup(options: { cycleMs?: number; idleCloseMs?: number } = {}) {
  const upstream = plumeUpstream();
  const base = await upstream.listen();
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
    staging: { hub, cycleMs: options.cycleMs ?? 60_000, heartbeatMs: 50 },
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
  id: number;
  message: StagingMessage;
}

/** Opens the stream as `role` and collects its messages until `until` says stop or the server ends it. */
async function read(
  url: string,
  {
    role = 'install',
    lastEventId,
    until,
  }: { role?: string; lastEventId?: number; until?: (all: Received[], raw: string) => boolean } = {},
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
  void (async () => {
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
      received.push({ id: Number(next.value.id), message: JSON.parse(next.value.data) as StagingMessage });
    if (until?.(received, raw)) break;
  }
  abort.abort();
  return { status: res.status, received, raw, ended };
}

const upserts = (received: Received[]) => received.filter((entry) => entry.message.type === 'upsert');

describe('GET /api/staging/{kind}/{province}', () => {
  it('when each role opens a stream, then only the staging capability may (the others get 403)', async () => {
    const { api } = await setup();
    for (const role of ROLE_KEYS) {
      const result = await read(`${api}/staging/plume/ON`, { role, until: (all) => all.length >= 2 });
      expect(result.status, role).toBe(can([role], 'staging') ? 200 : 403);
    }
    const bad = await read(`${api}/staging/plume/BC`);
    expect(bad.status).toBe(400);
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

  it('when the upstream sends malformed events, then they are skipped and counted, and the stream goes on', async () => {
    const { api, upstream, hub } = await setup();
    const result = read(`${api}/staging/plume/ON`, { until: (all) => upserts(all).length >= 2 });
    await vi.waitFor(() => expect(upstream.open()).toHaveLength(1));
    upstream.send('{not json');
    upstream.send({ province: 'ON', ts: 'x', mangedSwitches: [{ name: 1 }] });
    upstream.send({ name: 'ON-SW1', status: 'exploded', ts: 'x' }, 'switchStatus');
    upstream.send(upstream.change(1));
    const { received } = await result;
    expect(upserts(received)).toHaveLength(2);
    expect(hub.stats()[0]!.malformed).toBe(3);
  });

  it('when the upstream drops, then the hub reconnects and viewers see reconnecting, then live', async () => {
    const { api, upstream, hub } = await setup();
    const result = read(`${api}/staging/plume/ON`, {
      until: (all) =>
        all.filter((entry) => entry.message.type === 'status' && entry.message.state === 'live').length >= 2,
    });
    await vi.waitFor(() => expect(upstream.open()).toHaveLength(1));
    await vi.waitFor(() => expect(hub.stats()[0]!.upstreamOpen).toBe(true));
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
    await vi.waitFor(() => expect(upstream.open()).toHaveLength(0), { timeout: 3000 });
    expect(upstream.connections).toHaveLength(1);
  });

  it('when a response ends before 60 s, then resuming with Last-Event-ID loses and repeats nothing', async () => {
    const { api, upstream } = await setup({ cycleMs: 300 });
    let changes = 1;
    const timer = setInterval(() => upstream.send(upstream.change(changes++)), 40);
    cleanups.push(() => clearInterval(timer));
    const all: Received[] = [];
    let last: number | undefined;
    for (let cycle = 0; cycle < 3; cycle += 1) {
      const result = await read(`${api}/staging/plume/ON`, { lastEventId: last });
      expect(result.ended).toBe(true);
      expect(result.raw).toContain('event: cycle');
      if (cycle > 0) expect(result.received.some((entry) => entry.message.type === 'snapshot')).toBe(false);
      all.push(...result.received);
      last = result.received.at(-1)?.id ?? last;
    }
    const ids = upserts(all).map((entry) => entry.id);
    expect(ids.length).toBeGreaterThan(8);
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => ids[0]! + i));
  });

  it('when 50 viewers watch one province, then the instance holds one upstream connection', async () => {
    const { api, upstream, hub } = await setup();
    const changed = (all: Received[]) =>
      upserts(all).some((entry) => (entry.message as { rows: SwitchRow[] }).rows[0]?.firmware === '5.1');
    const viewers = Array.from({ length: 50 }, () => read(`${api}/staging/plume/ON`, { until: changed }));
    await vi.waitFor(() => expect(hub.stats()[0]?.viewers).toBe(50), { timeout: 10_000 });
    upstream.send(upstream.change(1));
    const results = await Promise.all(viewers);
    expect(results.every((result) => changed(result.received))).toBe(true);
    expect(upstream.connections).toHaveLength(1);
    expect(hub.stats()[0]!.upstreamConnections).toBe(1);
  }, 20_000);
});
