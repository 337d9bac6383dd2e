import type { FastifyInstance } from 'fastify';
import { pathOf } from './routes/context';

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyId: string | null;
  }
}

const KEEP = 5000;

/**
 * Operations sent with an `Idempotency-Key`: the same key, method, path and body answer again what the
 * first attempt answered, and the route does not run again (nothing is reset or recorded twice). This is
 * the behaviour the real upstreams are asked to honour; a different body with the same key is a new
 * operation.
 */
export function idempotentOperations(app: FastifyInstance): void {
  const answers = new Map<string, { status: number; payload: string }>();
  app.decorateRequest('idempotencyId', null);
  app.addHook('preHandler', (req, reply, done) => {
    const key = req.headers['idempotency-key'];
    if ((req.method !== 'POST' && req.method !== 'PUT') || typeof key !== 'string' || !key) return done();
    req.idempotencyId = `${key}|${req.method}|${pathOf(req.url)}|${JSON.stringify(req.body ?? null)}`;
    const stored = answers.get(req.idempotencyId);
    if (!stored) return done();
    reply
      .code(stored.status)
      .header('idempotent-replayed', 'true')
      .type('application/json')
      .send(stored.payload);
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    if (
      req.idempotencyId &&
      reply.statusCode < 300 &&
      typeof payload === 'string' &&
      !answers.has(req.idempotencyId)
    ) {
      answers.set(req.idempotencyId, { status: reply.statusCode, payload });
      if (answers.size > KEEP) answers.delete(answers.keys().next().value!);
    }
    done(null, payload);
  });
}
