import { Router } from 'express';
import { onuActionRequestSchema } from '@insight/common/upstream/wan';
import { badRequest, device, language, type SimContext } from './context';

const PROVISIONING_MESSAGES = {
  provisioned: { en: 'All services are provisioned.', fr: 'Tous les services sont provisionnés.' },
  pending: { en: 'Provisioning is in progress.', fr: 'Le provisionnement est en cours.' },
  failed: {
    en: 'Provisioning failed; see the failing steps.',
    fr: 'Le provisionnement a échoué; voir les étapes en échec.',
  },
} as const;

/** WAN PON ONU services: /api/fe/wan/v1/pon/onu/{mac}/… */
export function wanRoutes(ctx: SimContext): Router {
  const router = Router();
  const base = '/api/fe/wan/v1/pon/onu/:mac';

  router.get(`${base}/details`, async (req, res) => {
    const found = await device(ctx, req, res, req.params.mac, 'wan');
    if (found) res.json(found.customer.details);
  });
  router.get(`${base}/state`, async (req, res) => {
    const found = await device(ctx, req, res, req.params.mac, 'wan');
    if (found) res.json(found.customer.state);
  });
  router.get(`${base}/firmware`, async (req, res) => {
    const found = await device(ctx, req, res, req.params.mac, 'wan');
    if (found) res.json(found.customer.firmware);
  });
  router.get(`${base}/registration`, async (req, res) => {
    const found = await device(ctx, req, res, req.params.mac, 'wan');
    if (found) res.json(found.customer.registration);
  });
  router.get(`${base}/provisioning/status`, async (req, res) => {
    const lang = language(req, res);
    if (!lang) return;
    const found = await device(ctx, req, res, req.params.mac, 'wan');
    if (!found) return;
    const { status, steps } = found.customer.provisioning;
    res.json({ status, message: PROVISIONING_MESSAGES[status][lang], steps });
  });
  router.post(`${base}/action`, async (req, res) => {
    const parsed = onuActionRequestSchema.safeParse(req.body);
    if (!parsed.success) return badRequest(res, 'body must be { "action": "reset" }');
    const found = await device(ctx, req, res, req.params.mac, 'wan');
    if (!found) return;
    const record = ctx.records.add({
      kind: 'reset',
      mac: found.customer.mac,
      method: 'POST',
      path: req.path,
      body: parsed.data,
    });
    res.status(202).json({ accepted: true, action: 'reset', requestId: record.id });
  });
  return router;
}
