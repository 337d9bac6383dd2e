import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import {
  PLUME_SWITCH_STATUS_EVENT,
  type OnuStreamPayload,
  type PlumeStreamPayload,
} from '@insight/common/upstream/staging';
import { createRng, hashSeed, int, pick, round } from '../catalogue/random';
import { badRequest, params, query, type SimContext } from './context';

type Province = 'ON' | 'QC';

/** Staging event streams (Server-Sent Events): Plume switches and ONU/OLT provisioning, per province. */
export function streamRoutes(app: FastifyInstance, ctx: SimContext): void {
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

  function run(req: FastifyRequest, emit: (tick: number) => void) {
    let tick = 0;
    emit(tick++);
    const timer = setInterval(() => emit(tick++), ctx.options.streamIntervalMs);
    req.raw.on('close', () => clearInterval(timer));
  }

  const send = (res: ServerResponse, data: unknown, event?: string) => {
    res.write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
  };

  app.get('/streams/plume/:province', async (req, reply) => {
    const format = query(req).format;
    if (format !== undefined && format !== 'json') return badRequest(reply, 'format must be json');
    const province = open(req, reply);
    if (!province) return reply;
    const res = reply.raw;
    const base = hashSeed(`${ctx.options.seed}:plume:${province}`);
    run(req, (tick) => {
      const rng = createRng(base + tick);
      const payload: PlumeStreamPayload = {
        province,
        ts: new Date().toISOString(),
        mangedSwitches: Array.from({ length: 3 }, (_, s) => ({
          name: `${province}-STAGE-SW${s + 1}`,
          mac: `0C${province === 'ON' ? '01' : '02'}00${s.toString(16).padStart(2, '0')}0000`.toUpperCase(),
          status: pick(rng, ['online', 'online', 'provisioning'] as const),
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
        })),
      };
      send(res, payload);
      const changed = payload.mangedSwitches[tick % 3]!;
      send(res, { name: changed.name, status: changed.status, ts: payload.ts }, PLUME_SWITCH_STATUS_EVENT);
    });
    return reply;
  });

  app.get('/streams/onu/:province', async (req, reply) => {
    const province = open(req, reply);
    if (!province) return reply;
    const res = reply.raw;
    const base = hashSeed(`${ctx.options.seed}:onu:${province}`);
    run(req, (tick) => {
      const rng = createRng(base + tick);
      const payload: OnuStreamPayload = {
        province,
        ts: new Date().toISOString(),
        oltDevices: Array.from({ length: 2 }, (_, o) => ({
          name: `${province}-STAGE-OLT${o + 1}`,
          portNumber: o + 1,
          macAddress: `0D${province === 'ON' ? '01' : '02'}000${o}0000`,
          onuCount: int(rng, 0, 16),
        })),
        onuDevices: Array.from({ length: int(rng, 4, 12) }, (_, i) => ({
          portNumber: i + 1,
          macAddress: `3C7A8A${int(rng, 0, 4999).toString(16).toUpperCase().padStart(6, '0')}`,
          state: pick(rng, ['discovered', 'ranging', 'provisioning', 'ready', 'ready', 'failed'] as const),
          rxPower: round(-14 - rng() * 14, 1),
        })),
      };
      send(res, payload);
    });
    return reply;
  });
}
