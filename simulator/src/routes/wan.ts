import type { FastifyInstance } from 'fastify';
import { OLT_NAME, onuActionRequestSchema, type PonPortListing } from '@insight/common/upstream/wan';
import type { CatalogueCustomer } from '../catalogue/generate';
import { CUSTOMER_COUNT, customerMac, LAB_OLT, labDeviceAt, resolveMac } from '../catalogue/macs';
import { SPLIT, topologyFor } from '../catalogue/topology';
import { seedNumber } from '../config';
import { applyFault } from '../faults';
import { badRequest, device, language, notFound, params, pathOf, type SimContext } from './context';

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
  // The ONUs of one PON port (OLT management system style): /api/fe/wan/v1/pon/olt/{olt}/port/{shelf}/{slot}/{port}/onus
  app.get('/api/fe/wan/v1/pon/olt/:olt/port/:shelf/:slot/:port/onus', async (req, reply) => {
    const { olt, shelf, slot, port } = params(req);
    if (!OLT_NAME.test(olt ?? '') || ![shelf, slot, port].every((part) => /^\d{1,2}$/.test(part ?? '')))
      return badRequest(reply, 'olt must read OLT-XXX-n; shelf, slot and port 1-2 digits');
    if (await applyFault(req, reply, 'wan', null, ctx.options)) return reply;
    const listing = portListing(ctx, olt!, `${Number(shelf)}/${Number(slot)}/${Number(port)}`);
    if (!listing) return notFound(reply, `Unknown PON port ${olt} ${shelf}/${slot}/${port}`);
    // A listing whose rows are not what the contract says (for the API's validation).
    if (req.headers['x-sim-fault'] === 'garbage')
      return { ...listing, onus: [...listing.onus, { mac: 'not a mac', onuId: 'x', status: 'lost' }] };
    return listing;
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

/** The port's ONUs as the OLT sees them now (run-time measurement changes included), or null. */
export function portListing(ctx: SimContext, olt: string, port: string): PonPortListing | null {
  let customers: CatalogueCustomer[];
  let split = SPLIT;
  if (olt === LAB_OLT) {
    const mac = labDeviceAt(port);
    if (!mac) return null;
    customers = [ctx.store.get(resolveMac(mac)!)];
    split = 1;
  } else {
    const ponPort = topologyFor(seedNumber(ctx.options.seed), CUSTOMER_COUNT).port(olt, port);
    if (!ponPort) return null;
    customers = ponPort.members.map((index) => ctx.store.get(resolveMac(customerMac(index))!));
  }
  const first = customers[0]!;
  return {
    olt,
    port,
    technology: first.networkType,
    split,
    status: customers.every((c) => c.link.condition === 'card-down') ? 'down' : 'up',
    onus: customers.map((c) => {
      const online = c.state.operStatus === 1 || c.state.operStatus === 3 || c.state.operStatus === 5;
      return {
        mac: c.mac,
        serialNumber: c.serialNumber,
        onuId: c.link.onuId,
        status: online ? 'online' : 'offline',
        lastDownCause: online ? null : c.state.adminStatus === 2 ? 'adminDown' : (c.link.downCause ?? 'los'),
        rxPower: online ? c.state.rx_pwr : null,
        txPower: online ? c.state.tx_pwr : null,
        oltRxPower: online ? c.state.oltRxPower : null,
      };
    }),
  };
}
