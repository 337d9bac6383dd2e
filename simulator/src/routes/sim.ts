import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { gradeMetric } from '@insight/common/grading';
import {
  BC_AGE_HOURS,
  bcAgeMac,
  CUSTOMER_COUNT,
  customerMac,
  faultMac,
  FAULTS,
  resolveMac,
  type FaultName,
} from '../catalogue/macs';
import type { CatalogueCustomer } from '../catalogue/generate';
import { generateCustomer } from '../catalogue/generate';
import { runtimeConfigSchema, seedNumber, type RuntimeConfig } from '../config';
import { FAULT_DESCRIPTIONS } from '../faults';
import { HISTORY_SCENARIOS, SCENARIO_DESCRIPTIONS, SCENARIOS } from '../catalogue/scenarios';
import { parseMacParam, scenarioMac } from '../catalogue/macs';
import type { LinkCondition } from '../catalogue/generators/optics';
import { badRequest, params, query as queryOf, type SimContext } from './context';

export interface CatalogueItem {
  mac: string;
  kinds: string[];
  networkType: 'EPON' | 'GPON';
  province: 'ON' | 'QC';
  serialNumber: string;
  hostIpMta: string | null;
  customerAccountNumber: string;
  /** The ONU's OLT and PON port (shelf/slot/port). */
  olt: string;
  port: string;
  description?: string;
}

const LINK_KINDS: Record<LinkCondition, string> = {
  healthy: 'link-healthy',
  feeder: 'port-feeder',
  'branch-dark': 'port-branch-dark',
  'branch-lit': 'port-branch-lit',
  'bad-drop': 'bad-drop',
  'card-down': 'olt-card-down',
  'dying-gasp': 'dying-gasp',
  'dirty-connector': 'dirty-connector',
  'drop-cut': 'drop-cut',
  'admin-down': 'admin-down',
};

/** The kinds a catalogue customer exercises, for GET /_sim/catalogue?kind=… */
function kindsOf(customer: CatalogueCustomer): string[] {
  const kinds: string[] = [customer.networkType.toLowerCase(), customer.province.toLowerCase()];
  const ports = customer.telephony?.ports.length ?? 0;
  kinds.push(ports > 0 ? 'voice' : 'no-voice');
  if (customer.lan.pods.length > 0) kinds.push('pods');
  if (customer.lan.pods.length >= 4) kinds.push('many-pods');
  if (customer.lan.clients.length >= 30) kinds.push('many-clients');
  if (customer.birthCertificates.length === 0) kinds.push('no-bc');
  if (customer.billingAccounts.length > 1) kinds.push('multi-billing');
  if (!customer.billingAccounts.some((b) => b.accountStatus === 'ACTIVE')) kinds.push('no-active-billing');
  if (!customer.account.contactList.some((c) => !c.isPrimaryContact)) kinds.push('single-contact');
  if (customer.firmware.score === 1) kinds.push('firmware-wrong');
  if (customer.firmware.score === -1) kinds.push('firmware-none');
  // A dark ONU has no reading (the -40 dBm floor): it is down, not low.
  const grade = gradeMetric(customer.networkType, 'rxPower', customer.state.rx_pwr).grade;
  if (customer.state.operStatus !== 1) kinds.push('onu-down');
  else kinds.push(grade === 'fail' ? 'power-fail' : grade === 'warn' ? 'power-warn' : 'power-pass');
  // What is wrong with the link (docs/simulated-network.md): port-feeder, port-branch-dark, bad-drop, …
  kinds.push(LINK_KINDS[customer.link.condition]);
  return kinds;
}

const catalogueQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(20),
  offset: z.coerce.number().int().min(0).default(0),
  kind: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/)
    .optional(),
});

const measurementSchema = z
  .object({
    rxPower: z.number().min(-60).max(10),
    txPower: z.number().min(-20).max(20),
    oltRxPower: z.number().min(-60).max(10),
    operStatus: z.number().int().min(1).max(7),
    plumeHealth: z.number().int().min(0).max(100),
    clientRssi: z.number().int().min(-100).max(0),
  })
  .partial()
  .strict();

/** The simulator's own endpoints: health, catalogue, runtime config, records. */
export function simRoutes(
  app: FastifyInstance,
  ctx: SimContext,
  config: { get(): RuntimeConfig; set(value: RuntimeConfig): void },
): void {
  let summary: CatalogueItem[] | null = null;

  function buildSummary(): CatalogueItem[] {
    const seed = seedNumber(ctx.options.seed);
    const item = (customer: CatalogueCustomer, kinds: string[], description?: string): CatalogueItem => ({
      mac: customer.mac,
      kinds,
      networkType: customer.networkType,
      province: customer.province,
      serialNumber: customer.serialNumber,
      hostIpMta: customer.hostIpMta,
      customerAccountNumber: customer.account.customerAccountNumber,
      olt: customer.link.olt,
      port: customer.link.port,
      ...(description ? { description } : {}),
    });
    const items: CatalogueItem[] = [];
    for (let index = 0; index < CUSTOMER_COUNT; index++) {
      // Generated without the LRU so that listing does not evict the working set.
      const customer = generateCustomer(seed, resolveMac(customerMac(index))!, ctx.options.epoch);
      items.push(item(customer, kindsOf(customer)));
    }
    for (const fault of Object.keys(FAULTS) as FaultName[]) {
      const customer = generateCustomer(seed, resolveMac(faultMac(fault))!, ctx.options.epoch);
      items.push(
        item(customer, ['fault', `fault-${fault}`, ...kindsOf(customer)], FAULT_DESCRIPTIONS[fault]),
      );
    }
    for (const hours of BC_AGE_HOURS) {
      const customer = generateCustomer(seed, resolveMac(bcAgeMac(hours))!, ctx.options.epoch);
      items.push(
        item(
          customer,
          [`bc-${hours}h`, ...kindsOf(customer).filter((k) => k !== 'no-bc')],
          `only birth certificate is ${hours} hours old`,
        ),
      );
    }
    for (const scenario of SCENARIOS) {
      const customer = generateCustomer(seed, resolveMac(scenarioMac(scenario))!, ctx.options.epoch);
      items.push(
        item(
          customer,
          [
            'diagnosis',
            `dx-${scenario}`,
            ...(HISTORY_SCENARIOS.includes(scenario) ? [scenario] : []),
            customer.networkType.toLowerCase(),
          ],
          SCENARIO_DESCRIPTIONS[scenario],
        ),
      );
    }
    return items;
  }

  app.get('/_sim/health', async () => ({ status: 'ok', customers: CUSTOMER_COUNT, seed: ctx.options.seed }));

  // Memory figures for benchmarks; collects garbage first when the process runs with --expose-gc.
  app.get('/_sim/memory', async () => {
    (globalThis as { gc?: () => void }).gc?.();
    const usage = process.memoryUsage();
    return { rssMb: usage.rss / 2 ** 20, heapUsedMb: usage.heapUsed / 2 ** 20 };
  });

  // The process's CPU time so far (benchmarks take differences to report CPU per request).
  app.get('/_sim/cpu', async () => {
    const { user, system } = process.cpuUsage();
    return { userMicros: user, systemMicros: system };
  });

  // Generates a device into the catalogue cache without any latency (benchmarks warm up with it).
  app.get('/_sim/warm/:mac', async (req, reply) => {
    const entry = ctx.store.entry(params(req).mac!.toUpperCase());
    if (!entry) return badRequest(reply, 'unknown MAC');
    ctx.store.get(entry);
    return reply.code(204).send();
  });

  app.get('/_sim/catalogue', async (req, reply) => {
    const query = catalogueQuery.safeParse(req.query);
    if (!query.success)
      return badRequest(reply, 'limit 1-1000, offset ≥ 0, kind in lower-case letters, digits and dashes');
    summary ??= buildSummary();
    const matching = query.data.kind
      ? summary.filter((item) => item.kinds.includes(query.data.kind!))
      : summary;
    const kinds = [...new Set(summary.flatMap((item) => item.kinds))].sort();
    return {
      total: matching.length,
      kinds,
      items: matching.slice(query.data.offset, query.data.offset + query.data.limit),
    };
  });

  // A device's measurements changed at run time (tests change a device between two looks).
  app.put('/_sim/devices/:mac/measurements', async (req, reply) => {
    const mac = parseMacParam(params(req).mac ?? '');
    if (!mac || !ctx.store.entry(mac)) return badRequest(reply, 'unknown MAC');
    const parsed = measurementSchema.safeParse(req.body);
    if (!parsed.success)
      return badRequest(
        reply,
        'rxPower, txPower, oltRxPower, clientRssi: numbers; operStatus 1-7; plumeHealth 0-100',
      );
    return { mac, measurements: ctx.store.override(mac, parsed.data) };
  });
  app.delete('/_sim/devices/:mac/measurements', async (req, reply) => {
    const mac = parseMacParam(params(req).mac ?? '');
    if (!mac) return badRequest(reply, 'unknown MAC');
    ctx.store.override(mac, null);
    return reply.code(204).send();
  });

  app.get('/_sim/config', async () => config.get());
  app.put('/_sim/config', async (req, reply) => {
    const parsed = runtimeConfigSchema.partial().safeParse(req.body);
    if (!parsed.success) return badRequest(reply, 'latencyMs, jitterMs: 0-60000 ms; errorRate: 0-1');
    config.set({ ...config.get(), ...parsed.data });
    return config.get();
  });

  app.get('/_sim/records', async (req) => {
    const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
    const query = queryOf(req);
    return ctx.records.list({
      kind: str(query.kind),
      mac: str(query.mac)?.toUpperCase(),
      to: str(query.to),
    });
  });
  app.delete('/_sim/records', async (_req, reply) => {
    ctx.records.clear();
    return reply.code(204).send();
  });
}
