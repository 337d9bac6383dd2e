import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import {
  PLUME_SWITCH_STATUS_EVENT,
  type ManagedSwitch,
  type OnuStreamPayload,
  type PlumeStreamPayload,
} from '@insight/common/upstream/staging';
import { chance, createRng, hashSeed, int, pick, round } from '../catalogue/random';
import { badRequest, params, query, type SimContext } from './context';

type Province = 'ON' | 'QC';

/**
 * Stream settings that benchmarks change at run time (`PUT /_sim/streams`), for streams opened after:
 * the switches per province on the Plume stream, a steady rate of switch changes per second (0:
 * SIM_STAGE_CHANGES every SIM_STREAM_INTERVAL_MS, as at start), and how many changes a connection sends
 * before it falls quiet but stays open (0: no end), so that a benchmark knows exactly what was sent.
 */
const streamSettingsSchema = z
  .object({
    switches: z.number().int().min(1).max(10_000),
    eventsPerS: z.number().int().min(0).max(5000),
    maxChanges: z.number().int().min(0),
  })
  .strict();
type StreamSettings = z.infer<typeof streamSettingsSchema>;

/** What each stream (kind and province) did: connections opened and still open, rows changed and sent. */
interface StreamCount {
  kind: 'plume' | 'onu';
  province: Province;
  opened: number;
  open: number;
  changes: number;
}

/** A rate-driven stream ticks this often and sends the changes that fell due since its last tick. */
const RATE_TICK_MS = 20;

/** Staging event streams (Server-Sent Events): Plume switches and ONU/OLT provisioning, per province. */
export function streamRoutes(app: FastifyInstance, ctx: SimContext): void {
  let settings: StreamSettings = { switches: ctx.options.stageSwitches, eventsPerS: 0, maxChanges: 0 };
  const counts = new Map<string, StreamCount>();
  const countOf = (kind: 'plume' | 'onu', province: Province) => {
    const key = `${kind}/${province}`;
    let count = counts.get(key);
    if (!count) counts.set(key, (count = { kind, province, opened: 0, open: 0, changes: 0 }));
    return count;
  };

  app.get('/_sim/streams', async () => ({ settings, streams: [...counts.values()] }));
  app.put('/_sim/streams', async (req, reply) => {
    const parsed = streamSettingsSchema.partial().safeParse(req.body);
    if (!parsed.success)
      return badRequest(reply, 'switches: 1-10000; eventsPerS: 0-5000; maxChanges: 0 or more');
    settings = { ...settings, ...parsed.data };
    return { settings, streams: [...counts.values()] };
  });
  // Counts start again (benchmarks compare before and after); open connections stay counted as open.
  app.delete('/_sim/streams', async (_req, reply) => {
    for (const count of counts.values()) Object.assign(count, { opened: 0, changes: 0 });
    return reply.code(204).send();
  });
  /** Checks the key and province, then takes the raw response over for the event stream. */
  function open(req: FastifyRequest, reply: FastifyReply): Province | null {
    if (query(req).key !== ctx.options.streamKey) {
      reply.code(401).send({ error: 'unauthorized', message: 'Wrong or missing stream key' });
      return null;
    }
    const province = String(params(req).province).toUpperCase();
    if (province !== 'ON' && province !== 'QC') {
      badRequest(reply, 'province must be ON or QC');
      return null;
    }
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    res.write(`retry: 2000\n\n`);
    return province;
  }

  /** Counts the connection while it is open; `emit` is called at once, then every interval. */
  function run(req: FastifyRequest, count: StreamCount, intervalMs: number, emit: (tick: number) => void) {
    count.opened += 1;
    count.open += 1;
    let tick = 0;
    emit(tick++);
    const timer = setInterval(() => emit(tick++), intervalMs);
    req.raw.on('close', () => {
      clearInterval(timer);
      count.open -= 1;
    });
  }

  const send = (res: ServerResponse, data: unknown, event?: string) => {
    res.write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
  };

  /**
   * A province's switches are a stable set (SIM_STAGE_SWITCHES); each tick re-stages one of them (or
   * SIM_STAGE_CHANGES of them), so each row changes every few seconds and the rest stay as they were.
   * The first payload has them all; each tick then sends the switches it changed, in turn. At a set rate
   * (eventsPerS), a tick every RATE_TICK_MS sends the changes due by then, whatever the timer's drift.
   */
  app.get('/streams/plume/:province', async (req, reply) => {
    const format = query(req).format;
    if (format !== undefined && format !== 'json') return badRequest(reply, 'format must be json');
    const province = open(req, reply);
    if (!province) return reply;
    const res = reply.raw;
    const base = hashSeed(`${ctx.options.seed}:plume:${province}`);
    const { switches: count, eventsPerS, maxChanges } = settings;
    const counter = countOf('plume', province);
    const makeSwitch = (s: number, version: number): ManagedSwitch => {
      const rng = createRng(base + s * 7919 + version);
      return {
        name: `${province}-STAGE-SW${String(s + 1).padStart(count > 99 ? 4 : 2, '0')}`,
        mac: `0C${province === 'ON' ? '01' : '02'}${s.toString(16).toUpperCase().padStart(4, '0')}0000`,
        status: pick(rng, ['online', 'online', 'online', 'provisioning', 'offline'] as const),
        firmware: `5.${2 + (s % 3)}.${version % 4}`,
        ports: Array.from({ length: 8 }, (_, p) => {
          const state = pick(rng, ['idle', 'staging', 'staging', 'done', 'failed'] as const);
          return {
            port: p + 1,
            deviceMac:
              state === 'idle'
                ? null
                : `A4C1E8${int(rng, 0, 4999).toString(16).toUpperCase().padStart(6, '0')}`,
            state,
          };
        }),
      };
    };
    const versions = new Array<number>(count).fill(0);
    const switches = Array.from({ length: count }, (_, s) => makeSwitch(s, 0));
    const started = performance.now();
    let sent = 0;
    const due = (tick: number) => {
      const due =
        tick === 0
          ? 0
          : eventsPerS > 0
            ? Math.floor(((performance.now() - started) * eventsPerS) / 1000) - sent
            : ctx.options.stageChanges;
      return maxChanges > 0 ? Math.min(due, maxChanges - sent) : due;
    };
    run(req, counter, eventsPerS > 0 ? RATE_TICK_MS : ctx.options.streamIntervalMs, (tick) => {
      const changed: ManagedSwitch[] = [];
      for (let c = due(tick); c > 0; c -= 1) {
        const s = sent++ % count;
        versions[s]! += 1;
        switches[s] = makeSwitch(s, versions[s]!);
        changed.push(switches[s]!);
      }
      if (tick > 0 && changed.length === 0) return;
      counter.changes += changed.length;
      const payload: PlumeStreamPayload = {
        province,
        ts: new Date().toISOString(),
        // The first payload lists every switch; later ones only those that changed.
        mangedSwitches: tick === 0 ? switches : changed,
      };
      send(res, payload);
      for (const entry of changed)
        send(res, { name: entry.name, status: entry.status, ts: payload.ts }, PLUME_SWITCH_STATUS_EVENT);
    });
    return reply;
  });

  /** A stable set of ONUs per province moving through their states, one of them per tick. */
  app.get('/streams/onu/:province', async (req, reply) => {
    const province = open(req, reply);
    if (!province) return reply;
    const res = reply.raw;
    const base = hashSeed(`${ctx.options.seed}:onu:${province}`);
    const STATES = ['discovered', 'ranging', 'provisioning', 'ready'] as const;
    const setup = createRng(base);
    const onus = Array.from({ length: 12 }, (_, i) => ({
      portNumber: 1 + (i % 8),
      macAddress: `3C7A8A${(int(setup, 0, 4999) * 16 + i).toString(16).toUpperCase().padStart(6, '0')}`,
      step: int(setup, 0, 3),
      rxPower: round(-14 - setup() * 14, 1),
      failed: false,
    }));
    const counter = countOf('onu', province);
    run(req, counter, ctx.options.streamIntervalMs, (tick) => {
      if (tick > 0) {
        counter.changes += 1;
        const rng = createRng(base + tick);
        const onu = onus[(tick - 1) % onus.length]!;
        onu.failed = !onu.failed && chance(rng, 0.1);
        onu.step = onu.failed ? onu.step : (onu.step + 1) % STATES.length;
        onu.rxPower = round(-14 - rng() * 14, 1);
      }
      const payload: OnuStreamPayload = {
        province,
        ts: new Date().toISOString(),
        oltDevices: Array.from({ length: 2 }, (_, o) => ({
          name: `${province}-STAGE-OLT${o + 1}`,
          portNumber: o + 1,
          macAddress: `0D${province === 'ON' ? '01' : '02'}000${o}0000`,
          onuCount: onus.filter((onu) => (onu.portNumber - 1) % 2 === o).length,
        })),
        onuDevices: onus.map((onu) => ({
          portNumber: onu.portNumber,
          macAddress: onu.macAddress,
          state: onu.failed ? ('failed' as const) : STATES[onu.step]!,
          rxPower: onu.rxPower,
        })),
      };
      send(res, payload);
    });
    return reply;
  });
}
