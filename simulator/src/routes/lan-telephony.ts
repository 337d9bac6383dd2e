import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  callForwardingRequestSchema,
  voicemailLanguageRequestSchema,
} from '@insight/common/upstream/telephony';
import { applyFault } from '../faults';
import { badRequest, device, notFound, params, pathOf, type SimContext } from './context';

/** LAN / Plume and telephony services, with the voice operations. */
export function lanTelephonyRoutes(app: FastifyInstance, ctx: SimContext): void {
  app.get('/api/fe/lan/v1/cpe/:mac', async (req, reply) => {
    const found = await device(ctx, req, reply, params(req).mac, 'lan');
    return found ? found.customer.lan : reply;
  });

  /** Resolves a subscriber by serial number; EPON callers must also give the matching host IP MTA. */
  async function subscriber(req: FastifyRequest, reply: FastifyReply, hostIpMta: string | null) {
    const serial = params(req).serialNumber!;
    if (!/^[A-Z]{4}[0-9A-F]{8}$/.test(serial)) {
      badRequest(reply, 'serial number must be 4 letters and 8 hex digits');
      return null;
    }
    const customer = ctx.store.bySerialNumber(serial);
    if (!customer) {
      notFound(reply, 'No telephony subscriber for this serial number');
      return null;
    }
    // A service that is down is down for every subscriber, with voice or not.
    if (await applyFault(req, reply, 'telephony', ctx.store.entry(customer.mac)?.fault ?? null, ctx.options))
      return null;
    if (!customer.telephony) {
      notFound(reply, 'No telephony subscriber for this serial number');
      return null;
    }
    if (customer.networkType === 'EPON' && hostIpMta !== customer.hostIpMta) {
      notFound(reply, 'EPON subscribers are found by serial number and host IP MTA');
      return null;
    }
    if (customer.networkType === 'GPON' && hostIpMta !== null) {
      notFound(reply, 'GPON subscribers are found by serial number alone');
      return null;
    }
    return customer;
  }

  app.get('/api/fe/telephony/subscriber/:serialNumber', async (req, reply) => {
    const customer = await subscriber(req, reply, null);
    return customer ? customer.telephony : reply;
  });
  app.get('/api/fe/telephony/subscriber/:serialNumber/hostIpMta/:hostIpMta', async (req, reply) => {
    const customer = await subscriber(req, reply, params(req).hostIpMta!);
    return customer ? customer.telephony : reply;
  });

  /** Voice operations (designed here; docs/requirements.md, "Upstream calls"). */
  const operation =
    (name: string, parse: (body: unknown) => { success: boolean; data?: unknown }) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      const parsed = parse(req.body ?? {});
      if (!parsed.success) return badRequest(reply, `invalid body for ${name}`);
      const { serialNumber, port: portParam } = params(req);
      const customer = ctx.store.bySerialNumber(serialNumber!);
      if (!customer?.telephony) return notFound(reply, 'No telephony subscriber for this serial number');
      const port = Number(portParam);
      if (!customer.telephony.ports.some((p) => p.port === port))
        return notFound(reply, `No voice port ${portParam}`);
      const entry = ctx.store.entry(customer.mac);
      if (await applyFault(req, reply, 'telephony', entry?.fault ?? null, ctx.options)) return reply;
      const record = ctx.records.add({
        kind: 'voice',
        mac: customer.mac,
        method: req.method,
        path: pathOf(req.url),
        body: { operation: name, port, ...(parsed.data as object) },
      });
      return reply.code(202).send({ accepted: true, operation: name, port, requestId: record.id });
    };
  const ports = '/api/fe/telephony/subscriber/:serialNumber/ports/:port';
  const empty = () => ({ success: true, data: {} });
  app.put(
    `${ports}/call-forwarding`,
    operation('callForwarding', (body) => callForwardingRequestSchema.safeParse(body)),
  );
  app.post(`${ports}/voicemail/password-reset`, operation('voicemailPasswordReset', empty));
  app.post(`${ports}/voicemail/mwi-reset`, operation('mwiReset', empty));
  app.put(
    `${ports}/voicemail/language`,
    operation('voicemailLanguage', (body) => voicemailLanguageRequestSchema.safeParse(body)),
  );
}
