import { Router, type Request, type Response } from 'express';
import {
  PLUME_SWITCH_STATUS_EVENT,
  type OnuStreamPayload,
  type PlumeStreamPayload,
} from '@insight/common/upstream/staging';
import { createRng, hashSeed, int, pick, round } from '../catalogue/random';
import { badRequest, type SimContext } from './context';

type Province = 'ON' | 'QC';

/** Staging event streams (Server-Sent Events): Plume switches and ONU/OLT provisioning, per province. */
export function streamRoutes(ctx: SimContext): Router {
  const router = Router();

  function open(req: Request, res: Response): Province | null {
    if (req.query.key !== ctx.options.streamKey) {
      res.status(401).json({ error: 'unauthorized', message: 'Wrong or missing stream key' });
      return null;
    }
    const province = String(req.params.province).toUpperCase();
    if (province !== 'ON' && province !== 'QC') {
      badRequest(res, 'province must be ON or QC');
      return null;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    res.write(`retry: 2000\n\n`);
    return province;
  }

  function run(req: Request, res: Response, emit: (tick: number) => void) {
    let tick = 0;
    emit(tick++);
    const timer = setInterval(() => emit(tick++), ctx.options.streamIntervalMs);
    req.on('close', () => clearInterval(timer));
  }

  const send = (res: Response, data: unknown, event?: string) => {
    res.write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
  };

  router.get('/streams/plume/:province', (req, res) => {
    if (req.query.format !== undefined && req.query.format !== 'json')
      return badRequest(res, 'format must be json');
    const province = open(req, res);
    if (!province) return;
    const base = hashSeed(`${ctx.options.seed}:plume:${province}`);
    run(req, res, (tick) => {
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
  });

  router.get('/streams/onu/:province', (req, res) => {
    const province = open(req, res);
    if (!province) return;
    const base = hashSeed(`${ctx.options.seed}:onu:${province}`);
    run(req, res, (tick) => {
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
  });

  return router;
}
