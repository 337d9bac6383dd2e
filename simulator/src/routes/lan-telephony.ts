import { Router, type Request, type Response } from 'express';
import {
  callForwardingRequestSchema,
  voicemailLanguageRequestSchema,
} from '@insight/common/upstream/telephony';
import { applyFault } from '../faults';
import { badRequest, device, notFound, type SimContext } from './context';

/** LAN / Plume and telephony services, with the voice operations. */
export function lanTelephonyRoutes(ctx: SimContext): Router {
  const router = Router();

  router.get('/api/fe/lan/v1/cpe/:mac', async (req, res) => {
    const found = await device(ctx, req, res, req.params.mac, 'lan');
    if (found) res.json(found.customer.lan);
  });

  /** Resolves a subscriber by serial number; EPON callers must also give the matching host IP MTA. */
  async function subscriber(req: Request, res: Response, hostIpMta: string | null) {
    const serial = req.params.serialNumber as string;
    if (!/^[A-Z]{4}[0-9A-F]{8}$/.test(serial)) {
      badRequest(res, 'serial number must be 4 letters and 8 hex digits');
      return null;
    }
    const customer = ctx.store.bySerialNumber(serial);
    if (!customer) {
      notFound(res, 'No telephony subscriber for this serial number');
      return null;
    }
    // A service that is down is down for every subscriber, with voice or not.
    if (await applyFault(req, res, 'telephony', ctx.store.entry(customer.mac)?.fault ?? null, ctx.options))
      return null;
    if (!customer.telephony) {
      notFound(res, 'No telephony subscriber for this serial number');
      return null;
    }
    if (customer.networkType === 'EPON' && hostIpMta !== customer.hostIpMta) {
      notFound(res, 'EPON subscribers are found by serial number and host IP MTA');
      return null;
    }
    if (customer.networkType === 'GPON' && hostIpMta !== null) {
      notFound(res, 'GPON subscribers are found by serial number alone');
      return null;
    }
    return customer;
  }

  router.get('/api/fe/telephony/subscriber/:serialNumber', async (req, res) => {
    const customer = await subscriber(req, res, null);
    if (customer) res.json(customer.telephony);
  });
  router.get('/api/fe/telephony/subscriber/:serialNumber/hostIpMta/:hostIpMta', async (req, res) => {
    const customer = await subscriber(req, res, req.params.hostIpMta);
    if (customer) res.json(customer.telephony);
  });

  /** Voice operations (designed here; SPEC.md leaves their calls unshown). */
  const operation =
    (name: string, parse: (body: unknown) => { success: boolean; data?: unknown }) =>
    async (req: Request, res: Response) => {
      const parsed = parse(req.body ?? {});
      if (!parsed.success) return badRequest(res, `invalid body for ${name}`);
      const customer = ctx.store.bySerialNumber(req.params.serialNumber as string);
      if (!customer?.telephony) return notFound(res, 'No telephony subscriber for this serial number');
      const port = Number(req.params.port);
      if (!customer.telephony.ports.some((p) => p.port === port))
        return notFound(res, `No voice port ${req.params.port}`);
      const entry = ctx.store.entry(customer.mac);
      if (await applyFault(req, res, 'telephony', entry?.fault ?? null, ctx.options)) return;
      const record = ctx.records.add({
        kind: 'voice',
        mac: customer.mac,
        method: req.method,
        path: req.path,
        body: { operation: name, port, ...(parsed.data as object) },
      });
      res.status(202).json({ accepted: true, operation: name, port, requestId: record.id });
    };
  const ports = '/api/fe/telephony/subscriber/:serialNumber/ports/:port';
  const empty = () => ({ success: true, data: {} });
  router.put(
    `${ports}/call-forwarding`,
    operation('callForwarding', (body) => callForwardingRequestSchema.safeParse(body)),
  );
  router.post(`${ports}/voicemail/password-reset`, operation('voicemailPasswordReset', empty));
  router.post(`${ports}/voicemail/mwi-reset`, operation('mwiReset', empty));
  router.put(
    `${ports}/voicemail/language`,
    operation('voicemailLanguage', (body) => voicemailLanguageRequestSchema.safeParse(body)),
  );

  return router;
}
