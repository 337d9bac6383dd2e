import { Router } from 'express';
import {
  HEARTBEAT_MS,
  POLL_BATCH_MS,
  POLL_WAIT_MS,
  STREAM_CYCLE_MS,
  stagingParamsSchema,
} from '@insight/common/staging';
import type { StagingHub } from '../../domain/staging/stream-hub';
import { requireCapability } from '../middleware/authenticate';
import { parseWith } from '../middleware/validate';

export interface StagingRouteOptions {
  hub: StagingHub;
  /** Each response ends after this long (Hosting cuts at 60 s); the client resumes from its last id. */
  cycleMs?: number;
  heartbeatMs?: number;
  /** `?mode=poll`: how long an answer waits for a change before it ends empty. */
  pollWaitMs?: number;
  /** `?mode=poll`: once a change is written, how long the answer stays open for the ones that follow it. */
  pollBatchMs?: number;
}

/**
 * GET /api/staging/{plume|onu}/{ON|QC}: Server-Sent Events for the staging pages (capability staging).
 * `Last-Event-ID` (or ?lastEventId=) resumes without a gap; without it, or with an id this instance cannot
 * resume from, the stream starts with a snapshot.
 *
 * `?mode=poll` is the same stream cut into short answers, for a path that delivers an answer only when
 * it ends (a buffering proxy or CDN): the answer ends as soon as it has something to say (the snapshot,
 * what the viewer missed, or the first change and those of the next `pollBatchMs`), or empty after
 * `pollWaitMs`; the client asks again at once from its last id.
 */
export function stagingRouter({
  hub,
  cycleMs = STREAM_CYCLE_MS,
  heartbeatMs = HEARTBEAT_MS,
  pollWaitMs = POLL_WAIT_MS,
  pollBatchMs = POLL_BATCH_MS,
}: StagingRouteOptions): Router {
  const router = Router();
  router.get('/staging/stats', requireCapability('staging'), (_req, res) => {
    res.set('cache-control', 'no-store').json(hub.report());
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
    const poll = req.query.mode === 'poll';

    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'private, no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.write('retry: 1000\n\n');
    let closed = false;
    let subscribing = true;
    /** Poll: something worth ending the answer for was written (not the status every answer starts with). */
    let said = false;
    let batch: ReturnType<typeof setTimeout> | null = null;
    const finish = () => {
      if (closed) return;
      res.write(`event: cycle\ndata: {"type":"cycle"}\n\n`);
      res.end();
      close();
    };
    const unsubscribe = hub.subscribe(
      kind,
      province,
      lastEventId,
      ({ id, message }) => {
        if (closed) return;
        res.write(`id: ${id}\nevent: ${message.type}\ndata: ${JSON.stringify(message)}\n\n`);
        if (!poll || said || (subscribing && message.type === 'status')) return;
        said = true;
        // What was waiting (a snapshot, a backlog) leaves at once; a live change waits for its batch.
        if (!subscribing) batch = setTimeout(finish, pollBatchMs);
        // The hub closed (the instance shuts down): the answer ends with a cycle; the client resumes elsewhere.
      },
      finish,
    );
    subscribing = false;
    const heartbeat = setInterval(() => res.write(': ping\n\n'), heartbeatMs);
    const cycle = setTimeout(finish, poll ? pollWaitMs : cycleMs);
    function close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(cycle);
      if (batch) clearTimeout(batch);
      unsubscribe();
    }
    if (poll && said) finish();
    res.on('close', close);
    req.on('close', close);
  });
  return router;
}
