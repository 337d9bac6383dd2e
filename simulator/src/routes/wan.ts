import type { FastifyInstance } from 'fastify';
import { onuActionRequestSchema } from '@insight/common/upstream/wan';
import { badRequest, device, language, params, pathOf, type SimContext } from './context';

const PROVISIONING_MESSAGES = {
  provisioned: { en: 'All services are provisioned.', fr: 'Tous les services sont provisionnés.' },
  pending: { en: 'Provisioning is in progress.', fr: 'Le provisionnement est en cours.' },
  failed: {
    en: 'Provisioning failed; see the failing steps.',
    fr: 'Le provisionnement a échoué; voir les étapes en échec.',
  },
} as const;

/** WAN PON ONU services: /api/fe/wan/v1/pon/onu/{mac}/… */
export function wanRoutes(app: FastifyInstance, ctx: SimContext): void {
  const base = '/api/fe/wan/v1/pon/onu/:mac';

  // The four read calls that answer the device's own record as it is.
  for (const call of ['details', 'state', 'firmware', 'registration'] as const) {
    app.get(`${base}/${call}`, async (req, reply) => {
      const found = await device(ctx, req, reply, params(req).mac, 'wan');
      return found ? found.customer[call] : reply;
    });
  }
  app.get(`${base}/provisioning/status`, async (req, reply) => {
    const lang = language(req, reply);
    if (!lang) return reply;
    const found = await device(ctx, req, reply, params(req).mac, 'wan');
    if (!found) return reply;
    const { status, steps } = found.customer.provisioning;
    return { status, message: PROVISIONING_MESSAGES[status][lang], steps };
  });
  app.post(`${base}/action`, async (req, reply) => {
    const parsed = onuActionRequestSchema.safeParse(req.body);
    if (!parsed.success) return badRequest(reply, 'body must be { "action": "reset" }');
    const found = await device(ctx, req, reply, params(req).mac, 'wan');
    if (!found) return reply;
    const record = ctx.records.add({
      kind: 'reset',
      mac: found.customer.mac,
      method: 'POST',
      path: pathOf(req.url),
      body: parsed.data,
    });
    return reply.code(202).send({ accepted: true, action: 'reset', requestId: record.id });
  });
}
