import { randomUUID } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  regenerateRequestSchema,
  resetRequestSchema,
  SECTIONS,
  sendSmsRequestSchema,
  voiceOperationSchema,
  type Section,
} from '@insight/common/customer360';
import { AppError } from '../../lib/app-error';
import { errorResponse } from '../../lib/error-response';
import type { CompletedView } from '../../domain/diagnosis/record-view';
import type { ThresholdSource } from '../../domain/grading/threshold-source';
import {
  regenerateBirthCertificate,
  resetDevice,
  sendBirthCertificateSms,
  voiceOperation,
  type OperationDeps,
} from '../../domain/operations/operations';
import { memorySmsLimits } from '../../domain/operations/sms-limits';
import type { UpstreamCalls } from '../../domain/upstream-calls';
import { sectionLoaders } from '../../domain/view-sections';
import { flushAnswer } from '../middleware/compress';
import { currentUser, requireCapability } from '../middleware/authenticate';
import { macOf, parseWith, validateMac } from '../middleware/validate';

const readQuery = z.object({
  language: z.enum(['en', 'fr']).default('en'),
  refresh: z.enum(['0', '1', 'true', 'false']).optional(),
});
const portParam = z.coerce.number().int().min(1).max(16);
const streamQuery = readQuery.extend({
  sections: z
    .string()
    .default(SECTIONS.join(','))
    .transform((value) => [...new Set(value.split(','))])
    .pipe(z.array(z.enum(SECTIONS)).min(1)),
});

/** Express 5 forwards rejected promises to the error middleware. */
type Handler = (req: Request, res: Response) => Promise<void>;

/** How long the streamed view's head waits for its first line before it leaves alone. */
export const HEAD_ALONE_MS = 1000;

const idempotencyKeySchema = z.string().regex(/^[\w-]{8,128}$/);

/**
 * The operation's idempotency key: the client's `Idempotency-Key` (the same for a retry of the same
 * attempt), or a new one. Passed upstream, so a retry after a timeout is not done twice.
 */
export function idempotencyKey(req: Request): string {
  const sent = req.header('idempotency-key');
  return sent === undefined ? randomUUID() : parseWith(idempotencyKeySchema, sent);
}

export function customer360Router(
  calls: UpstreamCalls,
  thresholds: ThresholdSource,
  deps: OperationDeps,
  /** Called once a whole-view answer has left (the diagnosis stores the device's look); never awaited. */
  onViewComplete?: (view: CompletedView) => void,
  /** How long the streamed view's head waits for its first line (HEAD_ALONE_MS without it). */
  headAloneMs = HEAD_ALONE_MS,
): Router {
  const operations: OperationDeps = { smsLimits: memorySmsLimits(), ...deps };
  const router = Router();
  // /360/ or /360//wan: the MAC is missing, which is an invalid MAC, not an unknown route.
  router.use('/360', (req, _res, next) =>
    /^\/(\/|$)/.test(req.path)
      ? next(new AppError('invalid_mac', 'A valid MAC address (12 hexadecimal digits) is required'))
      : next(),
  );
  const view = requireCapability('view360');
  const read =
    (load: (mac: string, language: string, fresh: boolean) => Promise<unknown>): Handler =>
    async (req, res) => {
      const query = parseWith(readQuery, req.query);
      const fresh = query.refresh === '1' || query.refresh === 'true';
      res.set('cache-control', 'private, no-store');
      res.json(await load(macOf(res), query.language, fresh));
    };
  const actor = (res: Response) => {
    const user = currentUser(res);
    return { uid: user.uid, email: user.email };
  };

  const loaders = sectionLoaders(calls, thresholds);
  for (const section of SECTIONS)
    router.get(`/360/:mac/${section}`, view, validateMac, read(loaders[section]));

  /**
   * Every section in one streamed answer (NDJSON): a line per section as soon as it is ready,
   * `{ section, status, body, atMs }`, where body is the section's answer or its `{ error }` and atMs
   * when the line left, in ms after the request came: a client that receives lines written far apart
   * all at once knows that its path buffers the answer, and asks for the sections one by one instead.
   */
  router.get('/360/:mac', view, validateMac, async (req, res) => {
    const started = performance.now();
    const query = parseWith(streamQuery, req.query);
    const fresh = query.refresh === '1' || query.refresh === 'true';
    const mac = macOf(res);
    res
      .status(200)
      .set({ 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'private, no-store' });
    // The head leaves with the first lines, in the same write; alone only when no section is ready within
    // headAloneMs, so that the browser knows the API answered (lib/network-status.ts waits for a head).
    const head = setTimeout(() => res.flushHeaders(), headAloneMs);
    // The answer's end: its last (compressed) bytes handed over, or the browser gone, whichever comes first
    // ('close' comes once, also before the sections are done when the browser leaves early).
    const closed = new Promise<void>((resolve) => res.once('close', resolve));
    const outcomes: CompletedView['outcomes'] = {};
    // Lines ready in the same tick (sections often share their last upstream call) leave in one write at
    // the next tick, or before the end. Joined here rather than with `res.cork()`: Node 22's uncork of an
    // answer sends each corked chunk's length, data and line end as writes of their own (three to four
    // system calls a line, a sixth of the API's CPU under load), where one `write` leaves in one.
    let pending: string[] = [];
    const send = () => {
      if (pending.length === 0) return;
      clearTimeout(head);
      const lines = pending.join('');
      pending = [];
      res.write(lines);
      // A compressed answer holds its bytes until a block fills: the lines of this tick leave now.
      flushAnswer(res);
    };
    try {
      await Promise.all(
        query.sections.map(async (section) => {
          let line: { section: Section; status: number; body: unknown; atMs?: number };
          try {
            line = { section, status: 200, body: await loaders[section](mac, query.language, fresh) };
            outcomes[section] = { ok: true, body: line.body };
          } catch (error) {
            // The same body and status as the section's own route would answer (lib/error-response.ts).
            const { status, body } = errorResponse(error);
            outcomes[section] = { ok: false, code: body.error.code };
            line = { section, status, body };
          }
          if (pending.length === 0) process.nextTick(send);
          line.atMs = Math.round(performance.now() - started);
          pending.push(`${JSON.stringify(line)}\n`);
        }),
      );
      send();
      res.end();
    } finally {
      // Also when a section's own error handling failed: the error middleware answers, and no head follows.
      clearTimeout(head);
    }
    // After the answer has left (a compressed answer's last bytes are encoded after `end()`, on zlib's
    // threads): the view is never slower for it. A browser that left early still has its look stored.
    if (onViewComplete) {
      const completed = { mac, user: actor(res), outcomes };
      void closed.then(() => setImmediate(() => onViewComplete(completed)));
    }
  });

  router.post('/360/:mac/reset', requireCapability('deviceReset'), validateMac, async (req, res) => {
    const request = parseWith(resetRequestSchema, req.body ?? {});
    res.status(202).json(await resetDevice(operations, actor(res), macOf(res), request, idempotencyKey(req)));
  });
  router.post('/360/:mac/voice/ports/:port', requireCapability('voiceOps'), validateMac, async (req, res) => {
    const port = parseWith(portParam, req.params.port);
    const operation = parseWith(voiceOperationSchema, req.body);
    res
      .status(202)
      .json(await voiceOperation(operations, actor(res), macOf(res), port, operation, idempotencyKey(req)));
  });
  router.post(
    '/360/:mac/birth-certificates/regenerate',
    requireCapability('regenerateBc'),
    validateMac,
    async (req, res) => {
      parseWith(regenerateRequestSchema, req.body ?? {});
      res
        .status(201)
        .json(await regenerateBirthCertificate(operations, actor(res), macOf(res), idempotencyKey(req)));
    },
  );
  router.post(
    '/360/:mac/birth-certificates/sms',
    requireCapability('sendBcSms'),
    validateMac,
    async (req, res) => {
      const request = parseWith(sendSmsRequestSchema, req.body);
      res
        .status(202)
        .json(
          await sendBirthCertificateSms(operations, actor(res), macOf(res), request, idempotencyKey(req)),
        );
    },
  );
  return router;
}
