import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  onuStreamPayloadSchema,
  plumeStreamPayloadSchema,
  switchStatusEventSchema,
} from '@insight/common/upstream/staging';
import { createSimulator } from './server';

let app: FastifyInstance;
let server: Server;
let base: string;
beforeAll(async () => {
  app = await createSimulator({
    seed: 'stream-seed',
    streamKey: 'k1',
    streamIntervalMs: 200,
    config: { latencyMs: 0, jitterMs: 0, errorRate: 0 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  server = app.server;
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await app.close();
});

/**
 * Reads events from a stream until `count` arrive (or `count` says the events read are enough) or the
 * deadline passes; returns them, and whether the server ended the stream (rather than the count or the
 * deadline).
 */
async function readEvents(
  url: string,
  count: number | ((events: EventSourceMessage[]) => boolean),
  deadlineMs: number,
) {
  const enough = typeof count === 'number' ? (events: EventSourceMessage[]) => events.length >= count : count;
  const controller = new AbortController();
  const events: EventSourceMessage[] = [];
  let ended = false;
  const res = await fetch(url, { signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const parser = createParser({ onEvent: (event) => events.push(event) });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const timer = setTimeout(() => controller.abort(), deadlineMs);
  try {
    while (!enough(events)) {
      const { value, done } = await reader.read();
      if (done) {
        ended = true;
        break;
      }
      parser.feed(value);
    }
  } catch {
    /* aborted at the deadline */
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return Object.assign(events, { ended });
}

describe('simulator: staging event streams', () => {
  it('when the Plume stream is opened, then a first event comes and events keep coming', async () => {
    const events = await readEvents(`${base}/streams/plume/ON?format=json&key=k1`, 6, 30_000);
    const data = events.filter((event) => !event.event);
    const status = events.filter((event) => event.event === 'switchStatus');
    expect(data.length).toBeGreaterThanOrEqual(3);
    expect(status.length).toBeGreaterThanOrEqual(2);
    const payload = plumeStreamPayloadSchema.parse(JSON.parse(data[0]!.data));
    expect(payload.mangedSwitches.length).toBeGreaterThan(0);
    switchStatusEventSchema.parse(JSON.parse(status[0]!.data));
  });

  it('when the ONU stream is opened, then it emits onuDevices and oltDevices with port numbers and MACs', async () => {
    const events = await readEvents(`${base}/streams/onu/QC?key=k1`, 3, 30_000);
    expect(events.length).toBe(3);
    const payload = onuStreamPayloadSchema.parse(JSON.parse(events[2]!.data));
    expect(payload.onuDevices[0]).toMatchObject({
      portNumber: expect.any(Number),
      macAddress: expect.stringMatching(/^[0-9A-F]{12}$/),
    });
    expect(payload.oltDevices.length).toBeGreaterThan(0);
  });

  it('when a rate is set, then the Plume stream sends that many switch changes a second over that many switches, and /_sim/streams counts them and its connections', async () => {
    const put = (body: unknown) =>
      fetch(`${base}/_sim/streams`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await put({ eventsPerS: -1 })).status).toBe(400);
    expect((await put({ switches: 500, eventsPerS: 250, maxChanges: 200 })).status).toBe(200);
    await fetch(`${base}/_sim/streams`, { method: 'DELETE' });
    try {
      // Until the 200th change's status event (0.8 s of changes), under a deadline for a starved process.
      const statuses = (read: EventSourceMessage[]) =>
        read.filter((event) => event.event === 'switchStatus').length >= 200;
      const events = await readEvents(`${base}/streams/plume/QC?format=json&key=k1`, statuses, 30_000);
      expect(events.ended).toBe(false); // it stayed open
      const payloads = events
        .filter((event) => !event.event)
        .map((event) => plumeStreamPayloadSchema.parse(JSON.parse(event.data)));
      expect(payloads[0]!.mangedSwitches).toHaveLength(500);
      const changes = payloads.slice(1).flatMap((payload) => payload.mangedSwitches);
      // 200 changes at 250 a second: 0.8 s at the least (a tick sends what is due by then, so a late tick
      // sends more at once, never earlier), then the connection stays open and quiet.
      expect(changes).toHaveLength(200);
      expect(Date.parse(payloads.at(-1)!.ts) - Date.parse(payloads[0]!.ts)).toBeGreaterThan(700);
      // Each change once, the switches in turn; each has its status event.
      expect(changes.map((change) => change.name)).toEqual(
        changes.map((_, i) => `QC-STAGE-SW${String(i + 1).padStart(4, '0')}`),
      );
      expect(events.filter((event) => event.event === 'switchStatus')).toHaveLength(changes.length);
      const count = async () =>
        (
          (await (await fetch(`${base}/_sim/streams`)).json()) as { streams: Array<Record<string, unknown>> }
        ).streams.find((stream) => stream.kind === 'plume' && stream.province === 'QC');
      await expect.poll(count, { timeout: 30_000 }).toMatchObject({ opened: 1, open: 0 });
      expect((await count())!.changes).toBe(200);
    } finally {
      await put({ switches: 6, eventsPerS: 0, maxChanges: 0 });
    }
  });

  it.each([
    ['/streams/onu/ON?key=wrong', 401],
    ['/streams/plume/ON?format=json', 401],
    ['/streams/onu/BC?key=k1', 400],
  ])('when %s is opened, then it answers %i', async (path, status) => {
    const res = await fetch(`${base}${path}`);
    expect(res.status).toBe(status);
    await res.body?.cancel();
  });
});
