/**
 * A CRM standing in for the ones Insight notifies of outages (docs/outages.md, "Notifications"):
 * `POST /_sim/crm/outages` verifies each notification as docs/outages.md tells a CRM to (the HMAC-SHA256 of
 * `<timestamp>.<raw body>` with the shared secret, a timestamp within 5 minutes) and keeps it in the
 * records (`GET /_sim/records?kind=crm`). `npm start` seeds a CRM webhook pointing here.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NOTIFICATION_HEADERS, outageNotificationSchema } from '@insight/common/crm-webhooks';
import { badRequest, pathOf, type SimContext } from '../routes/context';

export const CRM_PATH = '/_sim/crm/outages';
/** A notification signed longer ago than this is a replay. */
const TOLERANCE_S = 300;

/** The request's body as it came (kept by the server's JSON parser): what the signature covers. */
export const rawBodyOf = (req: FastifyRequest) =>
  (req as FastifyRequest & { rawBody?: string }).rawBody ?? '';

/** Whether the headers sign the raw body with the secret, at a time within the tolerance. */
export function verified(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  raw: string,
  nowSeconds: number,
): boolean {
  const timestamp = Number(headers[NOTIFICATION_HEADERS.timestamp]);
  if (!Number.isFinite(timestamp) || Math.abs(nowSeconds - timestamp) > TOLERANCE_S) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest();
  const given = Buffer.from(
    String(headers[NOTIFICATION_HEADERS.signature] ?? '').replace(/^sha256=/, ''),
    'hex',
  );
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function crmRoutes(app: FastifyInstance, ctx: SimContext): void {
  app.post(CRM_PATH, async (req, reply) => {
    if (!verified(ctx.options.crmSecret, req.headers, rawBodyOf(req), Date.now() / 1000))
      return reply.code(401).send({ error: 'unauthorized', message: 'Signature or timestamp refused' });
    const notification = outageNotificationSchema.safeParse(req.body);
    if (!notification.success) return badRequest(reply, 'Not an outage notification');
    ctx.records.add({
      kind: 'crm',
      mac: null,
      method: 'POST',
      path: pathOf(req.url),
      body: { delivery: req.headers[NOTIFICATION_HEADERS.delivery] ?? null, ...notification.data },
    });
    return reply.code(204).send();
  });
}
