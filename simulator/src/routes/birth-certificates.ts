import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  regenerationRequestSchema,
  smsRequestSchema,
  type BirthCertificate,
} from '@insight/common/upstream/birth-certificate';
import { parseMacParam } from '../catalogue/macs';
import { applyFault } from '../faults';
import { badRequest, device, notFound, params, pathOf, type SimContext } from './context';

const OVERLAY_LIMIT = 5000;

/** Birth certificates under {bcHost} = /bc, and the SMS gateway under /sms. */
export function birthCertificateRoutes(app: FastifyInstance, ctx: SimContext): void {
  // Regenerated certificates per MAC, layered over the catalogue's (bounded).
  const overlay = new Map<string, BirthCertificate[]>();

  const networkOf = (req: FastifyRequest, reply: FastifyReply): 'EPON' | 'GPON' | null => {
    const value = String(params(req).networkType).toUpperCase();
    if (value === 'EPON' || value === 'GPON') return value;
    badRequest(reply, 'network type must be epon or gpon');
    return null;
  };
  const certificatesOf = (mac: string, base: BirthCertificate[]) => {
    const extra = overlay.get(mac) ?? [];
    return [...base.filter((bc) => !extra.some((e) => e.id === bc.id)), ...extra];
  };

  app.get('/bc/:networkType/bc/bu/:prefix/onumac/:mac/all', async (req, reply) => {
    const network = networkOf(req, reply);
    if (!network) return reply;
    const found = await device(ctx, req, reply, params(req).mac, 'bc');
    if (!found) return reply;
    if (found.customer.networkType !== network)
      return notFound(reply, `Device is ${found.customer.networkType}, not ${network}`);
    if (params(req).prefix !== found.customer.details.networkGroup.slice(0, 2))
      return notFound(reply, 'Wrong business unit prefix');
    const list = certificatesOf(found.customer.mac, found.customer.birthCertificates);
    if (list.length === 0) return notFound(reply, 'No birth certificate for this device');
    return list;
  });

  const regenerate = async (req: FastifyRequest, reply: FastifyReply) => {
    const network = networkOf(req, reply);
    if (!network) return reply;
    const parsed = regenerationRequestSchema.safeParse(req.body);
    if (!parsed.success)
      return badRequest(
        reply,
        'body must be { cmts: "", requestDetails: [{ macAddress, techName: "INSIGHT_UI", jobType: "REGENERATION", bcEpicoDevices }] }',
      );
    const detail = parsed.data.requestDetails[0]!;
    const found = await device(ctx, req, reply, detail.macAddress, 'bc');
    if (!found) return reply;
    const { customer } = found;
    const existing = certificatesOf(customer.mac, customer.birthCertificates).sort((a, b) =>
      b.ts.localeCompare(a.ts),
    );
    const latest = existing[0];
    const record = ctx.records.add({
      kind: 'bc',
      mac: customer.mac,
      method: req.method,
      path: pathOf(req.url),
      body: parsed.data,
    });
    const now = new Date().toISOString();
    const template = latest ?? customer.birthCertificates[0];
    // PUT starts a new certificate; POST refreshes the latest one in place (same id).
    const id = req.method === 'POST' && latest ? latest.id : `bc-${customer.mac}-r${record.id.slice(4)}`;
    const certificate: BirthCertificate = {
      id,
      ts: now,
      mac: customer.mac,
      created: now,
      source: 'INSIGHT_UI',
      results: template?.results ?? {
        overall: 'pass',
        modem: 'pass',
        wifi: customer.lan.pods.length > 0 ? 'pass' : 'n/a',
      },
      woId: template?.woId ?? null,
      referral: template?.referral ?? null,
      openSync: template?.openSync ?? false,
      customerType: customer.account.customerAccountType === 'RES' ? 'Residential' : 'Business',
      extenderPodsRequired: customer.lan.pods.length,
      ethernetInstalled: template?.ethernetInstalled ?? false,
      techId: template?.techId ?? 'INSIGHT',
      regenerated: true,
      regeneratedBy: detail.techName,
      power: { tx: customer.state.tx_pwr, rx: customer.state.rx_pwr },
      oltReceivePower: customer.state.oltRxPower,
      rssi: template?.rssi ?? null,
      bandsteering: template?.bandsteering ?? true,
      servicesAdded: detail.servicesAdded ?? template?.servicesAdded ?? ['INTERNET'],
      bcEpicoDevices: detail.bcEpicoDevices,
    };
    const list = (overlay.get(customer.mac) ?? []).filter((bc) => bc.id !== id);
    overlay.set(customer.mac, [...list, certificate]);
    if (overlay.size > OVERLAY_LIMIT) overlay.delete(overlay.keys().next().value!);
    return reply.code(req.method === 'PUT' ? 201 : 200).send(certificate);
  };
  app.put('/bc/:networkType/bc/bu/:prefix', regenerate);
  app.post('/bc/:networkType/bc/bu/:prefix', regenerate);

  app.post('/sms/v1/messages', async (req, reply) => {
    const parsed = smsRequestSchema.safeParse(req.body);
    if (!parsed.success) return badRequest(reply, 'body must be { to: 10 digits, body: text, mac }');
    const mac = parseMacParam(parsed.data.mac);
    if (!mac) return badRequest(reply, 'mac must be 12 hexadecimal digits');
    if (await applyFault(req, reply, 'sms', null, ctx.options)) return reply;
    const record = ctx.records.add({
      kind: 'sms',
      mac,
      method: 'POST',
      path: pathOf(req.url),
      body: parsed.data,
    });
    return reply.code(202).send({ id: record.id, status: 'queued' });
  });
}
