import type { FastifyInstance } from 'fastify';
import { pathOf } from './routes/context';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on the attempt that runs an idempotent operation: stores its answer and lets waiting retries go. */
    idempotencyFinish: ((answer?: { status: number; payload: string }) => void) | null;
  }
}

const KEEP = 5000;

/**
 * Operations sent with an `Idempotency-Key`: the same key, method, path and body answer again what the
 * first attempt answered, and the route does not run again (nothing is reset or recorded twice). This is
 * the behaviour the real upstreams are asked to honour; a different body with the same key is a new
 * operation. A retry that arrives while the first attempt still runs waits for it and answers the same;
 * when that attempt fails (no 2xx answer), the next waiting retry runs the operation.
 */
export function idempotentOperations(app: FastifyInstance): void {
  const answers = new Map<string, { status: number; payload: string }>();
  const running = new Map<string, Promise<void>>();
  app.decorateRequest('idempotencyFinish', null);
  app.addHook('preHandler', async (req, reply) => {
    const key = req.headers['idempotency-key'];
    if ((req.method !== 'POST' && req.method !== 'PUT') || typeof key !== 'string' || !key) return;
    const id = `${key}|${req.method}|${pathOf(req.url)}|${JSON.stringify(req.body ?? null)}`;
    for (let first = running.get(id); first; first = running.get(id)) await first;
    const stored = answers.get(id);
    if (stored)
      return reply
        .code(stored.status)
        .header('idempotent-replayed', 'true')
        .type('application/json')
        .send(stored.payload);
    let release!: () => void;
    const attempt = new Promise<void>((resolve) => (release = resolve));
    running.set(id, attempt);
    req.idempotencyFinish = (answer) => {
      req.idempotencyFinish = null;
      if (answer && !answers.has(id)) {
        answers.set(id, answer);
        if (answers.size > KEEP) answers.delete(answers.keys().next().value!);
      }
      if (running.get(id) === attempt) running.delete(id);
      release();
    };
    // An attempt that ends without an answer (an error, a dropped connection) lets the retries go too.
    reply.raw.once('close', () => req.idempotencyFinish?.());
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    req.idempotencyFinish?.(
      reply.statusCode < 300 && typeof payload === 'string'
        ? { status: reply.statusCode, payload }
        : undefined,
    );
    done(null, payload);
  });
}
