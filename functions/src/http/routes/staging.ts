import { Router } from 'express';
import { HEARTBEAT_MS, STREAM_CYCLE_MS, stagingParamsSchema } from '@insight/common/staging';
import type { StagingHub } from '../../domain/staging/stream-hub';
import { requireCapability } from '../middleware/authenticate';
import { parseWith } from '../middleware/validate';

export interface StagingRouteOptions {
  hub: StagingHub;
  /** Each response ends after this long (Hosting cuts at 60 s); the client resumes from its last id. */
  cycleMs?: number;
  heartbeatMs?: number;
}

/**
 * GET /api/staging/{plume|onu}/{ON|QC}: Server-Sent Events for the staging pages (capability staging).
 * `Last-Event-ID` (or ?lastEventId=) resumes without a gap; without it, or with an id this instance cannot
 * resume from, the stream starts with a snapshot.
 */
export function stagingRouter({
  hub,
  cycleMs = STREAM_CYCLE_MS,
  heartbeatMs = HEARTBEAT_MS,
}: StagingRouteOptions): Router {
  const router = Router();
  router.get('/staging/stats', requireCapability('staging'), (_req, res) => {
    res.set('cache-control', 'no-store').json({ channels: hub.stats() });
  });
  router.get('/staging/:kind/:province', requireCapability('staging'), (req, res) => {
    const { kind, province } = parseWith(stagingParamsSchema, {
      kind: req.params.kind,
      province: String(req.params.province).toUpperCase(),
    });
    const sent =
      req.header('last-event-id') ??
      (typeof req.query.lastEventId === 'string' ? req.query.lastEventId : undefined);
    const lastEventId = sent === undefined || sent === '' ? null : sent.slice(0, 64);

    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'private, no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.write('retry: 1000\n\n');
    const unsubscribe = hub.subscribe(kind, province, lastEventId, ({ id, message }) => {
      res.write(`id: ${id}\nevent: ${message.type}\ndata: ${JSON.stringify(message)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': ping\n\n'), heartbeatMs);
    const cycle = setTimeout(() => {
      res.write(`event: cycle\ndata: {"type":"cycle"}\n\n`);
      res.end();
    }, cycleMs);
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(cycle);
      unsubscribe();
    };
    res.on('close', close);
    req.on('close', close);
  });
  return router;
}
